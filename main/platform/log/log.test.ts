import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { fullDiskUnavailable, mountSmallDisk } from '../files/full-disk.test-support';
import {
  defaultLogPath,
  LOG_KEEP_FILES,
  LOG_MAX_BYTES,
  LOG_MAX_QUEUED_BYTES,
  openLog,
  RotatingLogFile,
  silentLogger,
  type LogOptions,
} from './log';
import { processClock } from '../processes/process-clock';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function lines(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * flushSync() leaves alone a write already in flight; it reaches the file on its own, so wait
 * for the expected count of lines.
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
    expect(first).toMatchObject({
      t: 1000.25,
      name: 'trigger',
      level: 'info',
      pid: process.pid,
      kind: 'ctrl-c',
      startTime: '12345678901234567890',
    });
    expect(new Date(String(first?.wall)).toISOString()).toBe(first?.wall);
    expect(second).toMatchObject({ t: 1002.5, name: 'slow', level: 'warn', ms: 600 });
    expect(third).toMatchObject({ name: 'spawn-failed', level: 'error', error: { message: 'no such file', type: 'Error' } });
  });

  it("uses the process's monotonic clock (ms since it started) by default", async () => {
    const file = path.join(dir, 'r.log');
    const before = processClock();
    const log = openLog({ file });
    log.event('x');
    log.flushSync();
    const [entry] = await settledLines(file, 1);
    expect(entry?.t).toBeGreaterThanOrEqual(before);
    expect(entry?.t).toBeLessThanOrEqual(processClock());
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
    const stderr = process.stderr.write.bind(process.stderr);
    let said = '';
    process.stderr.write = (chunk: string) => {
      said += chunk;
      return true;
    };
    let log;
    try {
      log = openLog({ file: path.join(blocker, 'r.log') });
    } finally {
      process.stderr.write = stderr;
    }
    expect(log).toBe(silentLogger);
    expect(said).toMatch(/^ripcord: cannot open the log .*r\.log: .*logging is off\n$/);
    expect(() => {
      log.event('x');
      log.flushSync();
    }).not.toThrow();
  });
});

function openSink(
  file: string,
  options: { maxBytes?: number; keepFiles?: number; onFailure?: (reason: string) => void } = {},
): RotatingLogFile {
  const opened = RotatingLogFile.open(file, options);
  if (!opened.ok) throw new Error(opened.error);
  return opened.value;
}

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
    const sink = openSink(file, { maxBytes: MAX, keepFiles: 3 });
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
    // moved aside before the first line lands: the old file keeps only old lines
    expect((await settledLines(file, 2)).map((e) => e.name)).toEqual(['first', 'second']);
    expect((await lines(`${file}.1`)).every((e) => e.seq === -1)).toBe(true);
  });

  it('flushSync writes lines still queued in a file being rotated out', async () => {
    const file = path.join(dir, 'ripcord.log');
    const sink = openSink(file, { maxBytes: MAX, keepFiles: 3 });
    let seq = 0;
    while (seq * LINE_BYTES < 3 * MAX) sink.write(line(seq++));
    sink.flushSync();
    await sink.idle();
    sink.flushSync();
    await sink.idle();
    const all = async () => [...(await seqs(`${file}.2`)), ...(await seqs(`${file}.1`)), ...(await seqs(file))].sort((a, b) => a - b);
    await expect.poll(all, { timeout: 5_000 }).toEqual(Array.from({ length: seq }, (_, i) => i));
  });
});

describe('fields', () => {
  it('a field named like a line key (pid, name, level, t, wall) cannot overwrite it: it is written as field.<key>', async () => {
    const file = path.join(dir, 'r.log');
    const log = openLog({ file });
    log.event('reaper-started', { pid: 4242, name: 'x' });
    log.flushSync();
    const text = await readFile(file, 'utf8');
    expect(text.match(/"pid":/g)).toHaveLength(1);
    expect(JSON.parse(text)).toMatchObject({ pid: process.pid, name: 'reaper-started', 'field.pid': 4242, 'field.name': 'x' });
  });

  it('writes cycles as [Circular] instead of throwing', async () => {
    const file = path.join(dir, 'r.log');
    const log = openLog({ file });
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    log.event('loop', { loop });
    log.flushSync();
    expect((await settledLines(file, 1))[0]).toMatchObject({ loop: { a: 1, self: '[Circular]' } });
  });
});

describe('files the log creates', () => {
  it('creates the log 0600 and its missing directories 0700', async () => {
    const file = path.join(dir, 'state/ripcord/ripcord.log');
    openLog({ file }).flushSync();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, 'state/ripcord'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, 'state'))).mode & 0o777).toBe(0o700);
  });

  it('uses a directory the user named as it is, never chmod-ing it', async () => {
    const named = path.join(dir, 'shared');
    await mkdir(named, { mode: 0o755 });
    openLog({ file: path.join(named, 'r.log') }).flushSync();
    expect((await stat(named)).mode & 0o777).toBe(0o755);
  });

  it('narrows an old 0644 log of ours to 0600', async () => {
    const file = path.join(dir, 'r.log');
    await writeFile(file, '', { mode: 0o644 });
    openLog({ file });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('rotated logs stay 0600', async () => {
    const file = path.join(dir, 'ripcord.log');
    const sink = openSink(file, { maxBytes: 100, keepFiles: 2 });
    for (let i = 0; i < 5; i++) {
      sink.write(`${JSON.stringify({ i, pad: 'x'.repeat(80) })}\n`);
      await sink.idle();
    }
    for (const name of ['ripcord.log', 'ripcord.log.1']) expect((await stat(path.join(dir, name))).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['a symlink', async (file: string, target: string) => symlink(target, file)],
    [
      'a symlink to a missing file',
      async (file: string, target: string) => {
        await rm(target);
        await symlink(target, file);
      },
    ],
  ])('%s planted at the log path is not followed: the target is unchanged and logging is off', async (_kind, plant) => {
    const target = path.join(dir, 'victim');
    await writeFile(target, 'precious\n');
    const file = path.join(dir, 'r.log');
    await plant(file, target);
    const said = await capturingStderr(() => {
      const log = openLog({ file });
      log.event('x');
      log.flushSync();
      return log;
    });
    expect(said.result).toBe(silentLogger);
    expect(said.text).toMatch(/cannot open the log .*r\.log: is a symbolic link.*logging is off\n$/);
    expect(await readFile(target, 'utf8').catch(() => 'missing')).toBe(_kind === 'a symlink' ? 'precious\n' : 'missing');
  });

  it('a FIFO at the log path is refused at once (no reader to wait for)', async () => {
    const file = path.join(dir, 'r.log');
    await promisify(execFile)('mkfifo', [file]);
    const said = await capturingStderr(() => openLog({ file }));
    expect(said.result).toBe(silentLogger);
    expect(said.text).toMatch(/cannot open the log .*r\.log: is a FIFO or socket/);
  });
});

async function capturingStderr<T>(run: () => T): Promise<{ result: T; text: string }> {
  const stderr = process.stderr.write.bind(process.stderr);
  let text = '';
  process.stderr.write = (chunk: string) => {
    text += chunk;
    return true;
  };
  try {
    return { result: run(), text };
  } finally {
    process.stderr.write = stderr;
  }
}

describe('a slow or failing disk', () => {
  it('drops lines past the queue cap and says how many once it has room', async () => {
    const file = path.join(dir, 'r.log');
    const log = openLog({ file });
    const big = 'x'.repeat(64 * 1024);
    const sent = Math.ceil(LOG_MAX_QUEUED_BYTES / big.length) + 4;
    // all in one turn of the event loop: the first write is in flight, the rest queue up
    for (let i = 0; i < sent; i++) log.event('big', { i, big });
    await expect.poll(async () => (await lines(file)).length, { timeout: 5_000 }).toBeGreaterThan(0);
    log.event('after');
    log.flushSync();
    // the report comes with the next line that finds room (a write still in flight may land after it)
    await expect
      .poll(async () => (await lines(file)).filter((e) => e.name === 'after' || e.name === 'log.dropped').length, { timeout: 5_000 })
      .toBe(2);
    await expect.poll(async () => (await lines(file)).length, { timeout: 5_000 }).toBe((await lines(file)).length);
    const entries = await lines(file);
    const dropped = entries.find((e) => e.name === 'log.dropped')?.lines as number;
    expect(dropped).toBeGreaterThan(0);
    expect(entries.filter((e) => e.name === 'big').length + dropped).toBe(sent);
  });

  const noDisk = fullDiskUnavailable();
  if (noDisk) console.info(`full-disk log tests skipped: ${noDisk}`);

  it.skipIf(noDisk !== undefined)(
    'a disk full from the start: the first failed write turns logging off with one note, flushSync returns',
    async () => {
      const disk = await mountSmallDisk();
      try {
        await disk.fill();
        const notes: string[] = [];
        const options: LogOptions = { file: path.join(disk.dir, 'r.log'), onFailure: (note) => notes.push(note) };
        const log = openLog(options);
        for (let i = 0; i < 100; i++) log.event('line', { i, pad: 'x'.repeat(100) });
        log.flushSync();
        await expect.poll(() => notes.length, { timeout: 5_000 }).toBe(1);
        log.event('more');
        log.flushSync();
        expect(notes).toEqual([
          expect.stringMatching(
            /^ripcord: writing the log .*r\.log failed \(no space left on the device\); logging is off for the rest of this run$/,
          ),
        ]);
      } finally {
        await disk.dispose();
      }
    },
  );

  it.skipIf(noDisk !== undefined)('a disk filled mid-run: the exit flush fails once, without retrying, and logging is off', async () => {
    const disk = await mountSmallDisk();
    try {
      const file = path.join(disk.dir, 'r.log');
      const notes: string[] = [];
      const log = openLog({ file, onFailure: (note) => notes.push(note) });
      log.event('before');
      await expect.poll(async () => (await lines(file)).length, { timeout: 5_000 }).toBe(1);
      await disk.fill([file]);
      // queued and flushed synchronously, as the exit path does
      for (let i = 0; i < 50; i++) log.event('exit-line', { i });
      log.flushSync();
      expect(notes).toHaveLength(1);
      log.flushSync();
      expect(notes).toHaveLength(1);
      expect((await lines(file)).map((e) => e.name)).toEqual(['before']);
    } finally {
      await disk.dispose();
    }
  });
});
