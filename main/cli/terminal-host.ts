import { LogEvent } from '../core/log-events';
import { validateConfig } from '../core/config-validation';
import { type RipcordConfig } from '../core/config';
import { endOfInput } from '../core/control-chars';
import { EXIT_CODE_CANNOT_START, EXIT_CODE_HANGUP, EXIT_CODE_INTERNAL_ERROR } from '../core/exit-codes';
import { isDoublePressExit } from '../core/exit-decisions';
import { hintTitle } from '../core/hint-text';
import { keepSchemaCopy, loadConfig } from '../platform/files/config-file';
import type { ExitPathHost } from '../decisions/exit-path';
import { installSignalTriggers } from '../lifecycle/host-signals';
import { SessionLifecycle, type SpawnedSession } from '../lifecycle/session-lifecycle';
import { openLog, type Logger } from '../platform/log/log';
import { logUnexpectedErrors } from '../platform/log/unexpected-errors';
import { makeNonDumpable } from '../platform/processes/process-guard';
import { ReaperClient } from '../platform/reaper-client/reaper-client';
import { uncontainedNotice, unreachableNotice } from '../platform/containment/containment-notice';
import { visibleLines, visibleText } from '../core/visible-text';
import { writeBounded } from './bounded-terminal-io';
import { OuterTerminal } from './outer-terminal';
import { TerminalGuard } from './terminal-guard';
import type { RunOptions } from './run-options';
import { whenInForeground } from './foreground-wait';
import { usageError } from './usage-error';
import { type TerminalLoss, watchTerminalOwnership } from './terminal-loss';
import type { Result } from '../../contracts/result';

/**
 * `ripcord run`: the session lifecycle proxied through the terminal it was started in. Resolves
 * only on bad command-line settings; otherwise the exit path ends the process.
 */
export async function runTerminalHost(options: RunOptions): Promise<number> {
  const outer = new OuterTerminal({ input: process.stdin, output: process.stdout });
  const loaded = loadConfig(options.configFile);
  for (const problem of loaded.problems) process.stderr.write(`ripcord: ${problem}\n`);
  const config = applyCommandLine(loaded.config, options);
  if (!config.ok) return usageError('run', config.error);
  // A log that fails mid-session says so once, after the restore: never into the program's screen.
  let logNote: string | undefined;
  const log = openLog({
    file: options.logFile,
    level: config.value.logLevel,
    onFailure: (note) => {
      logNote = note;
    },
  });
  // a listener's error is logged, never printed into the program's screen (main/core/unexpected-error.ts)
  logUnexpectedErrors(log);
  keepSchemaCopy(log);
  // no same-user process may ptrace the host or read its memory and descriptors (DESIGN §4)
  const nonDumpable = makeNonDumpable();
  log.event('host.non-dumpable', nonDumpable.ok ? { ok: true } : { ok: false, error: nonDumpable.error });
  // spawned at its first command, while the session's root starts beside it (the root is held until the reaper confirmed)
  const reaper = ReaperClient.start({ killGraceMs: config.value.killGraceMs, logFile: log.file, log, spawn: 'when-needed' });
  // the reaper restores the terminal if this process dies without its own restore
  const guard = new TerminalGuard(reaper.terminal, outer);
  let crashReport: string | undefined;
  let transcript: SpawnedSession['transcript'];
  const host: ExitPathHost = {
    restore: () => {
      const report = outer.restore();
      guard.done();
      if (report) log.event('terminal.restored', { ...report });
      // After the restore, so it lands on the user's screen rather than the child's alternate one.
      if (crashReport !== undefined) process.stderr.write(crashReport);
      crashReport = undefined;
    },
    exit: (code, reason) => {
      // Node's exit puts back the terminal settings it saw at start, even from the background (it
      // blocks SIGTTOU for that): in a terminal now read by the shell that took it back, that would
      // switch readline's mode under it (every line echoed twice). Dying of SIGHUP skips it and
      // gives the parent the same 129.
      if (outer.leftAloneAtRestore && code === EXIT_CODE_HANGUP) dieOfHangup();
      // ripcord cut the program short, maybe before its last output reached the screen: where
      // to find all of it. A program's own end says nothing (as if run directly), nor a lost terminal.
      const kept = transcript?.kept ? transcript.dir : undefined;
      if (kept !== undefined && isDoublePressExit(reason) && process.stderr.isTTY && !outer.leftAloneAtRestore)
        attempt(() => writeBounded(process.stderr.fd, transcriptNote(kept)));
      // After the exit path's last log write, whose failure this may be; never into a lost terminal.
      if (logNote !== undefined) attempt(() => writeBounded(process.stderr.fd, `${logNote}\n`));
      process.exit(code);
    },
  };
  const lifecycle = new SessionLifecycle({
    config: config.value,
    log,
    reaper,
    host,
    command: options.command,
    // Where the user is, as any terminal starts; the settings' cwd is the desktop app's.
    cwd: options.cwd ?? process.cwd(),
    inheritTerminalType: true,
    // `ripcord run` takes no new key: ps, stop and the transcript reach it from outside
    hostKind: 'run',
    settingsFile: loaded.path,
  });
  installCrashGuard(log, (error) => {
    crashReport = `ripcord: internal error: ${visibleLines(describe(error))}\n`;
    attempt(() => lifecycle.exitNow(EXIT_CODE_INTERNAL_ERROR, `crash: ${String(error)}`));
    // Reached only when the crash came from inside a running exit path: finish its job.
    attempt(() => host.restore());
    process.exit(EXIT_CODE_INTERNAL_ERROR);
  });

  // From here on SIGINT is a press, also while the program is being spawned (DESIGN §3).
  installSignalTriggers({ signals: process, trigger: lifecycle.trigger, log });
  // after the restore, like a crash's report, so it lands on the user's screen
  lifecycle.onUnguarded((message) => {
    crashReport = `ripcord: ${message}\n`;
  });
  lifecycle.onStartFailed((error) => {
    process.stderr.write(`ripcord: ${visibleText(error)}\n`);
    lifecycle.exitNow(EXIT_CODE_CANNOT_START, 'cannot start the program');
  });
  lifecycle.onSpawned((spawned) => {
    transcript = spawned.transcript;
    // before the program's first output (a later turn of the loop), and before raw mode
    const notices = [
      uncontainedNotice(spawned.containment.kind, spawned.containment.reason),
      spawned.unreachable === undefined ? undefined : unreachableNotice(spawned.unreachable),
    ];
    for (const notice of notices) {
      if (notice) process.stderr.write(`${visibleLines([notice.title, ...notice.lines.map((line) => `  ${line}`)].join('\n'))}\n`);
    }
    // raw mode once the reaper's copy of the user's settings is read, when the terminal is ours
    wire(outer, lifecycle, spawned, log, () => guard.follow(lifecycle));
  });
  const { cols, rows } = outer.size;
  lifecycle.resize(cols, rows);
  return new Promise<number>(() => {
    // never settles: every way out goes through the session's exit path
  });
}

/** --cwd and --kill-grace win over the settings file; the grace is checked by the same schema. */
function applyCommandLine(config: RipcordConfig, options: RunOptions): Result<RipcordConfig> {
  if (options.killGraceMs === undefined) return { ok: true, value: config };
  const checked = validateConfig({ ...config, killGraceMs: options.killGraceMs });
  const problem = checked.problems.find((p) => p.key === 'killGraceMs');
  if (problem) return { ok: false, error: `--kill-grace: ${problem.message}` };
  return { ok: true, value: checked.config };
}

/** One dim line on stderr after a double press: where the session's transcript is (docs/see-stop-keep.md). */
function transcriptNote(dir: string): string {
  return `\x1b[2mripcord: what the session printed is kept in ${visibleText(dir)} (ripcord last)\x1b[0m\n`;
}

function dieOfHangup(): void {
  attempt(() => {
    process.removeAllListeners('SIGHUP'); // the default action again: terminate
    process.kill(process.pid, 'SIGHUP');
  });
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
/** `followed`: starts telling the reaper about the terminal; raw mode waits for its read of the user's settings. */
function wire(
  outer: OuterTerminal,
  lifecycle: SessionLifecycle,
  spawned: SpawnedSession,
  log: Logger,
  followed: () => Promise<void>,
): void {
  if (spawned.modes) outer.attachModes(spawned.modes);
  lifecycle.onOutput((data) => outer.write(data, () => lifecycle.ack(data.length)));
  // what a second press ends, by name once the session host knows it (SessionTools.onHint)
  lifecycle.onHint((hint) => outer.showHint(hint.visible, hintTitle(hint.ends)));
  spawned.onStopped?.((stopped) => {
    if (stopped) outer.note(`the program (pid ${spawned.pid}) stopped itself — Ctrl+C twice quits`);
  });
  outer.onResize(({ cols, rows }) => lifecycle.resize(cols, rows));
  const hangUp = (loss: TerminalLoss, detail?: string): void => {
    log.warn(LogEvent.terminalLost, { loss, detail });
    outer.markLost();
    lifecycle.trigger({ kind: 'sighup' });
  };
  let lastInput = '';
  outer.onInputEnd(() => {
    // A terminal that ends its input has hung up; a pipe has simply run dry: one end of file.
    if (outer.inputIsTerminal) hangUp('input-ended');
    else lifecycle.input(endOfInput(lastInput));
  });
  outer.onInputError((error) => hangUp('input-error', String(error)));
  outer.onOutputError((error) => hangUp('output-error', String(error)));
  const takeTerminal = (): void => {
    if (outer.inputIsTerminal) watchTerminalOwnership((loss) => hangUp(loss));
    outer.onInput((data) => {
      lastInput = data;
      lifecycle.input(data);
    });
    void followed().then(() => outer.enterRawMode());
  };
  // started in the background (`ripcord run … &`): reading the terminal or raw mode would stop it
  if (outer.inputIsTerminal) whenInForeground(takeTerminal);
  else takeTerminal();
}
