// The bench's view of /proc: session processes are found by a marker in their environment,
// which every descendant inherits (setsid, nohup and double forks included).
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { readProcStat, readProcStatus } from '../../main/platform/processes/proc-files';

export const MARKER_VARIABLE = 'RIPCORD_BENCH_MARKER';

export function newMarker(): string {
  return `ripcord-bench-${randomBytes(6).toString('hex')}`;
}

/** State letter of /proc/<pid>/stat, undefined when the pid does not exist. */
export async function processState(pid: number): Promise<string | undefined> {
  return (await readProcStat(pid))?.state;
}

const isDead = (state: string | undefined): boolean => state === undefined || state === 'Z' || state === 'X';

/** Live (non-zombie) processes whose environment holds MARKER_VARIABLE=marker. */
export async function markedProcesses(marker: string): Promise<number[]> {
  const needle = `${MARKER_VARIABLE}=${marker}\0`;
  const names = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const found = await Promise.all(
    names.map(async (name) => {
      const pid = Number(name);
      if (pid === process.pid) return undefined;
      try {
        const environ = await readFile(`/proc/${name}/environ`, 'latin1');
        return environ.includes(needle) && !isDead(await processState(pid)) ? pid : undefined;
      } catch {
        return undefined; // gone meanwhile, or not ours to read
      }
    }),
  );
  return found.filter((pid): pid is number => pid !== undefined);
}

/** SIGKILLs marked processes until none is left (bounded); returns how many were killed. */
export async function killMarked(marker: string, timeoutMs = 5_000): Promise<number> {
  let killed = 0;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const left = await markedProcesses(marker);
    if (left.length === 0 || performance.now() > deadline) return killed;
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        // already gone
      }
    }
    await delay(20);
  }
}

/**
 * Resolves with performance.now() at the first check that finds pid gone (or a zombie),
 * polling /proc every `intervalMs`; undefined after timeoutMs. Independent of who reaps it.
 */
export async function whenGone(pid: number, timeoutMs: number, intervalMs = 1): Promise<number | undefined> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (isDead(await processState(pid))) return performance.now();
    if (performance.now() > deadline) return undefined;
    await delay(intervalMs);
  }
}

/** Polls until no marked process is left; the time it happened, or undefined at the deadline. */
export async function whenNoneLeft(marker: string, timeoutMs: number, intervalMs = 20): Promise<number | undefined> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if ((await markedProcesses(marker)).length === 0) return performance.now();
    if (performance.now() > deadline) return undefined;
    await delay(intervalMs);
  }
}

/**
 * Resident set size in bytes (VmRSS) of the processes together, and the part of it that is file
 * pages they map (RssFile: code, and ripcord's transcript file); undefined when one is gone.
 */
export async function residentBytes(pids: readonly number[]): Promise<{ rss: number; file: number } | undefined> {
  const statuses = await Promise.all(pids.map((pid) => readProcStatus(pid)));
  if (statuses.some((status) => status?.rssKb === undefined)) return undefined;
  return statuses.reduce(
    (sum, status) => ({ rss: sum.rss + (status?.rssKb ?? 0) * 1024, file: sum.file + (status?.rssFileKb ?? 0) * 1024 }),
    { rss: 0, file: 0 },
  );
}

/** CPU time (user + system, all threads) the processes have used, in ms; undefined once one is gone. */
export async function cpuMs(pids: readonly number[]): Promise<number | undefined> {
  const stats = await Promise.all(pids.map((pid) => readProcStat(pid)));
  // utime + stime, in ticks of 10 ms (USER_HZ 100)
  return stats.some((stat) => stat === undefined) ? undefined : stats.reduce((sum, stat) => sum + (stat?.cpuTicks ?? 0) * 10, 0);
}

export function killQuietly(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
