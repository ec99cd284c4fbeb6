// DESIGN §3: the single place a key event enters the session, in every host that sees keys
// before the page does — the desktop's before-input-event (main/electron/input-guard.ts), which
// the browser harness runs on its own stand-in (e2e/harness/socket-window.ts: POST /key, which
// the harness's page asks about each key typed into it before it has the key).
import type { KeyInput } from '../../contracts/renderer';
import type { Logger } from '../platform/log/log';
import { windowKey, type WindowKeyAction } from './window-keys';

/** What the key entry does with one key event. */
export type KeyVerdict =
  | 'press' // a real Ctrl+C press: enters the state machine, the page never sees it
  | 'swallow' // the same key's auto-repeat or release: not a press, but the page must not see it either
  | 'window' // a window key (tabs, panes: window-keys.ts): main acts on it, the page never sees it
  | 'pass'; // any other key: the terminal's business

// Chromium reports the first key-down as 'rawKeyDown' internally; Electron documents 'keyDown'.
const KEY_DOWN_TYPES = new Set(['keyDown', 'rawKeyDown']);
const LATIN_LETTER = /^[a-z]$/i;

/**
 * Ctrl+C without Shift/Alt/Meta (Ctrl+Shift+C is copy). The key is matched by the character the
 * layout produces ('c' on QWERTY, Dvorak, AZERTY …); on layouts without Latin letters
 * (Cyrillic, Greek) by the physical key, as terminals do.
 */
function isCtrlC(input: KeyInput): boolean {
  if (!input.control || input.shift || input.alt || input.meta) return false;
  if (LATIN_LETTER.test(input.key)) return input.key.toLowerCase() === 'c';
  return input.code === 'KeyC';
}

/** Keys that are only ever held with another one: alone they are no press (DESIGN §2). */
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'OS', 'Super', 'Hyper', 'Fn', 'CapsLock', 'NumLock', 'ScrollLock']);

/** A real key press other than Ctrl+C (a window key included: it moves the focus away or opens a pane): it ends the double-press window. Releases, repeats and lone modifiers do not. */
export function isOtherKeyPress(input: KeyInput): boolean {
  return KEY_DOWN_TYPES.has(input.type) && !input.isAutoRepeat && !MODIFIER_KEYS.has(input.key) && !isCtrlC(input);
}

/**
 * Auto-repeat is not a press (DESIGN §2) and is swallowed too — otherwise xterm would turn it
 * into "\x03" input, a byte the program would get without the machine knowing.
 */
export function classifyKey(input: KeyInput): KeyVerdict {
  const firstDown = KEY_DOWN_TYPES.has(input.type) && !input.isAutoRepeat;
  // a held window key opens one tab, not one per repeat
  if (windowKey(input)) return firstDown ? 'window' : 'swallow';
  if (!isCtrlC(input)) return 'pass';
  return firstDown ? 'press' : 'swallow';
}

/** The window's commands a key reaches (PaneWindow: the focused pane's session, or the window itself). */
export interface KeyTarget {
  /** a Ctrl+C press */
  pressCtrlC(): void;
  /** any other real key: the double-press window ends (DESIGN §2) */
  keyPressed(): void;
  /** a window key (tabs, panes) */
  windowKey(action: WindowKeyAction): void;
}

/**
 * Hands one key event to the session and says what the page may see of it: nothing of a
 * Ctrl+C ('press', 'swallow'), everything else ('pass'). Runs before the page gets the key, so
 * a Ctrl+C works while the page is hung. Only real keys end a double press: the page's data
 * stream also carries the terminal's replies.
 */
export function enterKey(input: KeyInput, target: KeyTarget, log: Pick<Logger, 'event'>): KeyVerdict {
  const verdict = classifyKey(input);
  if (verdict === 'pass' && isOtherKeyPress(input)) target.keyPressed();
  if (verdict === 'window') target.windowKey(windowKey(input) as WindowKeyAction);
  if (verdict === 'press') {
    // DESIGN §8: the trace of an exit starts at the key event
    log.event('key.ctrl-c');
    target.pressCtrlC();
  }
  return verdict;
}
