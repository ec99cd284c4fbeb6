// The desktop's start on whatever Electron module it is handed (DESIGN §1): desktop-main.ts passes the
// real one, the wiring tests fakes that record the order of the calls — what must happen before
// app 'ready' (the sandbox, the app scheme, the lock-down of every page) and what only after it
// (the session host, the window and its wiring).
import type * as Electron from 'electron';
import path from 'node:path';
import type { RipcordConfig } from '../core/config';
import { EXIT_CODE_INTERNAL_ERROR } from '../core/exit-codes';
import type { ConfigWatcher } from '../platform/files/config-watch';
import type { Logger } from '../platform/log/log';
import { checkHostSignalMask } from '../platform/pty/signal-hygiene';
import type { ReaperClient } from '../platform/reaper-client/reaper-client';
import { SessionHostProcess } from './session-host-process';
import type { SignalSource } from '../lifecycle/host-signals';
import { hostedPaneWindow } from './hosted-panes';
import type { PaneWindow } from './pane-window';
import { IpcChannel } from '../../contracts/renderer';
import { applicationMenu } from './app-menu';
import { APP_PAGE_URL, registerAppScheme, serveAppFiles } from './app-protocol';
import type { appFiles } from './app-paths';
import { desktopExitHost } from './desktop-exit-host';
import { isSameDocument } from './page-url';
import { wireTerminalWindow } from './terminal-window';
import { startUtilityHost, type UtilityElectron, type UtilityHost } from './utility-host';
import { denyPermissions, lockDownNavigation, terminalWindowOptions } from './window-security';
import { enableShortcutPortal } from './wayland-shortcuts';
import { sandboxNotice } from './sandbox-notice';
import { LogEvent } from '../core/log-events';

/** The parts of the `electron` module the desktop uses. */
export type DesktopElectron = Pick<
  typeof Electron,
  'app' | 'BrowserWindow' | 'globalShortcut' | 'ipcMain' | 'Menu' | 'protocol' | 'session' | 'shell'
> &
  UtilityElectron;

/** What desktop-main.ts starts before Electron is asked for anything: the log, the settings, the reaper. */
export interface DesktopServices {
  log: Logger;
  config: RipcordConfig;
  /** the settings file's path and its problems at start */
  settingsFile: string;
  problems: string[];
  settings: Pick<ConfigWatcher, 'onDidChange'>;
  /** the process's signals (SIGINT, SIGTERM, SIGHUP: host-signals.ts) */
  signals: SignalSource;
  reaper: ReaperClient;
  files: ReturnType<typeof appFiles>;
  /** where restoreLayout keeps the layout (desktop-main.ts: the state directory's); none: not kept */
  layoutFile?: string;
}

function openTerminalWindow(
  electron: DesktopElectron,
  services: DesktopServices,
  panes: PaneWindow,
  host: SessionHostProcess,
  utility: UtilityHost,
): Promise<void> {
  const { config, settings, log, files } = services;
  // a --no-sandbox the user gave is said in the window, as the settings' problems are
  const problems = [...services.problems, ...sandboxNotice(electron.app.commandLine, log)];
  // the page comes from ripcord://app/ rather than a file URL (app-protocol.ts)
  serveAppFiles(electron.protocol, path.dirname(files.page));
  const pageUrl = APP_PAGE_URL;
  denyPermissions(electron.session.defaultSession, {
    allowClipboardWrite: config.allowClipboardWrite,
    isOwnPage: (url) => isSameDocument(url, pageUrl),
    log,
  });
  // by its own name, so the security scan (build/electron-security-scan.test.ts) sees the window's options
  const { BrowserWindow } = electron;
  const window = new BrowserWindow(terminalWindowOptions({ preload: files.preload, backgroundColor: config.theme.background }));
  const page = window.webContents;
  // the page's screen comes straight from the session host; the preload listens from before dom-ready
  page.on('dom-ready', () => utility.connectScreen(page));
  const menu = applicationMenu(
    process.platform,
    { toggleProcesses: () => page.send(IpcChannel.toggleProcesses, panes.current.focused) },
    config.keybindings,
  );
  electron.Menu.setApplicationMenu(menu ? electron.Menu.buildFromTemplate(menu) : null);
  wireTerminalWindow(
    { config, problems, settingsFile: services.settingsFile, log, window: panes, host, configChanges: settings.onDidChange },
    {
      app: electron.app,
      window,
      page,
      webContentsId: page.id,
      pageUrl,
      ipc: electron.ipcMain,
      shortcuts: electron.globalShortcut,
      signals: services.signals,
      openExternal: (url) => electron.shell.openExternal(url),
      openPath: (file) => electron.shell.openPath(file),
    },
  );
  void checkHostSignalMask(log);
  return window.loadURL(pageUrl);
}

/**
 * Before 'ready': the window's panes (a pane's session starts on its first size, so nothing runs
 * yet), the lock-down of every page the app will ever create, the sandbox and the app scheme,
 * which Electron accepts only then. After it: the session host (utilityProcess needs the app
 * ready), then the window. Returns the panes (desktop-main.ts routes an uncaught error to their exit)
 * and the start's end (the window loaded, or the start failed and the app is exiting).
 */
export function startDesktop(electron: DesktopElectron, services: DesktopServices): { panes: PaneWindow; started: Promise<void> } {
  const { app, globalShortcut } = electron;
  const { config, log, reaper, files } = services;
  let host: SessionHostProcess | undefined;
  const panes = hostedPaneWindow({
    config,
    log,
    reaper,
    host: desktopExitHost({ app, shortcuts: globalShortcut, beforeExit: () => host?.exiting() }),
    sessionHost: () => host,
    hostKind: 'desktop',
    settingsFile: services.settingsFile,
    layoutFile: services.layoutFile,
  });
  // Every page this app ever creates is locked down, not only the one we expect.
  app.on('web-contents-created', (_event, contents) => lockDownNavigation(contents, log));
  app.enableSandbox();
  registerAppScheme(electron.protocol);
  // before ready: Chromium reads its features at start; under Wayland the global shortcut needs the portal (DESIGN §3)
  log.event(LogEvent.shortcutPortal, { on: enableShortcutPortal(app.commandLine, process.env, process.platform) });
  const started = app
    .whenReady()
    .then(() => {
      const utility = startUtilityHost(electron, files.sessionHost);
      host = new SessionHostProcess(utility.host, reaper, log);
      return openTerminalWindow(electron, services, panes, host, utility);
    })
    .catch((error: unknown) => {
      log.error('main.start-failed', { error: String(error) });
      panes.exitNow(EXIT_CODE_INTERNAL_ERROR, 'window could not be opened');
    });
  return { panes, started };
}
