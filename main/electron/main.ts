// The desktop host (DESIGN §1): the only module that touches the real Electron objects. It hands
// them to terminal-window.ts, whose wiring the tests run on small fakes.
import { app, BrowserWindow, globalShortcut, ipcMain, Menu, session, shell } from 'electron';
import { pathToFileURL } from 'node:url';
import type { RipcordConfig } from '../core/config';
import { keepSchemaBeside, loadConfig } from '../platform/config-file';
import { openLog, type Logger } from '../platform/log';
import { ReaperClient } from '../platform/reaper-client';
import { checkHostSignalMask } from '../platform/signal-hygiene';
import { startWatchdog } from '../platform/watchdog';
import { EXIT_CODE_INTERNAL_ERROR } from '../core/exit-codes';
import { SessionLifecycle } from '../session/session-lifecycle';
import { applicationMenu } from './app-menu';
import { appFiles } from './app-paths';
import { desktopExitHost } from './desktop-exit-host';
import { isSameDocument } from './page-url';
import { wireTerminalWindow } from './terminal-window';
import { denyPermissions, lockDownNavigation, terminalWindowOptions } from './window-security';

interface Startup {
  config: RipcordConfig;
  problems: string[];
  log: Logger;
  lifecycle: SessionLifecycle;
  files: ReturnType<typeof appFiles>;
}

function openTerminalWindow({ config, problems, log, lifecycle, files }: Startup): Promise<void> {
  const menu = applicationMenu(process.platform);
  Menu.setApplicationMenu(menu ? Menu.buildFromTemplate(menu) : null);
  const pageUrl = pathToFileURL(files.page).href;
  denyPermissions(session.defaultSession, {
    allowClipboardWrite: config.allowClipboardWrite,
    isOwnPage: (url) => isSameDocument(url, pageUrl),
    log,
  });
  const window = new BrowserWindow(terminalWindowOptions({ preload: files.preload, backgroundColor: config.theme.background }));
  const page = window.webContents;
  wireTerminalWindow(
    { config, problems, log, lifecycle },
    { app, window, page, webContentsId: page.id, pageUrl, ipc: ipcMain, shortcuts: globalShortcut, signals: process, openExternal: (url) => shell.openExternal(url) },
  );
  void checkHostSignalMask(log);
  return window.loadFile(files.page);
}

function main(): void {
  const log = openLog();
  const loaded = loadConfig();
  const { config } = loaded;
  log.event('app.start', { electron: process.versions.electron, config: loaded.path, problems: loaded.problems.length });
  for (const problem of loaded.problems) log.warn('config.problem', { problem });
  keepSchemaBeside(loaded.path, log);

  const files = appFiles(__dirname);
  const reaper = ReaperClient.start({ killGraceMs: config.killGraceMs, logFile: log.file, execPath: process.execPath, script: files.reaper, log });
  startWatchdog(log, { script: files.watchdog });
  const lifecycle = new SessionLifecycle({ config, log, reaper, host: desktopExitHost({ app, shortcuts: globalShortcut }) });

  process.on('uncaughtException', (error) => {
    log.error('main.uncaught-exception', { error: String(error), stack: error.stack });
    lifecycle.exitNow(EXIT_CODE_INTERNAL_ERROR, 'uncaught exception');
  });
  process.on('unhandledRejection', (reason) => log.error('main.unhandled-rejection', { error: String(reason) }));

  // Every page this app ever creates is locked down, not only the one we expect.
  app.on('web-contents-created', (_event, contents) => lockDownNavigation(contents, log));
  app.enableSandbox();
  app
    .whenReady()
    .then(() => openTerminalWindow({ config, problems: loaded.problems, log, lifecycle, files }))
    .catch((error: unknown) => {
      log.error('main.start-failed', { error: String(error) });
      lifecycle.exitNow(EXIT_CODE_INTERNAL_ERROR, 'window could not be opened');
    });
}

main();
