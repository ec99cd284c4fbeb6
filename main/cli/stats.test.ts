import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileEventLog } from '../platform/log/event-log';
import { openLog } from '../platform/log/log';
import { formatStats, runStats, summarizeFile } from './stats';
import { LogSummarizer, percentile, type LatencyRow } from '../platform/log/log-summarizer';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-stats-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const row = (rows: LatencyRow[], trigger: string, stage: string): LatencyRow | undefined =>
  rows.find((r) => r.trigger === trigger && r.stage === stage);

function capture(): { out: string[]; err: string[]; io: { stdout: (t: string) => void; stderr: (t: string) => void } } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t) => out.push(t), stderr: (t) => err.push(t) } };
}

describe('percentile', () => {
  it('is nearest-rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 1..100, unsorted
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([3, 1], 50)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('LogSummarizer', () => {
  // Lines as the log writes them (log-line.ts); fields may add a second "pid" as older logs (pino) did.
  const host = (pid: number, t: number, wall: string, name: string, fields = ''): string =>
    `{"level":"info","t":${t},"wall":"${wall}","pid":${pid}${fields},"name":"${name}"}`;
  const reaper = (t: number, wall: string, name: string, fields: string): string =>
    `{"t":${t},"wall":"${wall}","level":"info","name":"${name}"${fields}}`;

  it("measures each exit stage from its trigger, per trigger and for all, and the reaper's report in wall ms", () => {
    const s = new LogSummarizer();
    const lines = [
      host(100, 10, '2026-01-01T00:00:00.000Z', 'session.started', ',"pid":555'),
      host(100, 20, '2026-01-01T00:00:00.010Z', 'trigger', ',"kind":"ctrl-c","action":"cancel"'),
      host(100, 45, '2026-01-01T00:00:00.035Z', 'cancel.handled'),
      host(100, 400, '2026-01-01T00:00:00.390Z', 'trigger', ',"kind":"ctrl-c","action":"exit"'),
      host(100, 400.5, '2026-01-01T00:00:00.390Z', 'exit.begin', ',"code":130,"reason":"ctrl-c double press"'),
      host(100, 401, '2026-01-01T00:00:00.391Z', 'exit.reaper'),
      host(100, 403, '2026-01-01T00:00:00.393Z', 'exit.restore'),
      host(100, 404, '2026-01-01T00:00:00.394Z', 'exit.end', ',"code":130'),
      reaper(9000, '2026-01-01T00:00:02.400Z', 'reaper-session-dead', ',"pid":555,"HUP":1,"TERM":0,"KILL":50,"ms":2009,"survivors":0'),
      // a second host in the same log, exiting by SIGTERM, naming its session `sessionPid`
      host(200, 5, '2026-01-01T00:00:03.000Z', 'session.started', ',"sessionPid":666'),
      host(200, 50, '2026-01-01T00:00:03.045Z', 'trigger', ',"kind":"sigterm","action":"exit"'),
      host(200, 52, '2026-01-01T00:00:03.047Z', 'exit.begin', ',"code":143,"reason":"sigterm"'),
      host(200, 58, '2026-01-01T00:00:03.053Z', 'exit.end', ',"code":143'),
      reaper(77, '2026-01-01T00:00:03.145Z', 'reaper-session-dead', ',"pid":666,"ms":90,"survivors":0'),
    ];
    for (const line of lines) s.push(line);
    const summary = s.summary();
    expect(summary).toMatchObject({ lines: lines.length, skipped: 0, exits: 2, cancels: 1 });
    expect(row(summary.exitPath, 'ctrl-c', 'exit.begin')).toMatchObject({ count: 1, median: 0.5 });
    expect(row(summary.exitPath, 'ctrl-c', 'exit.end')).toMatchObject({ count: 1, median: 4 });
    expect(row(summary.exitPath, 'ctrl-c', 'session dead')).toMatchObject({ count: 1, median: 2010 });
    expect(row(summary.exitPath, 'sigterm', 'exit.end')).toMatchObject({ count: 1, median: 8 });
    expect(row(summary.exitPath, 'sigterm', 'session dead')).toMatchObject({ count: 1, median: 100 });
    expect(row(summary.exitPath, 'sigterm', 'exit.restore')).toBeUndefined();
    expect(row(summary.exitPath, 'all', 'exit.end')).toMatchObject({ count: 2, median: 4, p99: 8 });
    expect(row(summary.cancel, 'ctrl-c', 'cancel.handled')).toMatchObject({ count: 1, median: 25 });
    // 'all' comes first, then the triggers in name order
    expect([...new Set(summary.exitPath.map((r) => r.trigger))]).toEqual(['all', 'ctrl-c', 'sigterm']);
  });

  it("takes a host's lines in the order of its clock: a trigger line written after the exit's own lines still starts it", () => {
    const s = new LogSummarizer();
    s.push(host(9, 100, '2026-01-01T00:00:00.100Z', 'exit.begin', ',"code":130,"reason":"ctrl-c double press"'));
    s.push(host(9, 104, '2026-01-01T00:00:00.104Z', 'exit.end', ',"code":130'));
    s.push(host(9, 99.5, '2026-01-01T00:00:00.099Z', 'trigger', ',"kind":"ctrl-c","action":"exit"'));
    const summary = s.summary();
    expect(summary.exits).toBe(1);
    expect(row(summary.exitPath, 'ctrl-c', 'exit.end')).toMatchObject({ count: 1, median: 4.5 });
  });

  it('starts an exit at exit.begin when no trigger line precedes it, and counts lines that are not log entries', () => {
    const s = new LogSummarizer();
    s.push('not json');
    s.push('{"no":"name"}');
    s.push('');
    s.push(host(7, 100, '2026-01-01T00:00:00.000Z', 'exit.begin', ',"code":70,"reason":"crash: Error: boom"'));
    s.push(host(7, 101, '2026-01-01T00:00:00.001Z', 'exit.end', ',"code":70'));
    s.push(host(7, 500, '2026-01-01T00:00:01.000Z', 'main-loop-stall', ',"ms":2004'));
    const summary = s.summary();
    expect(summary).toMatchObject({ lines: 5, skipped: 2, exits: 1, cancels: 0 });
    expect(row(summary.exitPath, 'direct: crash', 'exit.end')).toMatchObject({ count: 1, median: 1 });
    expect(summary.stalls).toMatchObject({ count: 1, max: 2004 });
    expect(formatStats('x.log', summary)).toContain('longest 2004.0 ms');
  });
});

describe('runStats', () => {
  it('counts the sessions the reaper ended, the migrants it swept and the survivors it left, as it logs them', async () => {
    const file = path.join(dir, 'ripcord.log');
    const reaperLog = new FileEventLog(file);
    // the fields reaper-cgroups.ts and reaper-main.ts write
    reaperLog.event('reaper-session-dead', {
      pid: 11,
      cgroup: 'ripcord-11-1-0123456789abcdef',
      KILL: 2,
      ms: 40,
      survivors: 0,
      migrated: 3,
      movedBack: 3,
      removed: true,
    });
    reaperLog.event('reaper-session-dead', { pid: 12, KILL: 1, ms: 2100, survivors: 2, migrated: 5, movedBack: 0 });
    reaperLog.event('reaper-session-dead', { pid: 13, ms: 5, survivors: 0, migrated: 0 });
    await reaperLog.flushed();
    const last = JSON.parse((await readFile(file, 'utf8')).trim().split('\n')[1] as string) as { wall: string };

    const { out, io } = capture();
    expect(await runStats([file], io)).toBe(0);
    expect(out.join('')).toContain(
      `Sessions ended by the reaper: 3; migrants swept: 8 (3 moved back into their container); survivors: 2 in 1 session, the last at ${last.wall}`,
    );
    const json = capture();
    expect(await runStats(['--json', file], json.io)).toBe(0);
    expect(JSON.parse(json.out.join('')).sessions).toEqual({
      count: 3,
      migrated: 8,
      movedBack: 3,
      survivors: 2,
      withSurvivors: 1,
      lastSurvivorWall: last.wall,
    });
  });

  it('reads a log written by the real loggers and prints the table', async () => {
    const file = path.join(dir, 'ripcord.log');
    let now = 1000;
    const log = openLog({ file, clock: () => now });
    log.event('session.started', { sessionPid: 4242 });
    log.event('trigger', { kind: 'sighup', action: 'exit' });
    now += 2;
    log.event('exit.begin', { code: 129, reason: 'sighup' });
    now += 3;
    log.event('exit.end', { code: 129 });
    log.flushSync();
    const reaperLog = new FileEventLog(file);
    reaperLog.event('reaper-session-dead', { pid: 4242, ms: 12, survivors: 0 });
    await reaperLog.flushed();

    const { out, err, io } = capture();
    expect(await runStats([file], io)).toBe(0);
    expect(err).toEqual([]);
    const text = out.join('');
    expect(text).toContain('1 exits');
    expect(text).toMatch(/sighup\s+exit\.begin\s+1\s+2\.00\s+2\.00/);
    expect(text).toMatch(/exit\.end\s+1\s+5\.00\s+5\.00/);
    expect(text).toMatch(/session dead\s+1\s/);

    const json = capture();
    expect(await runStats(['--json', file], json.io)).toBe(0);
    expect(JSON.parse(json.out.join(''))).toMatchObject({ file, exits: 1 });
  });

  it('refuses a FIFO or a device as LOGFILE instead of waiting on it, control characters in its name shown', async () => {
    const fifo = path.join(dir, 'fifo\u001b]0;x\u0007.log');
    await promisify(execFile)('mkfifo', [fifo]);
    for (const file of [fifo, '/dev/zero']) {
      const refused = capture();
      expect(await runStats([file], refused.io)).toBe(1);
      expect(refused.err.join('')).toMatch(/cannot read .*: not a regular file\n$/);
      // eslint-disable-next-line no-control-regex
      expect(refused.err.join('')).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    }
  });

  it('says so when the log is missing, and rejects bad arguments', async () => {
    const missing = capture();
    expect(await runStats([path.join(dir, 'none.log')], missing.io)).toBe(1);
    expect(missing.err.join('')).toContain('no such file');
    const bad = capture();
    expect(await runStats(['--frobnicate'], bad.io)).toBe(2);
    expect(await runStats(['a.log', 'b.log'], bad.io)).toBe(2);
    expect(bad.err.join('')).toContain("ripcord stats: unknown option '--frobnicate'\nTry 'ripcord stats --help'.\n");
    const help = capture();
    expect(await runStats(['--help'], help.io)).toBe(0);
    expect(help.out.join('')).toContain('Usage: ripcord stats');
  });

  it('summarizes an empty log without failing', async () => {
    const file = path.join(dir, 'empty.log');
    await writeFile(file, '');
    expect((await summarizeFile(file)).exits).toBe(0);
    const { out, io } = capture();
    expect(await runStats([file], io)).toBe(0);
    expect(out.join('')).toContain('No exits or cancels');
    expect(await readFile(file, 'utf8')).toBe('');
  });
});
