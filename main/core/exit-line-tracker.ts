import { CTRL_C } from './control-chars';

export const DEFAULT_EXIT_COMMANDS: readonly string[] = ['/exit', '/quit', 'exit', 'quit'];

export interface LineSubmission {
  /** the submitted line, or undefined when it cannot be known (edited with keys we don't model, pasted) */
  line: string | undefined;
  isExitCommand: boolean;
}

/**
 * A chunk longer than this (in characters) is a paste, not typing: a keystroke is one character
 * or one escape sequence (which marks the line unknown anyway), and even a stalled event loop
 * coalesces only a few typed characters, while `exit\r` sent in one write must still count.
 */
export const PASTE_MIN_CHARS = 16;

/**
 * The most of a line the tracker keeps (DESIGN §6: what the host holds is bounded): a typed line
 * longer than this is no exit command, padding included, and is marked unknown. An unknown line
 * keeps no text at all, so input that never submits a line (a program's replies to its own
 * queries, as fast as it asks) holds nothing here.
 */
export const MAX_LINE_CHARS = 4096;

const BACKSPACE = '\x7f';
const CTRL_H = '\b';
const CTRL_U = '\x15';
const CR = '\r';
const LF = '\n';
/** Focus in/out reports (mode 1004) arrive as input when the window's focus changes: no editing. */
const FOCUS_REPORTS: ReadonlySet<string> = new Set(['\x1b[I', '\x1b[O']);

/**
 * Follows the line the user is typing so that a whole-line exit command can be recognised
 * (DESIGN §3). It models only what it can be sure of: typed characters, Backspace, Ctrl+U and
 * Ctrl+C. Anything that could edit the line in ways we cannot see — escape sequences (arrows,
 * Alt+key, bracketed paste), Tab completion, other control keys, pastes — makes the line
 * unknown until the next Enter, and an unknown line is never an exit command.
 */
export class ExitLineTracker {
  private readonly commands: ReadonlySet<string>;
  private text = '';
  private unknown = false;

  constructor(commands: readonly string[] = DEFAULT_EXIT_COMMANDS) {
    // An empty command would turn every bare Enter into an exit.
    this.commands = new Set(commands.map((c) => c.trim()).filter((c) => c !== ''));
  }

  clear(): void {
    this.text = '';
    this.unknown = false;
  }

  feed(input: string): LineSubmission | undefined {
    if (FOCUS_REPORTS.has(input)) return undefined;
    if (isPaste(input)) return this.feedPaste(input);
    let submission: LineSubmission | undefined;
    let previous = '';
    for (const ch of input) {
      // CR LF from one key press (terminals in newline mode) is one Enter, not two.
      if (!(ch === LF && previous === CR)) submission = this.feedChar(ch) ?? submission;
      previous = ch;
    }
    return submission;
  }

  private feedPaste(input: string): LineSubmission | undefined {
    const lastBreak = Math.max(input.lastIndexOf(CR), input.lastIndexOf(LF));
    if (lastBreak === -1) {
      this.markUnknown();
      return undefined;
    }
    // The pasted lines reached the program as submissions, but none of them was typed. After
    // them the line is fresh, unless pasted text follows the last break.
    if (lastBreak === input.length - 1) this.clear();
    else this.markUnknown();
    return { line: undefined, isExitCommand: false };
  }

  private feedChar(ch: string): LineSubmission | undefined {
    switch (ch) {
      case CR:
      case LF:
        return this.submit();
      case BACKSPACE:
      case CTRL_H:
        this.text = withoutLastCodePoint(this.text);
        return undefined;
      case CTRL_U:
        // Ctrl+U kills only up to the cursor: after unseen cursor moves the rest is still unknown.
        this.text = '';
        return undefined;
      case CTRL_C:
        // Interrupting discards the whole line and starts a fresh prompt.
        this.clear();
        return undefined;
    }
    if (!isPrintable(ch)) this.markUnknown();
    else if (!this.unknown) {
      this.text += ch;
      if (this.text.length > MAX_LINE_CHARS) this.markUnknown();
    }
    return undefined;
  }

  /** Until the next Enter (or Ctrl+C) the line cannot be an exit command: its text is not kept. */
  private markUnknown(): void {
    this.unknown = true;
    this.text = '';
  }

  private submit(): LineSubmission {
    const line = this.unknown ? undefined : this.text;
    this.clear();
    return { line, isExitCommand: line !== undefined && this.commands.has(line.trim()) };
  }
}

/**
 * A paste arrives as one chunk: either long, or with a line break that is not its final key
 * (a trailing CR LF counts as the final key).
 */
function isPaste(input: string): boolean {
  const body = input.endsWith(CR + LF) ? input.slice(0, -2) : input.slice(0, -1);
  if (body.includes(CR) || body.includes(LF)) return true;
  let chars = 0;
  for (const _ of input) if (++chars > PASTE_MIN_CHARS) return true;
  return false;
}

/** C0 controls, DEL and C1 controls are keys, not text. */
function isPrintable(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f);
}

/** Removes one character, keeping a surrogate pair (astral character) whole. */
function withoutLastCodePoint(text: string): string {
  if (text === '') return text;
  const last = text.charCodeAt(text.length - 1);
  const beforeLast = text.length >= 2 ? text.charCodeAt(text.length - 2) : 0;
  const isPair = last >= 0xdc00 && last <= 0xdfff && beforeLast >= 0xd800 && beforeLast <= 0xdbff;
  return text.slice(0, isPair ? -2 : -1);
}
