import type { Event as ElectronEvent, Input } from 'electron';
import { type Disposable, toDisposable } from '../core/disposable';
import type { Logger } from '../platform/log/log';
import type { Listens } from '../core/listens';

type BeforeInputListener = (event: ElectronEvent, input: Input) => void;
export type KeyboardSource = Listens<'before-input-event', BeforeInputListener>;

/** What the guard does with one keyboard event. */
export type CtrlCVerdict =
  | 'press' // a real Ctrl+C press: enters the state machine, the page never sees it
  | 'swallow' // the same key's auto-repeat or release: not a press, but the page must not see it either
  | 'pass'; // any other key: the terminal's business

// Chromium reports the first key-down as 'rawKeyDown' internally; Electron documents 'keyDown'.
const KEY_DOWN_TYPES = new Set(['keyDown', 'rawKeyDown']);
const LATIN_LETTER = /^[a-z]$/i;

/**
 * Ctrl+C without Shift/Alt/Meta (Ctrl+Shift+C is copy). The key is matched by the character the
 * layout produces ('c' on QWERTY, Dvorak, AZERTY …); on layouts without Latin letters
 * (Cyrillic, Greek) by the physical key, as terminals do.
 */
function isCtrlC(input: Input): boolean {
  if (!input.control || input.shift || input.alt || input.meta) return false;
  if (LATIN_LETTER.test(input.key)) return input.key.toLowerCase() === 'c';
  return input.code === 'KeyC';
}

/** Keys that are only ever held with another one: alone they are no press (DESIGN §2). */
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'OS', 'Super', 'Hyper', 'Fn', 'CapsLock', 'NumLock', 'ScrollLock']);

/** A real key press other than Ctrl+C: it ends the double-press window. Releases, repeats and lone modifiers do not. */
export function isOtherKeyPress(input: Input): boolean {
  return KEY_DOWN_TYPES.has(input.type) && !input.isAutoRepeat && !MODIFIER_KEYS.has(input.key) && !isCtrlC(input);
}

export function classifyKey(input: Input): CtrlCVerdict {
  if (!isCtrlC(input)) return 'pass';
  return KEY_DOWN_TYPES.has(input.type) && !input.isAutoRepeat ? 'press' : 'swallow';
}

/**
 * DESIGN §3: the single place a desktop Ctrl+C enters the state machine. It runs in main before
 * the page gets the key, so it works while the renderer is hung. Auto-repeat is not a press
 * (DESIGN §2) and is swallowed too — otherwise xterm would turn it into "\x03" input and the
 * press would enter a second time through the input path.
 */
export function installInputGuard(
  webContents: KeyboardSource,
  onCtrlC: () => void,
  log: Pick<Logger, 'event'>,
  onOtherKey: () => void = () => {},
): Disposable {
  const listener: BeforeInputListener = (event, input) => {
    const verdict = classifyKey(input);
    if (verdict === 'pass') {
      // The page's data stream also carries the terminal's replies; only real keys end a double press.
      if (isOtherKeyPress(input)) onOtherKey();
      return;
    }
    event.preventDefault();
    if (verdict !== 'press') return;
    // DESIGN §8: the trace of an exit starts at the key event
    log.event('key.ctrl-c');
    onCtrlC();
  };
  webContents.on('before-input-event', listener);
  return toDisposable(() => webContents.removeListener('before-input-event', listener));
}
