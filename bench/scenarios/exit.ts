// DESIGN §9, second and third numbers: how long until the host process is gone after an exit
// trigger, and until no process of the session is left, with the hostile child of
// hostile-tree.ts — for `ripcord run` and for the naive host, each in a real pty.
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { HOSTILE_PROCESSES, writeHostileScript } from '../lib/hostile-tree';
import { PROMPT, startTerminalHost, stopTerminalHost, type PipelineKind } from '../lib/pipelines';
import { MARKER_VARIABLE, markedProcesses, newMarker, whenGone, whenNoneLeft } from '../lib/processes';

export type ExitTrigger = 'ctrl-c' | 'sigint' | 'sigterm' | 'sighup' | 'exit-command' | 'session-ended' | 'host-killed';
export const EXIT_TRIGGERS: readonly ExitTrigger[] = [
  'ctrl-c',
  'sigint',
  'sigterm',
  'sighup',
  'exit-command',
  'session-ended',
  'host-killed',
];
/** The exit code each trigger must give (`host-killed`: none, the host dies by SIGKILL). */
export const EXIT_CODES: Partial<Record<ExitTrigger, number>> = {
  'ctrl-c': 130,
  sigint: 130,
  sigterm: 143,
  sighup: 129,
  'exit-command': 0,
  'session-ended': 3,
};

/** Between the two presses: past the 200 ms debounce, inside the 1000 ms double-press interval (an input, not a measurement). */
const SECOND_PRESS_AFTER_MS = 300;
/** A user pressing again and again; more than this and the host is not listening. */
const MAX_SECOND_PRESSES = 10;
const START_TIMEOUT_MS = 20_000;
/** A first prompt not on the screen after this is asked for again with an Enter (setup, never a measurement). */
const PROMPT_NUDGE_MS = 3_000;
/** DESIGN §9: none left within the grace plus this. */
export const NONE_LEFT_SLACK_MS = 500;
/** How long the bench waits for a host to go before calling it hung. */
export const HOST_GONE_TIMEOUT_MS = 5_000;

export interface ExitRun {
  /** trigger → host process gone (ms); undefined: still running after HOST_GONE_TIMEOUT_MS */
  hostGoneMs: number | undefined;
  /** trigger → no session process left (ms); undefined: some still alive at the deadline */
  noneLeftMs: number | undefined;
  /** session processes alive at trigger + grace + 500 ms */
  survivors: number;
  exitCode: number | undefined;
}

export interface ExitRunOptions {
  trigger: ExitTrigger;
  killGraceMs: number;
  /** how long to keep watching for the last session process after the survivors deadline */
  extraWatchMs?: number;
  /** append ripcord's log of the run to this file (for `ripcord stats`) */
  keepLogIn?: string;
}

/** One exit through `trigger` with a hostile job running; always cleans up after itself. */
export async function runExit(kind: PipelineKind, options: ExitRunOptions): Promise<ExitRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-exit-'));
  const marker = newMarker();
  const script = await writeHostileScript(dir);
  const rootPidFile = path.join(dir, 'root.pid');
  // session-ended: the root itself starts the hostile job and ends, leaving it behind, once told
  // to — by a signal that interrupts its `wait` at once, so the time counts from its end.
  const command =
    options.trigger === 'session-ended'
      ? [
          '/bin/bash',
          '-c',
          `trap 'exit ${EXIT_CODES['session-ended']}' USR1; echo $$ >${rootPidFile}; ${MARKER_VARIABLE}=${marker} bash ${script} & wait`,
        ]
      : undefined;
  const { program, logFile } = startTerminalHost(kind, { dir, marker, killGraceMs: options.killGraceMs, command });
  try {
    if (!command) {
      await program.waitForPrompt(PROMPT, START_TIMEOUT_MS, PROMPT_NUDGE_MS);
      const background = options.trigger === 'exit-command' ? ' &' : '';
      program.write(`${MARKER_VARIABLE}=${marker} bash ${script}${background}\r`);
    }
    await waitForHostileTree(marker);
    // Watched from before the trigger, so a press that is repeated knows when to stop.
    const gone = whenGone(program.pid, HOST_GONE_TIMEOUT_MS + MAX_SECOND_PRESSES * SECOND_PRESS_AFTER_MS);
    const t0 = options.trigger === 'session-ended' ? await endRoot(rootPidFile) : await fire(program, options.trigger, gone);
    const deadline = options.killGraceMs + NONE_LEFT_SLACK_MS;
    const noneLeft = whenNoneLeft(marker, deadline + (options.extraWatchMs ?? 0));
    await delay(Math.max(0, t0 + deadline - performance.now()));
    const survivors = (await markedProcesses(marker)).length;
    const [goneAt, noneLeftAt] = await Promise.all([gone, noneLeft]);
    await Promise.race([program.exited, delay(1_000)]);
    return {
      hostGoneMs: goneAt === undefined ? undefined : goneAt - t0,
      noneLeftMs: noneLeftAt === undefined ? undefined : noneLeftAt - t0,
      survivors,
      exitCode: program.exit?.exitCode,
    };
  } finally {
    await stopTerminalHost(program, marker);
    if (logFile && options.keepLogIn) await appendFile(options.keepLogIn, await readFile(logFile, 'utf8').catch(() => ''));
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/** Tells the session-ended root to end (SIGUSR1, trapped: `exit`); resolves with the time it was told. */
async function endRoot(pidFile: string): Promise<number> {
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  const t0 = performance.now();
  process.kill(pid, 'SIGUSR1');
  return t0;
}

async function waitForHostileTree(marker: string): Promise<void> {
  const deadline = performance.now() + START_TIMEOUT_MS;
  while ((await markedProcesses(marker)).length < HOSTILE_PROCESSES) {
    if (performance.now() > deadline) throw new Error(`the hostile tree did not reach ${HOSTILE_PROCESSES} processes`);
    await delay(20);
  }
}

/**
 * Presses (a Ctrl+C byte or SIGINT) the way a user does: once, then again every
 * SECOND_PRESS_AFTER_MS until the host is gone — on a loaded machine two presses can reach
 * the host closer together than the debounce, and the state machine rightly ignores one.
 * Resolves with the time of the last press sent before the host went.
 */
async function pressUntilGone(press: () => boolean, gone: Promise<number | undefined>): Promise<number> {
  let last = performance.now();
  if (!press()) return last;
  // an object, not a variable: it changes in a callback while the loop awaits
  const ended = { yet: false };
  void gone.then(() => (ended.yet = true));
  for (let i = 0; i < MAX_SECOND_PRESSES; i++) {
    await delay(SECOND_PRESS_AFTER_MS);
    if (ended.yet) return last;
    const now = performance.now();
    if (!press()) return last;
    last = now;
  }
  return last;
}

/** Sends the trigger; resolves with the moment the exit was asked for (for presses, the last one). */
async function fire(
  program: { pid: number; write(data: string): void },
  trigger: ExitTrigger,
  gone: Promise<number | undefined>,
): Promise<number> {
  switch (trigger) {
    case 'ctrl-c':
      return pressUntilGone(() => {
        program.write('\x03');
        return true;
      }, gone);
    case 'sigint':
      return pressUntilGone(() => {
        try {
          process.kill(program.pid, 'SIGINT');
          return true;
        } catch {
          return false; // a host that quit on the first SIGINT (the naive one)
        }
      }, gone);
    case 'exit-command':
      program.write('exit\r');
      return performance.now();
    case 'session-ended':
      throw new Error('session-ended is fired by the session itself');
    case 'sigterm':
    case 'sighup':
    case 'host-killed': {
      const t0 = performance.now();
      process.kill(program.pid, trigger === 'sigterm' ? 'SIGTERM' : trigger === 'sighup' ? 'SIGHUP' : 'SIGKILL');
      return t0;
    }
  }
}
