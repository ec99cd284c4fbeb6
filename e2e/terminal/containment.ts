// Helpers for the containment specs (issue #11): the escapes fixture, counting what a
// session left behind, ripcord's cgroups, and `ripcord run` started without a terminal.
import { LogEvent } from '../../main/core/log-events';
import { test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { locateCgroup } from '../../main/platform/containment/cgroup';
import { MARKER_VARIABLE, processesWithMarker } from './processes';
import { CLI, FIXTURES, KILL_GRACE_MS } from './ripcord';
import { waitUntil } from './tmux';

export const ESCAPES = path.join(FIXTURES, 'escapes.sh');
/** The `sleep`s escapes.sh leaves running: setsid -f, orphan, daemon, tmux, unshare, 5 forked. */
export const ESCAPE_SLEEPS = 10;
/** What a kill may take at most: the grace, then the reaper's own start and the kernel. */
export const NONE_LEFT_WITHIN_MS = KILL_GRACE_MS + 5_000;
/** Scans of every process's environment are costly; many sessions scan at once here. */
const SCAN_POLL_MS = 100;

/** waitUntil with a slower poll, for probes that read all of /proc. */
async function pollUntil(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, SCAN_POLL_MS));
  }
}

async function comm(pid: number): Promise<string | undefined> {
  return (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => undefined))?.trim();
}

/** Live processes with the marker whose command name is `name`. */
export async function markedNamed(marker: string, name: string): Promise<number[]> {
  const found: number[] = [];
  for (const pid of await processesWithMarker(marker)) if ((await comm(pid)) === name) found.push(pid);
  return found;
}

export async function waitForEscapesUp(marker: string, sleeps = ESCAPE_SLEEPS): Promise<void> {
  await pollUntil(`${sleeps} escaped sleeps to run`, async () => (await markedNamed(marker, 'sleep')).length >= sleeps, LOG_EVENT_WAIT_MS);
}

/** Runs `work` for each item, at most `atOnce` at a time; resolves with the results in order. */
export async function inBatches<T, R>(items: readonly T[], atOnce: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}

/** Waits for every process with the marker to end; returns what is left at the deadline, described. */
export async function leftAfter(marker: string, timeoutMs = NONE_LEFT_WITHIN_MS): Promise<string[]> {
  const ok = await pollUntil(
    "the session's processes to end",
    async () => (await processesWithMarker(marker)).length === 0,
    timeoutMs,
  ).then(
    () => true,
    () => false,
  );
  if (ok) return [];
  const left = await processesWithMarker(marker);
  return Promise.all(
    left.map(async (pid) => `${pid} ${(await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ')}`),
  );
}

/** Cgroup directories named after any of these ripcord host pids, anywhere in the hierarchy. */
export async function cgroupsOf(hostPids: readonly number[]): Promise<string[]> {
  const located = await locateCgroup();
  if (!located.ok) throw new Error(located.error);
  const names = new RegExp(`^ripcord-(${hostPids.join('|')})-`);
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const child = path.join(dir, entry.name);
      if (names.test(entry.name)) found.push(child);
      if (depth > 0) await walk(child, depth - 1);
    }
  };
  await walk(located.value.mount, 3);
  return found;
}

export interface LoggedEvent {
  name: string;
  wall: string;
  [field: string]: unknown;
}

export async function logEvents(file: string): Promise<LoggedEvent[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LoggedEvent];
      } catch {
        return [];
      }
    });
}

/** Starting many ripcords at once on a loaded machine can take long: a generous bound. */
const LOG_EVENT_WAIT_MS = 60_000;

export async function waitForLogEvent(file: string, name: string): Promise<LoggedEvent> {
  return waitUntil(`"${name}" in ${file}`, async () => (await logEvents(file)).find((e) => e.name === name), LOG_EVENT_WAIT_MS);
}

/** ms from the host's exit.begin to the reaper's report that the cgroup is empty and removed. */
export async function exitToEmptyMs(file: string): Promise<number | undefined> {
  const events = await logEvents(file);
  const begin = events.find((e) => e.name === 'exit.begin');
  const done = events.find((e) => e.name === LogEvent.cgroupKillDone);
  return begin && done ? Date.parse(done.wall) - Date.parse(begin.wall) : undefined;
}

/** `ripcord run -- command` with a pipe for stdin (kept open) and nothing on stdout. */
export function runWithoutTerminal(
  command: readonly string[],
  options: { marker: string; logFile: string; env?: Record<string, string> },
): { pid: number; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [CLI, 'run', '--kill-grace', String(KILL_GRACE_MS), '--log', options.logFile, '--', ...command], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...process.env, RIPCORD_CONFIG: `${options.logFile}.no-config.json`, [MARKER_VARIABLE]: options.marker, ...options.env },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ? 128 : code)));
  if (child.pid === undefined) throw new Error('ripcord did not start');
  return { pid: child.pid, exited };
}

/** A scratch cgroup beside the test's own (a migrants' sibling, a parent): made, or why it cannot be. */
export interface ScratchCgroup {
  dir: string;
  mount: string;
  remove(): Promise<void>;
}

export async function scratchCgroup(stem: string): Promise<ScratchCgroup | string> {
  const located = await locateCgroup();
  if (!located.ok) return `no cgroup2 hierarchy: ${located.error}`;
  const dir = path.join(located.value.dir, `${stem}-${randomBytes(6).toString('hex')}`);
  const failed = await mkdir(dir).then(
    () => undefined,
    (error: Error) => `cannot make a cgroup beside the test's own: ${error.message}`,
  );
  if (failed !== undefined) return failed;
  return {
    dir,
    mount: located.value.mount,
    // once its processes are gone (a reaper may still be removing a session cgroup below it)
    remove: () =>
      waitUntil(`${dir} to be removed`, async () =>
        (await rmdir(dir).then(
          () => true,
          () => false,
        ))
          ? true
          : undefined,
      ).then(
        () => undefined,
        () => undefined,
      ),
  };
}

/** The scratch cgroup, or a skip of the test whose reason is printed on the run's output. */
export async function scratchCgroupOrSkip(stem: string, spec: string): Promise<ScratchCgroup | undefined> {
  const made = await scratchCgroup(stem);
  if (typeof made !== 'string') return made;
  console.log(`[${spec}] skipped: ${made}`);
  test.skip(true, made);
  return undefined;
}
