import { validateConfig, type RipcordConfig } from '../core/config';
import { CtrlCState } from '../core/ctrl-c-state';
import { keepSchemaBeside, loadConfig } from '../platform/config-file';
import { ExitPath, type ExitPathHost } from '../session/exit-path';
import { GuardedSession } from '../session/guarded-session';
import { openLog, type Logger } from '../platform/log';
import { ReaperClient } from '../platform/reaper-client';
import { OuterTerminal } from './outer-terminal';
import type { RunOptions } from './run-options';

/** The program could not be started (missing, not executable, bad cwd): the shells' "command not found". */
export const EXIT_CODE_CANNOT_START = 127;
/** ripcord itself failed (sysexits EX_SOFTWARE), kept apart from the codes a child commonly uses. */
export const EXIT_CODE_INTERNAL_ERROR = 70;
/** Bad settings given on the command line. */
export const EXIT_CODE_USAGE = 2;
/** VEOF: with stdin piped, its end becomes an end-of-file for the program in the pty. */
const END_OF_FILE = '\x04';

const HOST_SIGNALS = [
  ['SIGINT', 'sigint'],
  ['SIGTERM', 'sigterm'],
  ['SIGHUP', 'sighup'],
] as const;

/**
 * `ripcord run`: one guarded session proxied through the terminal it was started in. Resolves
 * only when the session could not start; otherwise the exit path ends the process.
 */
export async function runTerminalHost(options: RunOptions): Promise<number> {
  const outer = new OuterTerminal({ input: process.stdin, output: process.stdout });
  const loaded = loadConfig(options.configFile);
  for (const problem of loaded.problems) process.stderr.write(`ripcord: ${problem}\n`);
  const config = applyCommandLine(loaded.config, options);
  if (!config.ok) {
    process.stderr.write(`ripcord: ${config.error}\n`);
    return EXIT_CODE_USAGE;
  }
  const log = openLog({ file: options.logFile, level: config.config.logLevel });
  keepSchemaBeside(loaded.path, log);
  const reaper = ReaperClient.start({ killGraceMs: config.config.killGraceMs, logFile: log.file });
  let crashReport: string | undefined;
  const host: ExitPathHost = {
    restore: () => {
      const report = outer.restore();
      if (report) log.event('terminal.restored', { ...report });
      // After the restore, so it lands on the user's screen rather than the child's alternate one.
      if (crashReport !== undefined) process.stderr.write(crashReport);
      crashReport = undefined;
    },
    exit: (code) => process.exit(code),
  };
  // Until the session exists, and if it never does, this exit path ends the process.
  const startupExit = new ExitPath({ state: new CtrlCState({ clock: () => performance.now() }), reaper, log, host });
  let guarded: GuardedSession | undefined = undefined;
  installCrashGuard(log, (error) => {
    crashReport = `ripcord: internal error: ${describe(error)}\n`;
    attempt(() => (guarded?.exitPath ?? startupExit).exitNow(EXIT_CODE_INTERNAL_ERROR, `crash: ${String(error)}`));
    // Reached only when the crash came from inside a running exit path: finish its job.
    attempt(() => host.restore());
    process.exit(EXIT_CODE_INTERNAL_ERROR);
  });

  const { cols, rows } = outer.size;
  const started = await GuardedSession.start({
    config: config.config,
    log,
    reaper,
    host,
    cols,
    rows,
    command: options.command,
    cwd: options.cwd,
  });
  if (!started.ok) {
    process.stderr.write(`ripcord: ${started.error}\n`);
    startupExit.exitNow(EXIT_CODE_CANNOT_START, 'cannot start the program');
    return EXIT_CODE_CANNOT_START; // not reached: the exit path ends the process
  }
  guarded = started.guarded;
  wire(outer, started.guarded, log);
  return new Promise<number>(() => {
    // never settles: every way out goes through the session's exit path
  });
}

/** --cwd and --kill-grace win over the settings file; the grace is checked by the same schema. */
function applyCommandLine(config: RipcordConfig, options: RunOptions): { ok: true; config: RipcordConfig } | { ok: false; error: string } {
  if (options.killGraceMs === undefined) return { ok: true, config };
  const checked = validateConfig({ ...config, killGraceMs: options.killGraceMs });
  const problem = checked.problems.find((p) => p.key === 'killGraceMs');
  if (problem) return { ok: false, error: `--kill-grace: ${problem.message}` };
  return { ok: true, config: checked.config };
}

function installCrashGuard(log: Logger, onCrash: (error: unknown) => void): void {
  let crashed = false;
  const handler = (error: unknown): void => {
    attempt(() => log.error('crash', { error: describe(error) }));
    // A crash while handling the first one must not recurse; the first handler exits.
    if (crashed) return;
    crashed = true;
    onCrash(error);
  };
  process.on('uncaughtException', handler);
  process.on('unhandledRejection', handler);
}

/** Runs one step of an emergency path: its failure must not keep the next steps from running. */
function attempt(step: () => void): void {
  try {
    step();
  } catch {
    // nothing left to report to: the log or the terminal is what failed
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Connects the terminal and the session for the rest of the process's life: nothing is ever
 * unwired, because the only way out is the exit path, which ends the process.
 */
function wire(outer: OuterTerminal, guarded: GuardedSession, log: Logger): void {
  outer.attachModes(guarded.scanner);
  for (const [signal, kind] of HOST_SIGNALS) process.on(signal, () => guarded.trigger({ kind }));
  guarded.onOutput((data) => outer.write(data, () => guarded.ack(data.length)));
  guarded.onHint((hint) => outer.showHint(hint.visible));
  outer.onResize(({ cols, rows }) => guarded.resize(cols, rows));
  outer.onInputEnd(() => {
    // A terminal that ends its input has hung up; a pipe has simply run dry.
    if (outer.inputIsTerminal) guarded.trigger({ kind: 'sighup' });
    else guarded.input(END_OF_FILE);
  });
  outer.onOutputError((error) => {
    log.warn('terminal.output-error', { error: String(error) });
    guarded.trigger({ kind: 'sighup' });
  });
  outer.onInput((data) => guarded.input(data));
  outer.enterRawMode();
}
