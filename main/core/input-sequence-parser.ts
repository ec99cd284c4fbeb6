// DESIGN §2: a double press is two presses in a row. Any key the user presses between two
// Ctrl+C ends the double press; what else travels on the input stream — a terminal's
// replies to a program's queries, focus and mouse reports, kitty key releases — does not, however
// the reads split it. DESIGN §3: every Ctrl+C press is taken out of the stream as a press.
import { BEL, CAN, CTRL_C, ESC, SUB } from './control-chars';
import { isKeySequence, type Csi } from './input-sequence-kinds';
import { ctrlCPressAt } from './kitty-keyboard';

/** What a feed of input holds, in order. */
export type InputEvent =
  /** bytes for the program; `typed` when they hold a key press (text, a key, a paste) */
  | { kind: 'text'; text: string; typed: boolean }
  /** a Ctrl+C press in any encoding, taken out of the stream (never inside a paste) */
  | { kind: 'ctrl-c' };

/** Longer than any key's CSI sequence (a kitty key event with its text); longer is not a key we know. */
const CSI_MAX_CHARS = 256;
/**
 * Room for the longest reply a terminal sends (an OSC 52 clipboard reply of a large selection);
 * past it what follows counts as typed again, so a string that never ends cannot hide keys forever.
 */
const STRING_MAX_CHARS = 1_048_576;
const PASTE_START = '200';
const PASTE_END = '\x1b[201~';
/** X10 mouse: `CSI M` and three raw bytes */
const X10_MOUSE_BYTES = 3;

type State = 'ground' | 'escape' | 'csi' | 'ss3' | 'string' | 'string-escape' | 'x10' | 'paste';

/**
 * A stateful parser of what the outer terminal (or the page's xterm) sends: it keeps its state
 * across reads, so a reply split anywhere is still a reply. Bytes go on at once, with one
 * exception: a chunk that ends inside a CSI or SS3 sequence holds that part (it may be a Ctrl+C
 * in the kitty or modifyOtherKeys encoding) until the next feed or `flush()`. A lone ESC at the
 * end of a read is never held — the Escape key must not wait; what follows it decides whether
 * it was a key.
 */
export class InputSequenceParser {
  private state: State = 'ground';
  /** the current CSI/SS3 sequence's text read so far and not sent yet (a read ended inside it) */
  private pending = '';
  private params = '';
  private intermediates = '';
  private stringChars = 0;
  private x10Left = 0;
  private pasteMatched = 0;
  /** the current sequence's ESC went out alone at the end of a read: its class is still open */
  private escapeDelivered = false;
  private events: InputEvent[] = [];

  /** @param splitPresses take Ctrl+C presses out (hosts that find presses in the input) */
  constructor(private readonly splitPresses = true) {}

  feed(input: string): InputEvent[] {
    this.events = [];
    // where the undelivered part of the current sequence starts; 0 for one begun in an earlier read
    let from = 0;
    let i = 0;
    while (i < input.length) {
      const ch = input.charAt(i);
      switch (this.state) {
        case 'ground': {
          if (ch === ESC) {
            this.state = 'escape';
            from = i;
            i++;
            break;
          }
          if (ch === CTRL_C && this.splitPresses) {
            this.events.push({ kind: 'ctrl-c' });
            i++;
            break;
          }
          let end = i + 1;
          while (end < input.length && input[end] !== ESC && !(this.splitPresses && input[end] === CTRL_C)) end++;
          this.emit(input.slice(i, end), true);
          i = end;
          break;
        }
        case 'escape':
          i = this.afterEscape(input, i, from);
          if (this.current === 'ground') from = i;
          break;
        case 'csi':
          i = this.inCsi(input, i, from);
          if (this.current !== 'csi') from = i;
          break;
        case 'ss3':
          // ESC O and one more byte: F1–F4, keypad and cursor keys in application mode
          if (ch >= ' ' && ch <= '~') {
            this.complete(input, from, i + 1, true);
            i++;
          } else {
            this.complete(input, from, i, true); // Alt+Shift+O, then a control key
          }
          from = i;
          break;
        case 'string':
          i = this.inString(input, i, from);
          if (this.current !== 'string' && this.current !== 'string-escape') from = i;
          break;
        case 'string-escape':
          if (ch === '\\') {
            this.complete(input, from, i + 1, false);
            i++;
            from = i;
          } else {
            // an ESC that is not ST ends the string and starts a new sequence
            this.complete(input, from, i - 1 < from ? from : i - 1, false);
            this.escapeDelivered = i === 0;
            this.state = 'escape';
            from = i === 0 ? 0 : i - 1;
          }
          break;
        case 'x10':
          i++;
          if (--this.x10Left === 0) {
            this.complete(input, from, i, false);
            from = i;
          }
          break;
        case 'paste':
          i = this.inPaste(input, i);
          from = i;
          break;
      }
    }
    this.endOfInput(input, from);
    return this.events;
  }

  /** No more bytes came in time: what was held goes on; its sequence continues in the next feed. */
  flush(): InputEvent[] {
    if (this.pending === '') return [];
    const events: InputEvent[] = [{ kind: 'text', text: this.pending, typed: false }];
    this.pending = '';
    this.escapeDelivered = true;
    return events;
  }

  /** the state after a step that may have changed it */
  private get current(): State {
    return this.state;
  }

  get holding(): boolean {
    return this.pending !== '';
  }

  private afterEscape(input: string, i: number, from: number): number {
    const ch = input.charAt(i);
    if (ch === '[') {
      this.state = 'csi';
      this.params = '';
      this.intermediates = '';
      return i + 1;
    }
    if (ch === 'O') {
      this.state = 'ss3';
      return i + 1;
    }
    if (ch === ']' || ch === 'P' || ch === '_' || ch === '^' || ch === 'X') {
      // OSC, DCS, APC, PM, SOS: strings only terminals send
      this.state = 'string';
      this.stringChars = 0;
      return i + 1;
    }
    if (ch < ' ' || ch === '\x7f') {
      // the Escape key, then a control key (or another ESC) of its own
      this.complete(input, from, i, true);
      return i;
    }
    this.complete(input, from, i + 1, true); // Alt+key
    return i + 1;
  }

  private inCsi(input: string, i: number, from: number): number {
    const code = input.charCodeAt(i);
    if (this.params.length + this.intermediates.length >= CSI_MAX_CHARS) {
      this.complete(input, from, i, true); // not a key we know: counted as typed
      return i;
    }
    if (code >= 0x30 && code <= 0x3f && this.intermediates === '') {
      this.params += input.charAt(i);
      return i + 1;
    }
    if (code >= 0x20 && code <= 0x2f) {
      this.intermediates += input.charAt(i);
      return i + 1;
    }
    if (code >= 0x40 && code <= 0x7e) {
      const csi: Csi = { params: this.params, intermediates: this.intermediates, final: input.charAt(i) };
      this.completeCsi(input, from, i + 1, csi);
      return i + 1;
    }
    this.complete(input, from, i, true); // cut short by a control key: what came is typed
    return i;
  }

  private completeCsi(input: string, from: number, end: number, csi: Csi): void {
    const encoded = `${ESC}[${csi.params}${csi.intermediates}${csi.final}`;
    if (this.splitPresses && ctrlCPressAt(encoded, 0) === encoded.length) {
      // a Ctrl+C whose ESC already went on alone: the press counts, the rest is not sent
      this.state = 'ground';
      this.escapeDelivered = false;
      this.pending = '';
      this.events.push({ kind: 'ctrl-c' });
      return;
    }
    if (csi.final === 'M' && csi.params === '' && csi.intermediates === '') {
      this.state = 'x10';
      this.x10Left = X10_MOUSE_BYTES;
      this.escapeDelivered = false;
      this.emit(this.takePending() + input.slice(from, end), false);
      return;
    }
    const typed = isKeySequence(csi);
    this.complete(input, from, end, typed);
    if (csi.final === '~' && csi.params === PASTE_START && csi.intermediates === '') {
      this.state = 'paste';
      this.pasteMatched = 0;
    }
  }

  private inString(input: string, i: number, from: number): number {
    const ch = input.charAt(i);
    if (ch === BEL || ch === CAN || ch === SUB) {
      this.complete(input, from, i + 1, false);
      return i + 1;
    }
    if (ch === ESC) {
      this.state = 'string-escape';
      return i + 1;
    }
    if (ch < ' ' || ++this.stringChars > STRING_MAX_CHARS) {
      // a control key (Enter, Ctrl+C) never belongs to a reply: the string was not one
      this.complete(input, from, i, false);
      return i;
    }
    return i + 1;
  }

  private inPaste(input: string, i: number): number {
    let end = i;
    while (end < input.length) {
      const ch = input.charAt(end++);
      this.pasteMatched = ch === PASTE_END.charAt(this.pasteMatched) ? this.pasteMatched + 1 : ch === ESC ? 1 : 0;
      if (this.pasteMatched === PASTE_END.length) {
        this.state = 'ground';
        break;
      }
    }
    this.emit(input.slice(i, end), true);
    return end;
  }

  /** A sequence ended at `end` (exclusive): its undelivered part goes on, marked by its class. */
  private complete(input: string, from: number, end: number, typed: boolean): void {
    this.state = 'ground';
    const delivered = this.escapeDelivered;
    this.escapeDelivered = false;
    const text = this.takePending() + input.slice(from, end);
    if (text !== '') this.emit(text, typed);
    else if (typed && delivered) this.emit('', true); // the lone ESC sent earlier was the Escape key
  }

  private takePending(): string {
    const pending = this.pending;
    this.pending = '';
    return pending;
  }

  private endOfInput(input: string, from: number): void {
    if (from >= input.length || this.state === 'ground' || this.state === 'paste') return;
    const rest = this.takePending() + input.slice(from);
    if ((this.state === 'csi' || this.state === 'ss3') && rest.length <= CSI_MAX_CHARS) {
      this.pending = rest; // sent once the sequence ends, or at flush()
      return;
    }
    // a lone ESC or a string in progress: sent as it is, its class decided by what follows
    this.emit(rest, false);
    this.escapeDelivered = true;
  }

  private emit(text: string, typed: boolean): void {
    const last = this.events[this.events.length - 1];
    if (last?.kind === 'text' && last.typed === typed) last.text += text;
    else this.events.push({ kind: 'text', text, typed });
  }
}
