import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultLogPath, LOG_KEEP_FILES, LOG_MAX_BYTES, openLog, RotatingLogFile, silentLogger } from './log';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-log-')); });
afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

async function lines(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * flushSync() leaves alone a write the destination already handed to the thread pool (pino's
 * SonicBoom); it reaches the file on its own, so wait for the expected count of lines.
 */
async function settledLines(file: string, count: number): Promise<Record<string, unknown>[]> {
  await expect.poll(async () => (await lines(file)).length, { timeout: 5_000 }).toBe(count);
  return lines(file);
}

describe('defaultLogPath', () => {
  it('RIPCORD_LOG wins, then XDG_STATE_HOME, then ~/.local/state', () => {
    expect(defaultLogPath({ RIPCORD_LOG: '/l/r.log', XDG_STATE_HOME: '/s' })).toBe('/l/r.log');
    expect(defaultLogPath({ XDG_STATE_HOME: '/s' })).toBe('/s/ripcord/ripcord.log');
    expect(defaultLogPath({ XDG_STATE_HOME: 'relative' })).toBe(path.join(os.homedir(), '.local/state/ripcord/ripcord.log'));
    expect(defaultLogPath({})).toBe(path.join(os.homedir(), '.local/state/ripcord/ripcord.log'));
  });

  it('caps are 5 MB x 3 files', () => {
    expect([LOG_MAX_BYTES, LOG_KEEP_FILES]).toEqual([5 * 1024 * 1024, 3]);
  });
});

describe('openLog', () => {
  it('writes one JSON line per entry with monotonic t, wall time, name, level, pid and fields', async () => {
    const file = path.join(dir, 'nested/dir/ripcord.log');
    let now = 1000.25;
    const log = openLog({ file, clock: () => now });
    expect(log.file).toBe(file);
    log.event('trigger', { kind: 'ctrl-c', startTime: 12345678901234567890n });
    now = 1002.5;
    log.warn('slow', { ms: 600 });
    log.error('spawn-failed', { error: new Error('no such file') });
    log.flushSync();

    const [first, second, third] = await settledLines(file, 3);
    expect(first).toMatchObject({ t: 1000.25, name: 'trigger', level: 'info', pid: process.pid, kind: 'ctrl-c' });
    expect(await readFile(file, 'utf8')).toContain('"startTime":12345678901234567890');
    expect(new Date(String(first?.wall)).toISOString()).toBe(first?.wall);
    expect(second).toMatchObject({ t: 1002.5, name: 'slow', level: 'warn', ms: 600 });
    expect(third).toMatchObject({ name: 'spawn-failed', level: 'error', error: { message: 'no such file', type: 'Error' } });
  });

  it('uses performance.now() as its clock by default', async () => {
    const file = path.join(dir, 'r.log');
    const before = performance.now();
    const log = openLog({ file });
    log.event('x');
    log.flushSync();
    const [entry] = await settledLines(file, 1);
    expect(entry?.t).toBeGreaterThanOrEqual(before);
    expect(entry?.t).toBeLessThanOrEqual(performance.now());
  });

  it('drops entries below the configured level', async () => {
    const file = path.join(dir, 'r.log');
    const log = openLog({ file, level: 'warn' });
    log.event('dropped');
    log.warn('kept');
    log.flushSync();
    expect((await settledLines(file, 1)).map((e) => e.name)).toEqual(['kept']);
  });

  it('appends to an existing log', async () => {
    const file = path.join(dir, 'r.log');
    await writeFile(file, '{"name":"old"}\n');
    const log = openLog({ file });
    log.event('new');
    log.flushSync();
    expect((await settledLines(file, 2)).map((e) => e.name)).toEqual(['old', 'new']);
  });

  it('writes asynchronously while running: lines arrive without flushSync', async () => {
    const file = path.join(dir, 'r.log');
    const log = openLog({ file });
    log.event('async-line');
    await expect.poll(async () => (await lines(file)).map((e) => e.name), { timeout: 5_000 }).toEqual(['async-line']);
    log.flushSync();
  });

  it('never throws when the log cannot be opened, and then logs nothing', async () => {
    const blocker = path.join(dir, 'file');
    await writeFile(blocker, '');
    const stderr = process.stderr.write;
    let said = '';
    process.stderr.write = ((chunk: string) => { said += chunk; return true; }) as typeof process.stderr.write;
    let log;
    try {
      log = openLog({ file: path.join(blocker, 'r.log') });
    } finally {
      process.stderr.write = stderr;
    }
    expect(log).toBe(silentLogger);
    expect(said).toMatch(/^ripcord: cannot open the log .*r\.log: .*logging is off\n$/);
    expect(() => { log.event('x'); log.flushSync(); }).not.toThrow();
  });
});

describe('rotation', () => {
  const MAX = 2_000;
  const line = (seq: number) => `${JSON.stringify({ seq, pad: 'x'.repeat(80) })}\n`;
  const LINE_BYTES = line(0).length;
  const BATCH = 10;

  async function seqs(file: string): Promise<number[]> {
    return (await lines(file)).map((e) => Number(e.seq));
  }

  it('keeps at most 3 files of about maxBytes each and loses nothing within them', async () => {
    const file = path.join(dir, 'ripcord.log');
    const sink = new RotatingLogFile(file, MAX, 3);
    let seq = 0;
    for (let batch = 0; batch < 12; batch++) {
      for (let i = 0; i < BATCH; i++) sink.write(line(seq++));
      await sink.idle();
    }
    sink.flushSync();

    expect((await readdir(dir)).sort()).toEqual(['ripcord.log', 'ripcord.log.1', 'ripcord.log.2']);
    for (const name of ['ripcord.log.2', 'ripcord.log.1']) {
      // a rotation starts once the cap is passed; lines written until it is done land in the old file
      expect((await stat(path.join(dir, name))).size).toBeLessThanOrEqual(MAX + BATCH * LINE_BYTES);
    }
    // sorted: flushSync() can land queued lines before a write already in the thread pool (see log.ts)
    const retained = async () => [...(await seqs(`${file}.2`)), ...(await seqs(`${file}.1`)), ...(await seqs(file))].sort((a, b) => a - b);
    await expect.poll(async () => (await retained()).at(-1), { timeout: 5_000 }).toBe(seq - 1);
    const kept = await retained();
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => seq - kept.length + i));
    expect(kept.length).toBeGreaterThanOrEqual(2 * Math.floor(MAX / LINE_BYTES));
  });

  it('a log already over the cap at startup is moved aside on the first write', async () => {
    const file = path.join(dir, 'ripcord.log');
    await writeFile(file, line(-1).repeat(Math.ceil(MAX / LINE_BYTES)));
    const log = openLog({ file, maxBytes: MAX, keepFiles: 2 });
    log.event('first');
    await expect.poll(async () => (await readdir(dir)).sort(), { timeout: 5_000 }).toEqual(['ripcord.log', 'ripcord.log.1']);
    log.event('second');
    log.flushSync();
    expect((await settledLines(file, 1)).map((e) => e.name)).toEqual(['second']);
    expect((await lines(`${file}.1`)).map((e) => e.name ?? e.seq).slice(-1)).toEqual(['first']);
  });

  it('flushSync writes lines still queued in a file being rotated out', async () => {
    const file = path.join(dir, 'ripcord.log');
    const sink = new RotatingLogFile(file, MAX, 3);
    let seq = 0;
    while (seq * LINE_BYTES < 3 * MAX) sink.write(line(seq++));
    sink.flushSync();
    await sink.idle();
    sink.flushSync();
    const all = async () => [...(await seqs(`${file}.2`)), ...(await seqs(`${file}.1`)), ...(await seqs(file))].sort((a, b) => a - b);
    await expect.poll(all, { timeout: 5_000 }).toEqual(Array.from({ length: seq }, (_, i) => i));
  });
});
