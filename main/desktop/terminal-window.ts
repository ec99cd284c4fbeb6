// The terminal window's wiring, on whatever Electron objects it is handed: desktop-main.ts passes the
// real ones and the wiring tests fakes, so the tests exercise this wiring itself, not a copy.
import type { GlobalShortcut } from 'electron';
import type { RipcordConfig } from '../core/config';
import { DisposableStore, type Disposable } from '../core/disposable';
import type { Event } from '../core/emitter';
import type { ConfigChange } from '../platform/files/config-watch';
import type { Logger } from '../platform/log/log';
import { WindowIpc, type RendererChannel } from './window-ipc';
import { installSignalTriggers, type SignalSource } from '../lifecycle/host-signals';
import type { SessionHostProcess } from './session-host-process';
import type { PaneWindow } from './pane-window';
import { ExitShortcut } from './global-shortcut';
import { installInputGuard, type KeyboardSource } from './input-guard';
import { installIpcHandlers, type IpcRegistry } from './ipc-handlers';
import { installWindowLifecycle, type AppEvents, type PageEvents, type WindowEvents } from './app-lifecycle';

export interface TerminalWindowServices {
  config: RipcordConfig;
  /** config problems to show once in the window */
  problems: string[];
  /** the settings file on disk (the page names it) */
  settingsFile: string;
  log: Logger;
  /** the window's panes, its first pane's session created at process start */
  window: PaneWindow;
  /** the session host the panes' programs run in */
  host: SessionHostProcess;
  /** edits of the settings file (ConfigWatcher); none in tests that do not edit it */
  configChanges?: Event<ConfigChange>;
}

/** The Electron objects the window's behaviour hangs on. */
export interface TerminalWindowParts {
  app: AppEvents;
  window: WindowEvents;
  page: KeyboardSource & PageEvents & RendererChannel;
  webContentsId: number;
  /** the page's own URL: IPC from any other document is dropped */
  pageUrl: string;
  ipc: IpcRegistry;
  shortcuts: Pick<GlobalShortcut, 'register' | 'unregister'>;
  signals: SignalSource;
  openExternal: (url: string) => Promise<void>;
  /** Electron's shell.openPath: '' or why the file could not be opened */
  openPath: (file: string) => Promise<string>;
}

/**
 * Keys from before-input-event, close / quit / signals / the global shortcut into the window's
 * panes (PaneWindow), the page's IPC into the window (WindowIpc, which the browser harness
 * runs too), and edits of the settings file into all of them. Install after app 'ready' (see
 * installSignalTriggers).
 */
export function wireTerminalWindow(services: TerminalWindowServices, parts: TerminalWindowParts): Disposable {
  const { config, log, window } = services;
  const exitShortcut = new ExitShortcut(parts.shortcuts, () => window.trigger({ kind: 'global-shortcut' }), log);
  const shortcut = exitShortcut.update(config.globalShortcut);
  const problems = shortcut.ok ? services.problems : [...services.problems, shortcut.problem];
  const store = new DisposableStore();
  store.add(installInputGuard(parts.page, window, log));
  store.add(installWindowLifecycle({ app: parts.app, window: parts.window, page: parts.page, trigger: window.trigger, log }));
  store.add(installSignalTriggers({ signals: parts.signals, trigger: window.trigger, log }));
  const windowIpc = store.add(
    new WindowIpc({
      config,
      log,
      window,
      renderer: parts.page,
      host: services.host,
      problems,
      settingsFile: services.settingsFile,
      openExternal: parts.openExternal,
      openPath: parts.openPath,
    }),
  );
  store.add(
    installIpcHandlers({ ipc: parts.ipc, page: { webContentsId: parts.webContentsId, pageUrl: parts.pageUrl }, target: windowIpc, log }),
  );
  if (services.configChanges) {
    // the shortcut first: the page and the session then get the one actually registered
    store.add(
      services.configChanges((change) => {
        if (window.exiting) return; // never in the middle of an exit: the shortcut was just given back
        const registered = exitShortcut.update(change.config.globalShortcut);
        const config = { ...change.config, globalShortcut: exitShortcut.accelerator };
        windowIpc.applyConfig({ config, problems: registered.ok ? change.problems : [...change.problems, registered.problem] });
      }),
    );
  }
  log.event('window.created', { webContentsId: parts.webContentsId });
  return store;
}
