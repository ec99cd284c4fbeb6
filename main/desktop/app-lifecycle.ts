import type { Event as ElectronEvent, RenderProcessGoneDetails } from 'electron';
import { DisposableStore, type Disposable, toDisposable } from '../core/disposable';
import type { Trigger } from '../core/exit-decisions';
import type { Logger } from '../platform/log/log';
import type { Listens } from '../core/listens';

export type AppEvents = Listens<'before-quit', (event: ElectronEvent) => void> & Listens<'window-all-closed', () => void>;
export type WindowEvents = Listens<'close', (event: ElectronEvent) => void>;
export type PageEvents = Listens<'unresponsive', () => void> &
  Listens<'responsive', () => void> &
  Listens<'render-process-gone', (event: ElectronEvent, details: RenderProcessGoneDetails) => void>;

function listen<N extends string, L>(store: DisposableStore, source: Listens<N, L>, event: N, listener: L): void {
  source.on(event, listener);
  store.add(toDisposable(() => source.removeListener(event, listener)));
}

/**
 * The window closing by any means (button, WM, Alt+F4) and the app quitting (Cmd+Q, app.quit)
 * exit with 0 through the one exit path. The close is not prevented: the exit path ends the
 * process at once anyway, and a prevented close would leave a window that cannot be closed if
 * anything in between went wrong. A renderer that hangs or dies is logged only: exiting never
 * depends on it.
 */
export function installWindowLifecycle(options: {
  app: AppEvents;
  window: WindowEvents;
  page: PageEvents;
  trigger: (trigger: Trigger) => void;
  log: Pick<Logger, 'event' | 'warn' | 'error'>;
}): Disposable {
  const { app, window, page, trigger, log } = options;
  const store = new DisposableStore();
  const close = (): void => trigger({ kind: 'window-close' });
  listen(store, window, 'close', close);
  listen(store, app, 'before-quit', close);
  listen(store, app, 'window-all-closed', close);
  listen(store, page, 'unresponsive', () => log.warn('renderer.unresponsive'));
  listen(store, page, 'responsive', () => log.event('renderer.responsive'));
  listen(store, page, 'render-process-gone', (_event: ElectronEvent, details: RenderProcessGoneDetails) =>
    log.error('renderer.gone', { reason: details.reason, exitCode: details.exitCode }),
  );
  return store;
}
