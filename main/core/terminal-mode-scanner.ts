import { CAN, ESC } from './control-chars';
import { KittyKeyboardStacks } from './kitty-keyboard';

/** CAN: aborts whatever escape or string sequence a terminal is in the middle of. */
export const CANCEL_SEQUENCE = CAN;

const CSI = `${ESC}[`;

/** Final bytes of the CSIs the scanner follows: DEC modes (h, l), kitty keyboard (u), cursor shape (q). */
const TRACKED_CSI_FINALS: readonly number[] = [0x68, 0x6c, 0x75, 0x71];
/** ...and, only after a `>`, m: xterm's key modifier resources (`CSI > 4 ; 2 m`, modifyOtherKeys). */
const SGR_FINAL = 0x6d;
const GREATER_THAN = 0x3e;
/** The resource of `CSI > Pp ; Pv m` that makes Ctrl+C itself arrive as `CSI 27 ; 5 ; 99 ~`. */
const MODIFY_OTHER_KEYS = 4;
/**
 * In the ground state, the next character that may change something: a C1 introducer, or an
 * ESC that does not begin a whole CSI with an untracked final (0x40-0x7e but TRACKED_CSI_FINALS)
 * and no leading `>`.
 * Colored output is text and SGRs up to a chunk's cut, and one native scan skips all of it with
 * no match object per sequence (docs/benchmarks.md#output-parsing-in-the-host).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const STEP_FROM = /[\x80-\x9f]|\x1b(?!\[(?:[\x20-\x3d\x3f][\x20-\x3f]*)?[\x40-\x67\x69-\x6b\x6d-\x70\x72-\x74\x76-\x7e])/g;
/** DEC private modes that switch to the alternate screen (1049 also saves the cursor). */
const ALT_SCREEN_MODES: readonly number[] = [1049, 1047, 47];
const BRACKETED_PASTE = 2004;
const FOCUS_EVENTS = 1004;
const CURSOR_VISIBLE = 25;
/**
 * Synchronized output (a TUI's frame between CSI ?2026h and l): left on, the terminal shows
 * nothing more until its own timeout.
 */
const SYNCHRONIZED_OUTPUT = 2026;
/** DECCKM: arrows send ESC O A, not ESC [ A (a program's smkx turns it on, with DECKPAM). */
const APPLICATION_CURSOR_KEYS = 1;
/** ESC = (DECKPAM) and ESC > (DECKPNM): the keypad sends application sequences, or digits again. */
const KEYPAD_APPLICATION = 0x3d;
const KEYPAD_NUMERIC = 0x3e;
/** Mouse tracking (9, 1000-1003) and report encodings (1005, 1006, 1015, 1016). */
export const MOUSE_MODES: readonly number[] = [9, 1000, 1001, 1002, 1003, 1005, 1006, 1015, 1016];

/** Modes kept in a set and turned off by resetSequence(), in that order. */
const RESETTABLE_MODES: readonly number[] = [SYNCHRONIZED_OUTPUT, BRACKETED_PASTE, FOCUS_EVENTS, APPLICATION_CURSOR_KEYS, ...MOUSE_MODES];

const decReset = (mode: number): string => `${CSI}?${mode}l`;

/** Longer CSI bodies are not mode changes we track: they are scanned to their end, not kept. */
const MAX_CSI_CHARS = 64;

const enum State {
  Ground,
  Escape,
  EscapeIntermediate,
  Csi,
  /** OSC, DCS, APC, PM or SOS body */
  StringBody,
  /** ESC inside a string: ST if a backslash follows, otherwise the start of a new sequence */
  StringEscape,
}

/**
 * Follows a pty's output stream just enough to know which terminal modes the program left on
 * and whether the stream stops inside an unfinished sequence (DESIGN §5, §6). It works on
 * characters of any chunking, so a sequence split anywhere is still seen whole. 8-bit C1
 * introducers (U+009B CSI, U+009D OSC, ...) are honoured as xterm.js does.
 */
export class TerminalModeScanner {
  private state = State.Ground;
  private csiBody = '';
  /** false once the CSI holds something no mode change can contain; it is then scanned, not kept */
  private csiKept = true;
  private stringIsOsc = false;
  private altScreenMode: number | undefined;
  private readonly decModes = new Set<number>();
  private cursorHidden = false;
  private cursorShaped = false;
  private applicationKeypad = false;
  private modifyOtherKeys = false;
  private readonly kitty = new KittyKeyboardStacks();

  get alternateScreen(): boolean {
    return this.altScreenMode !== undefined;
  }

  get inUnterminatedSequence(): boolean {
    return this.state !== State.Ground;
  }

  get activeModes(): ReadonlySet<string> {
    const modes = new Set<string>();
    if (this.alternateScreen) modes.add('alt-screen');
    if (this.decModes.has(BRACKETED_PASTE)) modes.add('bracketed-paste');
    if (this.decModes.has(FOCUS_EVENTS)) modes.add('focus');
    if (this.decModes.has(SYNCHRONIZED_OUTPUT)) modes.add('synchronized-output');
    if (this.decModes.has(APPLICATION_CURSOR_KEYS)) modes.add('application-cursor-keys');
    if (this.applicationKeypad) modes.add('application-keypad');
    if (this.modifyOtherKeys) modes.add('modify-other-keys');
    for (const mode of MOUSE_MODES) if (this.decModes.has(mode)) modes.add(`mouse-${mode}`);
    if (this.kitty.active) modes.add('kitty-keyboard');
    if (this.cursorHidden) modes.add('cursor-hidden');
    if (this.cursorShaped) modes.add('cursor-shape');
    return modes;
  }

  /**
   * Turns off exactly the modes that are on, in an order that works: kitty flags are popped on
   * the screen that pushed them, before leaving it. Starts with CAN when the stream is cut inside
   * a sequence, so the reset is not read as part of it. Empty when nothing needs resetting.
   */
  resetSequence(): string {
    let out = this.inUnterminatedSequence ? CANCEL_SEQUENCE : '';
    if (this.altScreenMode !== undefined) {
      out += this.kitty.resetSequence('alternate') + decReset(this.altScreenMode);
    }
    out += this.kitty.resetSequence('main');
    for (const mode of RESETTABLE_MODES) if (this.decModes.has(mode)) out += decReset(mode);
    if (this.applicationKeypad) out += `${ESC}${String.fromCharCode(KEYPAD_NUMERIC)}`;
    if (this.modifyOtherKeys) out += `${CSI}>${MODIFY_OTHER_KEYS};m`;
    if (this.cursorShaped) out += `${CSI}0 q`;
    if (this.cursorHidden) out += `${CSI}?${CURSOR_VISIBLE}h`;
    return out;
  }

  feed(output: string): void {
    for (let i = 0; i < output.length; i++) {
      if (this.state === State.Ground) {
        STEP_FROM.lastIndex = i;
        const next = STEP_FROM.exec(output);
        if (!next) return;
        i = next.index;
      } else if (this.state === State.Csi) {
        // a CSI's parameters are taken as one run, not char by char
        i = this.csiParameters(output, i);
        if (i === output.length) return;
      }
      this.step(output.charCodeAt(i));
    }
  }

  /** Takes the run of parameter and intermediate bytes from `from`; returns where it ends. */
  private csiParameters(output: string, from: number): number {
    let end = from;
    while (end < output.length) {
      const code = output.charCodeAt(end);
      if (code < 0x20 || code > 0x3f) break;
      end++;
    }
    if (end === from || !this.csiKept) return end;
    const final = end < output.length ? output.charCodeAt(end) : -1;
    const first = this.csiBody.length > 0 ? this.csiBody.charCodeAt(0) : output.charCodeAt(from);
    // a body is built only when a CSI we follow may end here, or the CSI continues in a later chunk
    if (final >= 0x40 && final <= 0x7e && !isTracked(final, first)) return end;
    this.csiBody += output.slice(from, end);
    if (this.csiBody.length > MAX_CSI_CHARS) this.csiKept = false;
    return end;
  }

  private step(code: number): void {
    if (this.anywhere(code)) return;
    switch (this.state) {
      case State.Ground:
        return; // text; ESC and C1 introducers were handled by anywhere()
      case State.Escape:
        return this.escape(code);
      case State.EscapeIntermediate:
        if (code >= 0x30 && code <= 0x7e) this.state = State.Ground;
        return;
      case State.Csi:
        return this.csi(code);
      case State.StringBody:
        if (code === 0x1b) this.state = State.StringEscape;
        else if (code === 0x07 && this.stringIsOsc) this.state = State.Ground;
        return;
      case State.StringEscape:
        // ESC \ is ST; any other ESC x aborts the string and is itself the start of a sequence.
        if (code === 0x5c) this.state = State.Ground;
        else this.escape(code);
        return;
    }
  }

  /** Transitions valid in every state (VT500 parser "anywhere" rules). */
  private anywhere(code: number): boolean {
    if (code === 0x18 || code === 0x1a || code === 0x9c) {
      this.state = State.Ground;
      return true;
    }
    if (code === 0x1b && this.state !== State.StringBody) {
      this.state = State.Escape;
      return true;
    }
    if (code >= 0x80 && code <= 0x9f) {
      this.introduce(code - 0x40);
      return true;
    }
    return false;
  }

  private escape(code: number): void {
    if (code === 0x63) {
      this.hardReset();
      this.state = State.Ground;
    } else if (code === KEYPAD_APPLICATION || code === KEYPAD_NUMERIC) {
      this.applicationKeypad = code === KEYPAD_APPLICATION;
      this.state = State.Ground;
    } else if (code >= 0x20 && code <= 0x2f) {
      this.state = State.EscapeIntermediate;
    } else if (code >= 0x30 && code <= 0x7e) {
      this.introduce(code);
    }
    // C0 controls inside an escape are executed without ending it; DEL and non-ASCII we skip,
    // since staying "inside" too long costs only a harmless CAN, leaving too early a broken prompt.
  }

  /** ESC followed by `final` (or its 8-bit C1 equivalent): CSI and strings begin, the rest end. */
  private introduce(final: number): void {
    switch (final) {
      case 0x5b: // [
        this.state = State.Csi;
        this.csiBody = '';
        this.csiKept = true;
        return;
      case 0x5d: // ] OSC
      case 0x50: // P DCS
      case 0x5f: // _ APC
      case 0x5e: // ^ PM
      case 0x58: // X SOS
        this.state = State.StringBody;
        this.stringIsOsc = final === 0x5d;
        return;
      default:
        this.state = State.Ground;
    }
  }

  /** A CSI's byte after its parameters and intermediates (csiParameters took those). */
  private csi(code: number): void {
    if (code >= 0x40 && code <= 0x7e) {
      this.state = State.Ground;
      if (this.csiKept && isTracked(code, this.csiBody.charCodeAt(0))) this.dispatchCsi(this.csiBody, code);
    } else if (code > 0x7f) {
      // xterm.js abandons such a CSI; we stay inside it until its final byte, because reporting
      // "unterminated" too often only costs a harmless CAN, while too rarely breaks the prompt.
      this.csiKept = false;
    }
  }

  /** Only for the CSIs isTracked() names: SGR (`m` without `>`) and the like are most CSIs, none tracked. */
  private dispatchCsi(body: string, finalCode: number): void {
    const final = String.fromCharCode(finalCode);
    const prefix = /^[<=>?]/.test(body) ? body.charAt(0) : '';
    const intermediates = /[\x20-\x2f]*$/.exec(body)?.[0] ?? '';
    const params = body
      .slice(prefix.length, body.length - intermediates.length)
      .split(';')
      .map(parseParam);
    if (intermediates === '' && prefix === '?' && (final === 'h' || final === 'l')) {
      for (const mode of params) if (mode !== undefined) this.setDecMode(mode, final === 'h');
    } else if (intermediates === '' && final === 'u') {
      if (prefix === '>') this.kitty.push(params[0] ?? 0);
      else if (prefix === '<') this.kitty.pop(params[0] ?? 1);
      else if (prefix === '=') this.kitty.set(params[0] ?? 0, params[1] ?? 1);
    } else if (intermediates === ' ' && prefix === '' && final === 'q') {
      this.cursorShaped = (params[0] ?? 0) !== 0;
    } else if (intermediates === '' && prefix === '>' && final === 'm' && (params[0] === undefined || params[0] === MODIFY_OTHER_KEYS)) {
      // `CSI > m` and `CSI > 4 m` reset it to xterm's default, off
      this.modifyOtherKeys = params[0] === MODIFY_OTHER_KEYS && (params[1] ?? 0) > 0;
    }
  }

  private setDecMode(mode: number, on: boolean): void {
    if (ALT_SCREEN_MODES.includes(mode)) {
      if (on && this.altScreenMode === undefined) this.kitty.enterAlternateScreen();
      if (!on && this.altScreenMode !== undefined) this.kitty.leaveAlternateScreen();
      if (on) this.altScreenMode ??= mode;
      else this.altScreenMode = undefined;
    } else if (mode === CURSOR_VISIBLE) {
      this.cursorHidden = !on;
    } else if (RESETTABLE_MODES.includes(mode)) {
      // Only modes we restore are kept, which also bounds the set whatever the output holds.
      if (on) this.decModes.add(mode);
      else this.decModes.delete(mode);
    }
  }

  /** RIS (ESC c): the terminal returns to its power-on state. */
  private hardReset(): void {
    this.altScreenMode = undefined;
    this.decModes.clear();
    this.cursorHidden = false;
    this.cursorShaped = false;
    this.applicationKeypad = false;
    this.modifyOtherKeys = false;
    this.kitty.clear();
  }
}

/** An empty or non-numeric parameter means "default"; sub-parameters (after ':') are ignored. */
/** Whether a CSI with this final and first body character is one the scanner follows. */
function isTracked(final: number, first: number): boolean {
  return TRACKED_CSI_FINALS.includes(final) || (final === SGR_FINAL && first === GREATER_THAN);
}

function parseParam(raw: string): number | undefined {
  const digits = raw.split(':')[0] ?? '';
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}
