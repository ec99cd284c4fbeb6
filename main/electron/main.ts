// The desktop host (DESIGN §1): the only module that touches the real Electron objects. It hands
// them to terminal-window.ts, whose wiring the tests run on small fakes.
import { app, BrowserWindow, globalShortcut, ipcMain, Menu, protocol, session, shell } from 'electron';
import path from 'node:path';
import type { RipcordConfig } from '../core/config';
import { keepSchemaCopy, loadConfig } from '../platform/files/config-file';
import { ConfigWatcher } from '../platform/files/config-watch';
import { openLog, type Logger } from '../platform/log/log';
import { logUnexpectedErrors } from '../platform/log/unexpected-errors';
import { containmentPlan } from '../platform/containment/containment-probe';
import { makeNonDumpable } from '../platform/processes/process-guard';
import { ReaperClient } from '../platform/reaper/reaper-client';
import { checkHostSignalMask } from '../platform/pty/signal-hygiene';
import { startWatchdog } from '../platform/reaper/watchdog';
import { EXIT_CODE_INTERNAL_ERROR } from '../core/exit-codes';
import { SessionHostProcess } from '../session/host/session-host-process';
import { hostedPaneWindow } from '../session/hosted-panes';
import type { PaneWindow } from '../session/pane-window';
import { IpcChannel } from '../../contracts/renderer';
import { applicationMenu } from './app-menu';
import { APP_PAGE_URL, registerAppScheme, serveAppFiles } from './app-protocol';
import { appFiles } from './app-paths';
import { desktopExitHost } from './desktop-exit-host';
import { isSameDocument } from './page-url';
import { wireTerminalWindow } from './terminal-window';
import { startUtilityHost, type UtilityHost } from './utility-host';
import { denyPermissions, lockDownNavigation, terminalWindowOptions } from './window-security';

interface Startup {
  config: RipcordConfig;
  problems: string[];
  /** the settings file on disk */
  settingsFile: string;
  settings: ConfigWatcher;
  log: Logger;
  window: PaneWindow;
  host: SessionHostProcess;
  utility: UtilityHost;
  files: ReturnType<typeof appFiles>;
}

function openTerminalWindow({ config, problems, settingsFile, settings, log, window: panes, host, utility, files }: Startup): Promise<void> {
  // the page comes from ripcord://app/ rather than a file URL (app-protocol.ts)
  serveAppFiles(protocol, path.dirname(files.page));
  const pageUrl = APP_PAGE_URL;
  denyPermissions(session.defaultSession, {
    allowClipboardWrite: config.allowClipboardWrite,
    isOwnPage: (url) => isSameDocument(url, pageUrl),
    log,
  });
  const window = new BrowserWindow(terminalWindowOptions({ preload: files.preload, backgroundColor: config.theme.background }));
  const page = window.webContents;
  // the page's screen comes straight from the session host; the preload listens from before dom-ready
  page.on('dom-ready', () => utility.connectScreen(page));
  const menu = applicationMenu(process.platform, { toggleProcesses: () => page.send(IpcChannel.toggleProcesses, panes.current.focused) });
  Menu.setApplicationMenu(menu ? Menu.buildFromTemplate(menu) : null);
  wireTerminalWindow(
    { config, problems, settingsFile, log, window: panes, host, configChanges: settings.onDidChange },
    { app, window, page, webContentsId: page.id, pageUrl, ipc: ipcMain, shortcuts: globalShortcut, signals: process, openExternal: (url) => shell.openExternal(url), openPath: (file) => shell.openPath(file) },
  );
  void checkHostSignalMask(log);
  return window.loadURL(pageUrl);
}

function main(): void {
  const log = openLog();
  // a listener's error is logged where it happened and goes no further (main/core/unexpected-error.ts)
  logUnexpectedErrors(log);
  // no same-user process may ptrace the app's main process or read its memory and descriptors (DESIGN §4)
  const guard = makeNonDumpable();
  log.event('host.non-dumpable', guard.ok ? { ok: true } : { ok: false, error: guard.error });
  const loaded = loadConfig();
  const { config } = loaded;
  log.event('app.start', { electron: process.versions.electron, config: loaded.path, problems: loaded.problems.length });
  for (const problem of loaded.problems) log.warn('config.problem', { problem });
  keepSchemaCopy(log);
  // edits apply while the app runs (issue #30); the watch lives as long as the app
  const settings = new ConfigWatcher(loaded.path, config, loaded.problems, log);

  const files = appFiles(__dirname);
  const reaper = ReaperClient.start({ killGraceMs: config.killGraceMs, logFile: log.file, execPath: process.execPath, script: files.reaper, log });
  startWatchdog(log, { script: files.watchdog });
  void containmentPlan().then((plan) => log.event('containment.plan', { ...plan }));
  // Electron's utilityProcess needs the app ready; the window opens right after, and a pane's
  // session starts on its first size — so the panes are made now and the host then
  let host: SessionHostProcess | undefined;
  const panes = hostedPaneWindow({
    config,
    log,
    reaper,
    host: desktopExitHost({ app, shortcuts: globalShortcut, beforeExit: () => host?.exiting() }),
    sessionHost: () => host,
    tools: 'desktop',
    settingsFile: loaded.path,
  });

  process.on('uncaughtException', (error) => {
    log.error('main.uncaught-exception', { error: String(error), stack: error.stack });
    panes.exitNow(EXIT_CODE_INTERNAL_ERROR, 'uncaught exception');
  });
  process.on('unhandledRejection', (reason) => log.error('main.unhandled-rejection', { error: String(reason) }));

  // Every page this app ever creates is locked down, not only the one we expect.
  app.on('web-contents-created', (_event, contents) => lockDownNavigation(contents, log));
  app.enableSandbox();
  registerAppScheme(protocol);
  app
    .whenReady()
    .then(() => {
      const utility = startUtilityHost(files.sessionHost);
      host = new SessionHostProcess(utility.host, reaper, log);
      return openTerminalWindow({ config, problems: loaded.problems, settingsFile: loaded.path, settings, log, window: panes, host, utility, files });
    })
    .catch((error: unknown) => {
      log.error('main.start-failed', { error: String(error) });
      panes.exitNow(EXIT_CODE_INTERNAL_ERROR, 'window could not be opened');
    });
}

main();
