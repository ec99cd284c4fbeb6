// Transcripts on a real file system, written with real positional writes: output and its
// records, a private file of fixed size, the cap keeping the end (a cut transcript starts at a
// whole line after a reset), the last 20 sessions kept, what waited before the file existed,
// a full disk stopping the recording (the process lives on), and the reader taking whatever a
// kill left (transcript-kill.test.ts kills a real writer).
import { mkdir, open, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nullEventLog, type EventLog } from '../log/event-log';
import { fullDiskUnavailable, mountSmallDisk } from '../files/full-disk.test-support';
import { tempDir, waitFor } from '../processes/processes.test-support';
import { Transcript } from './transcript';
import {
  CUT_RESET,
  layoutFor,
  parseTranscript,
  pieceBytes,
  recordOffset,
  RECORDS_AT,
  TRANSCRIPT_FILE,
  TRANSCRIPT_MAX_BYTES,
  TRANSCRIPTS_KEPT,
  writeCount,
} from './transcript-format';
import { listTranscripts, readTranscript, type TranscriptEvent } from './transcript-reader';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function root(): Promise<string> {
  const temp = await tempDir();
  cleanups.push(() => temp.dispose());
  return path.join(temp.dir, 'transcripts');
}

/** A transcript whose session's start is over, once its file is made: it writes as output comes. */
async function begun(options: ConstructorParameters<typeof Transcript>[0]): Promise<Transcript> {
  const t = new Transcript(options);
  t.begin();
  expect(await waitFor(() => t.kept, 5_000)).toBe(true);
  return t;
}

const outputOf = (events: TranscriptEvent[]): string => events.map((e) => (e.type === 'o' ? e.data : '')).join('');

async function eventsOf(dir: string): Promise<TranscriptEvent[]> {
  const read = await readTranscript(dir);
  if (!read.ok) throw new Error(read.error);
  return read.value.events;
}

/** A log that keeps its warnings' names and fields. */
function warningLog(): { log: EventLog; warnings: { name: string; fields: unknown }[] } {
  const warnings: { name: string; fields: unknown }[] = [];
  return { log: { ...nullEventLog, warn: (name: string, fields?: unknown) => void warnings.push({ name, fields }) }, warnings };
}

describe('Transcript', () => {
  it('writes the output at once, timed and sized by its records; a 0600 file in 0700 directories', async () => {
    const transcripts = await root();
    const t = await begun({ root: transcripts, cols: 90, rows: 20, command: 'bash', log: nullEventLog });
    t.output('hello \x1b[31mred\x1b[0m ✓\r\n');
    // no wait: the bytes are the file's as soon as output() returns
    expect(outputOf(await eventsOf(t.dir))).toBe('hello \x1b[31mred\x1b[0m ✓\r\n');
    t.resize(100, 30);
    t.output('world\r\n');
    const events = await eventsOf(t.dir);
    expect(events).toEqual([
      { type: 'o', at: expect.any(Number), data: 'hello \x1b[31mred\x1b[0m ✓\r\n' },
      { type: 'r', at: expect.any(Number), cols: 100, rows: 30 },
      { type: 'o', at: expect.any(Number), data: 'world\r\n' },
    ]);
    const times = events.map((e) => e.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const file = path.join(t.dir, TRANSCRIPT_FILE);
    const layout = layoutFor(TRANSCRIPT_MAX_BYTES);
    const info = await stat(file);
    expect(info.mode & 0o777).toBe(0o600);
    expect(info.size).toBe(layout.metaBytes + layout.dataBytes);
    expect(info.blocks * 512, 'sparse: a short session takes little disk').toBeLessThan(1024 * 1024);
    expect((await stat(t.dir)).mode & 0o777).toBe(0o700);
    expect((await stat(transcripts)).mode & 0o777).toBe(0o700);
    const read = await readTranscript(t.dir);
    expect(read.ok && read.value).toMatchObject({ cols: 90, rows: 20, command: 'bash', cut: false });
    expect(t.kept).toBe(true);
    t.dispose();
    t.output('after the end');
    expect(outputOf(await eventsOf(t.dir))).toBe('hello \x1b[31mred\x1b[0m ✓\r\nworld\r\n');
  });

  it('times output per 10 ms at one size: one record grows while output keeps coming', async () => {
    let now = 0;
    const t = await begun({ root: await root(), cols: 80, rows: 24, command: 'yes', log: nullEventLog, clock: () => now });
    for (let i = 0; i < 5; i++) t.output(`a${i}\n`);
    now = 9;
    t.output('still the first\n');
    now = 10;
    t.output('second\n');
    t.resize(81, 24);
    t.output('third, at a new size\n');
    // a growing record's end is written when the next begins or the file closes; its bytes count at once
    expect(outputOf(await eventsOf(t.dir)).endsWith('third, at a new size\n')).toBe(true);
    t.dispose();
    const parsed = parseTranscript(await readFile(path.join(t.dir, TRANSCRIPT_FILE)));
    if (!parsed.ok) throw new Error(parsed.error);
    const ends = [5 * 3 + 16, 5 * 3 + 16 + 7];
    expect(parsed.value.records).toEqual([
      { end: ends[0], at: 0, cols: 80, rows: 24 },
      { end: ends[1], at: 10, cols: 80, rows: 24 },
      // a resize starts a record, which the output after it extends
      { end: parsed.value.head, at: 10, cols: 81, rows: 24 },
    ]);
  });

  it('makes nothing until the start is over, then writes what waited; a megabyte waiting or the end begins at once', async () => {
    const transcripts = await root();
    const waiting = new Transcript({ root: transcripts, cols: 80, rows: 24, command: 'bash', log: nullEventLog });
    waiting.output('first prompt$ ');
    waiting.resize(100, 30);
    await new Promise((r) => setTimeout(r, 50));
    expect((await readTranscript(waiting.dir)).ok).toBe(false);
    expect(waiting.kept).toBe(false);
    waiting.begin();
    expect(await waitFor(() => waiting.kept, 5_000)).toBe(true);
    expect(await eventsOf(waiting.dir)).toEqual([
      { type: 'o', at: expect.any(Number), data: 'first prompt$ ' },
      { type: 'r', at: expect.any(Number), cols: 100, rows: 30 },
    ]);
    waiting.dispose();

    const flood = new Transcript({ root: transcripts, cols: 80, rows: 24, command: 'yes', log: nullEventLog });
    const line = `${'y'.repeat(1023)}\n`;
    for (let i = 0; i < 1024; i++) flood.output(line);
    expect(await waitFor(() => flood.kept, 5_000)).toBe(true);
    flood.output('flood-end\n');
    expect(outputOf(await eventsOf(flood.dir))).toBe(line.repeat(1024) + 'flood-end\n');
    flood.dispose();

    const short = new Transcript({ root: transcripts, cols: 80, rows: 24, command: 'echo', log: nullEventLog });
    short.output('its-own-end\r\n');
    short.dispose();
    expect(await waitFor(async () => (await readTranscript(short.dir)).ok, 5_000)).toBe(true);
    expect(outputOf(await eventsOf(short.dir))).toBe('its-own-end\r\n');
  });

  it('keeps the end within the cap; a cut transcript starts with a reset, at a whole line', async () => {
    const maxBytes = 64 * 1024;
    let now = 0;
    const t = await begun({ root: await root(), cols: 80, rows: 24, command: 'yes', log: nullEventLog, maxBytes, clock: () => now });
    for (let i = 0; i < 3000; i++) {
      t.output(`line ${i} ${'x'.repeat(80)}\r\n`);
      now += 11; // a record per line: the index wraps too (512 slots)
    }
    t.output('the end\r\n');
    const layout = layoutFor(maxBytes);
    expect(layout.slots).toBeLessThan(3000);
    expect((await stat(path.join(t.dir, TRANSCRIPT_FILE))).size).toBe(layout.metaBytes + layout.dataBytes);
    const read = await readTranscript(t.dir);
    if (!read.ok) throw new Error(read.error);
    expect(read.value.cut).toBe(true);
    const output = outputOf(read.value.events);
    expect(output.startsWith(`${CUT_RESET}line `)).toBe(true);
    expect(output.endsWith('line 2999 ' + 'x'.repeat(80) + '\r\nthe end\r\n')).toBe(true);
    // less what the reader skips of a full ring: a write in flight at a kill may have torn it
    expect(output.length).toBeGreaterThan(maxBytes - pieceBytes(layout) - 200);
    expect(output.length).toBeLessThanOrEqual(maxBytes + CUT_RESET.length);
    const lines = [...output.matchAll(/line (\d+) x+\r\n/g)].map((match) => Number(match[1]));
    expect(
      lines.every((n, i) => i === 0 || n === (lines[i - 1] ?? 0) + 1),
      'whole, consecutive lines',
    ).toBe(true);
    const times = read.value.events.map((e) => e.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times.at(-1)).toBe(3000 * 11);
    t.dispose();
  });

  it("writes a chunk longer than a write may be in pieces, none of them between a surrogate pair's halves", async () => {
    const maxBytes = 64 * 1024;
    const t = await begun({ root: await root(), cols: 80, rows: 24, command: 'cat', log: nullEventLog, maxBytes });
    // 4-byte characters, two UTF-16 units each, across many pieces' ends
    const text = `x${'😀'.repeat(3 * pieceBytes(layoutFor(maxBytes)))}\n`;
    t.output(text);
    expect(outputOf(await eventsOf(t.dir))).toBe(text);
    t.dispose();
  });

  it('keeps the last 20 sessions', async () => {
    const transcripts = await root();
    await mkdir(transcripts, { recursive: true });
    for (let i = 0; i < TRANSCRIPTS_KEPT + 3; i++)
      await mkdir(path.join(transcripts, `2020-01-01T00-00-${String(i).padStart(2, '0')}-000Z-1`));
    const t = await begun({ root: transcripts, cols: 80, rows: 24, command: 'sh', log: nullEventLog });
    const sessions = await listTranscripts(transcripts, () => false);
    expect(sessions).toHaveLength(TRANSCRIPTS_KEPT);
    expect(sessions[0]?.dir).toBe(t.dir);
    expect(sessions.at(-1)?.dir).toMatch(/00-00-04-000Z-1$/);
    t.dispose();
  });

  // the bound on what waits in memory is not visible from here: the ring keeps the same end
  it('writes what waited for the file in order, its end when it was more than the file keeps', async () => {
    const maxBytes = 64 * 1024;
    const t = new Transcript({ root: await root(), cols: 80, rows: 24, command: 'flood', log: nullEventLog, maxBytes });
    for (let i = 0; i < 5000; i++) t.output(`early ${i} ${'z'.repeat(60)}\n`);
    t.begin();
    expect(await waitFor(() => t.kept, 5_000)).toBe(true);
    const output = outputOf(await eventsOf(t.dir));
    expect(output).toContain(`early 4999 ${'z'.repeat(60)}\n`);
    expect(output).not.toContain('early 0 ');
    t.dispose();
  });

  it('stops with one note when the directory cannot be made', async () => {
    const { log, warnings } = warningLog();
    const parent = await root();
    await writeFile(parent, 'a file, not a directory');
    const t = new Transcript({ root: path.join(parent, 'transcripts'), cols: 80, rows: 24, command: 'sh', log });
    t.begin();
    t.output('lost');
    expect(await waitFor(() => warnings.length > 0, 5_000)).toBe(true);
    t.output('also lost');
    expect(warnings.map((w) => w.name)).toEqual(['transcript.write-failed']);
    expect(t.kept).toBe(false);
  });

  it.skipIf(fullDiskUnavailable())('stops with one note on a full disk; the process goes on', async () => {
    const disk = await mountSmallDisk();
    cleanups.push(() => disk.dispose());
    await disk.fill();
    const { log, warnings } = warningLog();
    const t = new Transcript({ root: path.join(disk.dir, 'transcripts'), cols: 80, rows: 24, command: 'sh', log });
    t.begin();
    for (let i = 0; i < 100 && warnings.length === 0; i++) {
      t.output('y'.repeat(4096));
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(warnings.map((w) => w.name)).toEqual(['transcript.write-failed']);
    expect(t.kept).toBe(false);
    t.dispose();
  });

  it.skipIf(fullDiskUnavailable())('stops with one note when the disk fills while it records; what came before is kept', async () => {
    const disk = await mountSmallDisk();
    cleanups.push(() => disk.dispose());
    const { log, warnings } = warningLog();
    const t = await begun({ root: path.join(disk.dir, 'transcripts'), cols: 80, rows: 24, command: 'sh', log });
    t.output('before the disk filled\r\n');
    await disk.fill();
    // the next output needs a block the disk no longer has
    t.output('y'.repeat(64 * 1024));
    t.output('after');
    expect(warnings).toEqual([
      { name: 'transcript.write-failed', fields: expect.objectContaining({ error: expect.stringMatching(/could not be written/) }) },
    ]);
    expect(t.kept).toBe(false);
    t.dispose();
    expect(outputOf(await eventsOf(t.dir))).toBe('before the disk filled\r\n');
  });
});

describe('readTranscript after a kill', () => {
  it('reads output that no record reaches yet, and ignores a record written but not counted', async () => {
    const maxBytes = 64 * 1024;
    let now = 0;
    const t = await begun({ root: await root(), cols: 80, rows: 24, command: 'sh', log: nullEventLog, maxBytes, clock: () => now });
    const layout = layoutFor(maxBytes);
    for (let i = 0; i < layout.slots + 10; i++) {
      t.output(`r${i}\n`);
      now += 10;
    }
    t.dispose();
    const file = path.join(t.dir, TRANSCRIPT_FILE);
    const before = parseTranscript(await readFile(file));
    if (!before.ok) throw new Error(before.error);
    const { head } = before.value;
    // a kill after the copy and the head, before its record: bytes past the last record's end
    const handle = await open(file, 'r+');
    await handle.write(Buffer.from('untimed\n'), 0, 8, layout.metaBytes + (head % layout.dataBytes));
    await handle.write(writeCount(Buffer.alloc(8), 0, head + 8), 0, 8, 0);
    // a kill after writing the next record into its slot (the oldest one's), before counting it
    const count = layout.slots + 10;
    await handle.write(Buffer.alloc(16, 0xff), 0, 16, recordOffset(layout, count));
    await handle.write(writeCount(Buffer.alloc(8), 0, count), 0, 8, RECORDS_AT);
    await handle.close();
    const events = await eventsOf(t.dir);
    expect(outputOf(events).endsWith(`r${layout.slots + 9}\nuntimed\n`)).toBe(true);
    expect(outputOf(events).startsWith('r0\n')).toBe(true);
    expect(events.at(-1)?.at).toBe((layout.slots + 9) * 10);
  });

  it("refuses a file that is not a transcript of this format, and says where an older ripcord's output is", async () => {
    const dir = path.join(await root(), '2020-01-01T00-00-00-000Z-1');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, '0000.out'), 'segment output');
    const older = await readTranscript(dir);
    expect(older.ok ? '' : older.error).toMatch(/written by an older ripcord.*\.out files there/);
    await writeFile(path.join(dir, TRANSCRIPT_FILE), 'hello');
    const read = await readTranscript(dir);
    expect(read.ok ? '' : read.error).toMatch(/not a ripcord-transcript-2 file/);
  });
});
