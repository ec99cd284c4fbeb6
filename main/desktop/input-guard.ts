import type { Event as ElectronEvent, Input } from 'electron';
import { type Disposable, toDisposable } from '../core/disposable';
import type { Listens } from '../core/listens';
import type { Logger } from '../platform/log/log';
import { enterKey, type KeyTarget } from './key-entry';

type BeforeInputListener = (event: ElectronEvent, input: Input) => void;
export type KeyboardSource = Listens<'before-input-event', BeforeInputListener>;

/**
 * DESIGN §3: the desktop's keys reach the session here, in main before the page gets them, so a
 * Ctrl+C works while the renderer is hung. Each before-input-event goes to the key entry
 * (main/desktop/key-entry.ts); the page gets the key only when the entry passes it.
 */
export function installInputGuard(webContents: KeyboardSource, session: KeyTarget, log: Pick<Logger, 'event'>): Disposable {
  const listener: BeforeInputListener = (event, input) => {
    if (enterKey(input, session, log) !== 'pass') event.preventDefault();
  };
  webContents.on('before-input-event', listener);
  return toDisposable(() => webContents.removeListener('before-input-event', listener));
}
