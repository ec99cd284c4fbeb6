// The desktop host (DESIGN §1): the only module that touches the real Electron module. It starts
// what needs no Electron (the log, the settings, the reaper, the watchdog) and hands the module
// to start-desktop.ts, whose order of calls the tests run on fakes.
import * as electron from 'electron';
import { keepSchemaCopy, loadConfig } from '../platform/files/config-file';
import { ConfigWatcher } from '../platform/files/config-watch';
import { defaultLayoutFile } from '../platform/files/layout-file';
import { openLog } from '../platform/log/log';
import { logUnexpectedErrors } from '../platform/log/unexpected-errors';
import { containmentPlan } from '../platform/containment/containment-probe';
import { makeNonDumpable } from '../platform/processes/process-guard';
import { ReaperClient } from '../platform/reaper-client/reaper-client';
import { startWatchdog } from './watchdog';
import { EXIT_CODE_INTERNAL_ERROR } from '../core/exit-codes';
import { appFiles } from './app-paths';
import { startDesktop } from './start-desktop';

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
  const reaper = ReaperClient.start({
    killGraceMs: config.killGraceMs,
    logFile: log.file,
    execPath: process.execPath,
    script: files.reaper,
    log,
  });
  startWatchdog(log, { script: files.watchdog });
  void containmentPlan().then((plan) => log.event('containment.plan', { ...plan }));

  const { panes } = startDesktop(electron, {
    log,
    config,
    settingsFile: loaded.path,
    problems: loaded.problems,
    settings,
    reaper,
    files,
    signals: process,
    layoutFile: defaultLayoutFile(),
  });
  process.on('uncaughtException', (error) => {
    log.error('main.uncaught-exception', { error: String(error), stack: error.stack });
    panes.exitNow(EXIT_CODE_INTERNAL_ERROR, 'uncaught exception');
  });
  process.on('unhandledRejection', (reason) => log.error('main.unhandled-rejection', { error: String(reason) }));
}

main();
