// `ripcord stats [LOGFILE]`: the signal-handling metrics of DESIGN §8 read back from the
// JSON-line log (log-summarizer.ts) — per trigger and per stage of the exit path, how many and
// how fast; `--follow` shows them as they happen (main/platform/log/log-follow.ts).
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { visibleText } from '../core/visible-text';
import { defaultLogPath } from '../platform/log/log';
import { usageError } from './usage-error';
import { followLog } from '../platform/log/log-follow';
import { LogSummarizer, type EndedSessions, type LatencyRow, type StatsSummary } from '../platform/log/log-summarizer';

export const STATS_USAGE = `Usage: ripcord stats [--json | --follow] [LOGFILE]

Reads ripcord's JSON-line log (default: $RIPCORD_LOG, else the XDG state directory) and
prints, per trigger and per stage of the exit path, the count, median and p99 latency in
ms after the trigger. "session dead" is when the reaper reported the session's last process
gone (wall clock, 1 ms resolution). Cancels report the time until the shell had the terminal
back (cancel.handled); main-loop stalls the watchdog saw are listed with their length. The
sessions the reaper ended are counted with what it swept outside their container (migrants,
and how many it moved back into it) and what it left alive (survivors), as it logged them.

Options:
  --json       print the summary as JSON
  --follow     show each press, decision, cancel answer, exit stage, dead session and stall
               as it is logged, with the running median and p99 per trigger, until Ctrl+C;
               follows the log across its rotation
  -h, --help   show this help`;

const ms = (value: number): string => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(1));

function table(title: string, latency: readonly LatencyRow[]): string[] {
  if (latency.length === 0) return [];
  const lines = [
    title,
    `  ${'trigger'.padEnd(18)} ${'stage'.padEnd(14)} ${'count'.padStart(6)} ${'median'.padStart(9)} ${'p99'.padStart(9)}`,
  ];
  let previous = '';
  for (const row of latency) {
    // trigger kinds and stage names come from the log file: outside text
    const trigger = row.trigger === previous ? '' : visibleText(row.trigger);
    previous = row.trigger;
    lines.push(
      `  ${trigger.padEnd(18)} ${visibleText(row.stage).padEnd(14)} ${String(row.count).padStart(6)} ${ms(row.median).padStart(9)} ${ms(row.p99).padStart(9)}`,
    );
  }
  return [...lines, ''];
}

/** What the reaper's reports say of the sessions it ended: `stats` and `doctor` print this line. */
export function describeEndedSessions(ended: EndedSessions): string {
  if (ended.count === 0) return 'Sessions ended by the reaper: none in this log yet';
  const moved = ended.movedBack > 0 ? ` (${ended.movedBack} moved back into their container)` : '';
  const last = ended.lastSurvivorWall ? `, the last at ${visibleText(ended.lastSurvivorWall)}` : '';
  const survivors =
    ended.survivors === 0 ? 'none' : `${ended.survivors} in ${ended.withSurvivors} session${ended.withSurvivors === 1 ? '' : 's'}${last}`;
  return `Sessions ended by the reaper: ${ended.count}; migrants swept: ${ended.migrated}${moved}; survivors: ${survivors}`;
}

export function formatStats(file: string, summary: StatsSummary): string {
  const skipped = summary.skipped > 0 ? `; ${summary.skipped} lines skipped (not a log entry)` : '';
  const { stalls } = summary;
  const out = [
    `ripcord stats: ${visibleText(file)}`,
    `${summary.lines} lines, ${summary.exits} exits, ${summary.cancels} cancels, ${stalls.count} main-loop stalls${skipped}`,
    describeEndedSessions(summary.sessions),
    '',
    ...table('Exit path, ms after the trigger', summary.exitPath),
    ...table('Cancel, ms after the press', summary.cancel),
  ];
  if (stalls.count > 0)
    out.push(`Main-loop stalls (watchdog): median ${ms(stalls.median)} ms, p99 ${ms(stalls.p99)} ms, longest ${ms(stalls.max)} ms`, '');
  if (summary.exits === 0 && summary.cancels === 0) out.push('No exits or cancels in this log yet.', '');
  return out.join('\n');
}

/**
 * Streams the log line by line (any size, flat memory). Opened non-blocking and checked to be a
 * regular file first, so a FIFO or a device named as LOGFILE is refused instead of waited on.
 */
export async function summarizeFile(file: string): Promise<StatsSummary> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw new Error('not a regular file');
  } catch (error) {
    await handle.close();
    throw error;
  }
  const summarizer = new LogSummarizer();
  const input = createInterface({ input: handle.createReadStream({ encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of input) summarizer.push(line);
  return summarizer.summary();
}

export interface StatsOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processOutput: StatsOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** `ripcord stats [--json] [LOGFILE]`; resolves to the exit code (2: usage, 1: unreadable log). */
export async function runStats(args: string[], output: StatsOutput = processOutput): Promise<number> {
  const json = args.includes('--json');
  const follow = args.includes('--follow');
  const rest = args.filter((arg) => arg !== '--json' && arg !== '--follow');
  if (rest.includes('--help') || rest.includes('-h')) {
    output.stdout(`${STATS_USAGE}\n`);
    return 0;
  }
  const unknown = rest.find((arg) => arg.startsWith('-'));
  if (unknown !== undefined || rest.length > 1)
    return usageError('stats', unknown !== undefined ? `unknown option '${unknown}'` : 'give at most one LOGFILE', output.stderr);
  if (json && follow) return usageError('stats', '--json and --follow do not go together', output.stderr);
  const file = rest[0] ?? defaultLogPath();
  if (follow) return followUntilInterrupted(file, output);
  let summary: StatsSummary;
  try {
    summary = await summarizeFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    output.stderr(
      `ripcord: stats: ${visibleText(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error)}`)}\n`,
    );
    return 1;
  }
  output.stdout(json ? `${JSON.stringify({ file, ...summary }, null, 2)}\n` : formatStats(file, summary));
  return 0;
}

/** `--follow`: until SIGINT, SIGTERM or SIGHUP (exit 0); a LOGFILE that is not a regular file is refused (exit 1). */
async function followUntilInterrupted(file: string, output: StatsOutput): Promise<number> {
  const stop = new AbortController();
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const onSignal = (): void => stop.abort();
  for (const signal of signals) process.on(signal, onSignal);
  output.stdout(`ripcord stats: following ${visibleText(file)} (Ctrl+C to stop)\n`);
  try {
    await followLog(file, { line: (text) => output.stdout(`${text}\n`) }, stop.signal);
    return 0;
  } catch (error) {
    output.stderr(`ripcord: stats: ${visibleText(`cannot follow ${file}: ${error instanceof Error ? error.message : String(error)}`)}\n`);
    return 1;
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
  }
}
