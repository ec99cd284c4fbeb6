/** What the restore needs to know about the child's output stream (the session's mode scanner). */
export interface OutputModes {
  readonly inUnterminatedSequence: boolean;
  /** Starts with CAN when the stream stopped inside a sequence; empty when the child left nothing on. */
  resetSequence(): string;
}

// XTWINOPS 22;0 / 23;0: push the window title on the terminal's title stack, and pop it back.
const PUSH_TITLE = '\x1b[22;0t';
const POP_TITLE = '\x1b[23;0t';

/**
 * Shows the hint `text` in the window title (OSC 2); when it was not shown yet, the user's title
 * is pushed first, to be put back. `text` is ripcord's own words and program names already made
 * visible (main/core/hint-text.ts, SessionControl.whatEnds), so it holds no control character.
 */
export function showHintTitle(text: string, shown: boolean): string {
  return `${shown ? '' : PUSH_TITLE}\x1b]2;${text}\x07`;
}
export const HIDE_HINT_TITLE = POP_TITLE;

// Not modes a program switches on and off, but a killed program can leave them set, and each
// would garble the parent shell's prompt: colours/attributes, a scroll region (saved and
// restored cursor, since CSI r homes it), line drawing in G0 (ncurses' smacs for xterm, `ESC ( 0`)
// or a G1 shifted in, insert mode (smir) on, and autowrap off. None of them moves the cursor.
const SANE_ATTRIBUTES = '\x1b7\x1b[r\x1b8\x1b[m\x1b(B\x0f\x1b[4l\x1b[?7h';

/**
 * Moves to a fresh line without knowing where the cursor is (zsh's PROMPT_SP trick): a full
 * line of spaces ends in the pending-wrap state when the cursor started at column 0 — `\r`
 * then returns to the same, now blank, line — and wraps onto the next line when it did not.
 * Needs autowrap, which SANE_ATTRIBUTES turns on.
 */
export function freshLine(columns: number): string {
  return `${' '.repeat(Math.max(1, columns))}\r\x1b[K`;
}

/**
 * Everything written to the outer terminal on exit, in order: abort a sequence the child's
 * output stopped inside (else the terminal would swallow the rest into it) and undo exactly the
 * modes the child turned on and left on (both the scanner's reset sequence), the user's title
 * back, sane attributes, a fresh line.
 * Nothing is reset that the child did not set: a `CSI ?1049l` sent while the main screen is
 * shown makes tmux and xterm restore the cursor saved by an earlier full-screen program, and the
 * prompt would land on old output.
 */
export function restoreSequence(options: { modes?: OutputModes; hintTitleShown: boolean; columns: number }): string {
  const { modes } = options;
  return [modes?.resetSequence() ?? '', options.hintTitleShown ? HIDE_HINT_TITLE : '', SANE_ATTRIBUTES, freshLine(options.columns)].join(
    '',
  );
}
