import { CANCEL_SEQUENCE, FULL_TERMINAL_RESET } from '../core/terminal-mode-scanner';

/** What the restore needs to know about the child's output stream (the session's mode scanner). */
export interface OutputModes {
  readonly inUnterminatedSequence: boolean;
  resetSequence(): string;
}

export const HINT_TEXT = 'Press Ctrl+C again to quit';

// XTWINOPS 22;0 / 23;0: push the window title on the terminal's title stack, and pop it back.
const PUSH_TITLE = '\x1b[22;0t';
const POP_TITLE = '\x1b[23;0t';

/** Shows the hint in the window title (OSC 2), keeping the user's title to put back. */
export const SHOW_HINT_TITLE = `${PUSH_TITLE}\x1b]2;${HINT_TEXT}\x07`;
export const HIDE_HINT_TITLE = POP_TITLE;

// Not always part of a mode reset, but a killed program can leave them set, and each would
// garble the parent shell's prompt: colours/attributes, a scroll region (saved and restored
// cursor, since CSI r homes it), a G1 charset shifted in, and autowrap off.
const SANE_ATTRIBUTES = '\x1b7\x1b[r\x1b8\x1b[m\x0f\x1b[?7h';

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
 * output stopped inside (else the terminal would swallow the reset into it), undo the child's
 * modes, the full reset of DESIGN §5, the user's title back, sane attributes, a fresh line.
 */
export function restoreSequence(options: { modes?: OutputModes; hintTitleShown: boolean; columns: number }): string {
  const { modes } = options;
  return [
    modes?.inUnterminatedSequence ? CANCEL_SEQUENCE : '',
    modes?.resetSequence() ?? '',
    FULL_TERMINAL_RESET,
    options.hintTitleShown ? HIDE_HINT_TITLE : '',
    SANE_ATTRIBUTES,
    freshLine(options.columns),
  ].join('');
}
