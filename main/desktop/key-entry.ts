// DESIGN §3: the single place a key event enters the session, in every host that sees keys
// before the page does — the desktop's before-input-event (main/desktop/input-guard.ts), which
// the browser harness runs on its own stand-in (e2e/harness/socket-window.ts: POST /key, which
// the harness's page asks about each key typed into it before it has the key). Which keys are
// the window's is the action table's (main/core/actions.ts, with the settings' keybindings: the
// target's keymap).
import type { KeyInput } from '../../contracts/renderer';
import type { Logger } from '../platform/log/log';
import { isMainAction, type Keymap, type MainActionId } from '../core/actions';
import { CTRL_C, isModifierKey, matches, pressOfInput } from '../core/keys';

/** What the key entry does with one key event. */
export type KeyVerdict =
  | 'press' // a real Ctrl+C press: enters the state machine, the page never sees it
  | 'swallow' // the same key's auto-repeat or release: not a press, but the page must not see it either
  | 'window' // a key of one of main's actions (tabs, panes): main acts on it, the page never sees it
  | 'pass'; // any other key: the terminal's business

// Chromium reports the first key-down as 'rawKeyDown' internally; Electron documents 'keyDown'.
const KEY_DOWN_TYPES = new Set(['keyDown', 'rawKeyDown']);

/**
 * Ctrl+C without Shift/Alt/Meta (Ctrl+Shift+C is copy), by the character the layout produces or,
 * on layouts without Latin letters, the physical key (keys.ts). Never an action: no binding takes it.
 */
function isCtrlC(input: KeyInput): boolean {
  return matches(pressOfInput(input), CTRL_C);
}

/** A real key press other than Ctrl+C (a window key included: it moves the focus away or opens a pane): it ends the double-press interval. Releases, repeats and lone modifiers do not. */
export function isOtherKeyPress(input: KeyInput): boolean {
  return KEY_DOWN_TYPES.has(input.type) && !input.isAutoRepeat && !isModifierKey(pressOfInput(input)) && !isCtrlC(input);
}

/** The main action `input` is a key of, whatever its type (down, repeat, up). */
export function mainActionOf(input: KeyInput, keymap: Keymap): MainActionId | undefined {
  const id = keymap.action(pressOfInput(input), 'main');
  return id !== undefined && isMainAction(id) ? id : undefined;
}

/**
 * Auto-repeat is not a press (DESIGN §2) and is swallowed too — otherwise xterm would turn it
 * into "\x03" input, a byte the program would get without the machine knowing.
 */
export function classifyKey(input: KeyInput, keymap: Keymap): KeyVerdict {
  const firstDown = KEY_DOWN_TYPES.has(input.type) && !input.isAutoRepeat;
  if (isCtrlC(input)) return firstDown ? 'press' : 'swallow';
  // a held window key opens one tab, not one per repeat
  if (mainActionOf(input, keymap)) return firstDown ? 'window' : 'swallow';
  return 'pass';
}

/** The window's commands a key reaches (PaneWindow: the focused pane's session, or the window itself). */
export interface KeyTarget {
  /** the action table's keys with the settings' bindings */
  readonly keymap: Keymap;
  /** a Ctrl+C press */
  pressCtrlC(): void;
  /** any other real key: the double-press interval ends (DESIGN §2) */
  keyPressed(): void;
  /** one of main's actions (tabs, panes) */
  runAction(action: MainActionId): void;
}

/**
 * Hands one key event to the session and says what the page may see of it: nothing of a
 * Ctrl+C ('press', 'swallow') or of main's actions ('window'), everything else ('pass'). Runs
 * before the page gets the key, so a Ctrl+C works while the page is hung. Only real keys end a
 * double press: the page's data stream also carries the terminal's replies.
 */
export function enterKey(input: KeyInput, target: KeyTarget, log: Pick<Logger, 'event'>): KeyVerdict {
  const verdict = classifyKey(input, target.keymap);
  if (verdict === 'pass' && isOtherKeyPress(input)) target.keyPressed();
  const action = verdict === 'window' ? mainActionOf(input, target.keymap) : undefined;
  if (action !== undefined) target.runAction(action);
  if (verdict === 'press') {
    // DESIGN §8: the trace of an exit starts at the key event
    log.event('key.ctrl-c');
    target.pressCtrlC();
  }
  return verdict;
}
