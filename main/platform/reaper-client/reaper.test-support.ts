// What a test learns of the reaper's kills, from where the product writes it: the reaper's log
// file (one JSON object a line).
import { readFile } from 'node:fs/promises';
import { LogEvent } from '../../core/log-events';
import { waitFor } from '../processes/processes.test-support';

export type LogEntry = Record<string, unknown>;

/** The entries of a log file so far; whole lines only: the log may be in the middle of appending the next one. */
export async function logFileEntries(file: string): Promise<LogEntry[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .slice(0, -1)
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogEntry);
}

/**
 * The reaper's `reaper-session-dead` entry for the session of root `pid` once it is logged (the
 * signals its processes died of, `ms`, `survivors`); undefined after timeoutMs.
 */
export function reaperSessionDead(logFile: string, pid: number, timeoutMs: number): Promise<LogEntry | undefined> {
  return waitFor(
    async () => (await logFileEntries(logFile)).find((e) => e.name === LogEvent.reaperSessionDead && e.pid === pid),
    timeoutMs,
  );
}
