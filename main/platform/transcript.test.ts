// Transcripts on a real file system: raw output plus its index, private files, the size cap
// keeping the end with a reset, the last 20 sessions kept, a bounded queue under a flood, and
// the reader joining the segments and reading what a kill left.
import { appendFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nullEventLog } from './event-log';
import { tempDir, waitFor } from './processes.test-support';
import { Transcript } from './transcript';
import { CUT_RESET, indexFile, outputFile, parseIndex, segmentsIn, TRANSCRIPTS_KEPT } from './transcript-format';
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

async function segments(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [])).sort();
}

/** A transcript whose session's start is over: it writes as output comes. */
function begun(options: ConstructorParameters<typeof Transcript>[0]): Transcript {
  const t = new Transcript(options);
  t.begin();
  return t;
}

const outputOf = (events: TranscriptEvent[]): string => events.map((e) => (e.type === 'o' ? e.data : '')).join('');

/**
 * The index reaches the end of the output file of the last segment: the output's times (and
 * the resizes before it) are written too, not only its bytes — the writer appends the index
 * after the output, and the reader takes what it does not reach yet as untimed output.
 */
async function indexCaughtUp(dir: string): Promise<boolean> {
  const last = segmentsIn(await readdir(dir).catch(() => [])).at(-1);
  if (last === undefined) return false;
  const [size, index] = await Promise.all([stat(outputFile(dir, last)).then((s) => s.size), readFile(indexFile(dir, last), 'utf8')]);
  const ends = parseIndex(index).entries.flatMap((e) => (e.type === 'o' ? [e.end] : []));
  return (ends.at(-1) ?? 0) === size;
}

/** The transcript's events once `text` ends its output on disk and the index has caught up (the writer has settled). */
async function settled(dir: string, text: string): Promise<TranscriptEvent[]> {
  let events: TranscriptEvent[] = [];
  expect(await waitFor(async () => {
    const read = await readTranscript(dir);
    events = read.ok ? read.record.events : [];
    return outputOf(events).endsWith(text) && (await indexCaughtUp(dir));
  }, 5_000)).toBe(true);
  return events;
}

describe('Transcript', () => {
  it('writes the output as it came and an index of times and resizes; 0600 files in 0700 directories', async () => {
    const transcripts = await root();
    const t = begun({ root: transcripts, cols: 90, rows: 20, command: 'bash', log: nullEventLog });
    t.output('hello \x1b[31mred\x1b[0m ✓\r\n');
    await settled(t.dir, '✓\r\n');
    t.resize(100, 30);
    t.output('world\r\n');
    const events = await settled(t.dir, 'world\r\n');
    expect(events).toEqual([
      { type: 'o', at: expect.any(Number), data: 'hello \x1b[31mred\x1b[0m ✓\r\n' },
      { type: 'r', at: expect.any(Number), cols: 100, rows: 30 },
      { type: 'o', at: expect.any(Number), data: 'world\r\n' },
    ]);
    const times = events.map((e) => e.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // the output file is the bytes themselves: grep and cat work on it
    expect(await readFile(path.join(t.dir, '0000.out'), 'utf8')).toBe('hello \x1b[31mred\x1b[0m ✓\r\nworld\r\n');
    expect(JSON.parse((await readFile(path.join(t.dir, '0000.idx'), 'utf8')).split('\n')[0] ?? '')).toMatchObject({ cols: 90, rows: 20, command: 'bash', segment: 0 });
    for (const name of ['0000.out', '0000.idx']) expect((await stat(path.join(t.dir, name))).mode & 0o777).toBe(0o600);
    expect((await stat(t.dir)).mode & 0o777).toBe(0o700);
    expect((await stat(transcripts)).mode & 0o777).toBe(0o700);
    const read = await readTranscript(t.dir);
    expect(read.ok && read.record).toMatchObject({ cols: 90, rows: 20, command: 'bash', cut: false });
    expect(t.kept).toBe(true);
    t.dispose();
  });

  it('writes nothing until the start is over, then what waited; a megabyte waiting or the end begins at once', async () => {
    const transcripts = await root();
    const waiting = new Transcript({ root: transcripts, cols: 80, rows: 24, command: 'bash', log: nullEventLog });
    waiting.output('first prompt$ ');
    // the writer's own quiet check would have written it by now
    await new Promise((r) => setTimeout(r, 50));
    expect(await segments(waiting.dir)).toEqual([]);
    expect(waiting.kept).toBe(false);
    waiting.begin();
    await settled(waiting.dir, 'first prompt$ ');
    expect(waiting.kept).toBe(true);
    waiting.dispose();

    const flood = new Transcript({ root: transcripts, cols: 80, rows: 24, command: 'yes', log: nullEventLog });
    const line = `${'y'.repeat(1023)}\n`;
    for (let i = 0; i < 1024; i++) flood.output(line);
    flood.output('flood-end\n');
    await settled(flood.dir, 'flood-end\n');
    flood.dispose();

    const short = new Transcript({ root: transcripts, cols: 80, rows: 24, command: 'echo', log: nullEventLog });
    short.output('its-own-end\r\n');
    short.dispose();
    await settled(short.dir, 'its-own-end\r\n');
  });

  it('keeps the end under the cap; a cut transcript starts with a reset', async () => {
    const transcripts = await root();
    const t = begun({ root: transcripts, cols: 80, rows: 24, command: 'yes', log: nullEventLog, maxBytes: 20_000 });
    for (let i = 0; i < 400; i++) {
      t.output(`line ${i} ${'x'.repeat(80)}\r\n`);
      // a pause longer than the writer's settle time: each burst is a batch well below a segment
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 20));
    }
    t.output('the end\r\n');
    // the writer settles: the end is on disk and a rotation it may have started is over
    const end = 'line 399 ' + 'x'.repeat(80) + '\r\nthe end\r\n';
    expect(await waitFor(async () => {
      const read = await readTranscript(t.dir);
      return (await segments(t.dir)).length <= 4 && read.ok && outputOf(read.record.events).endsWith(end);
    }, 5_000)).toBe(true);
    const names = await segments(t.dir);
    expect(names, names.join(' ')).toHaveLength(4); // two segments, each .out and .idx
    expect(names[0]).not.toBe('0000.idx');
    let total = 0;
    for (const name of names) total += (await stat(path.join(t.dir, name))).size;
    expect(total).toBeLessThanOrEqual(20_000);
    const read = await readTranscript(t.dir);
    if (!read.ok) throw new Error(read.error);
    expect(read.record.cut).toBe(true);
    const output = outputOf(read.record.events);
    expect(output.startsWith(CUT_RESET)).toBe(true);
    expect(output.split(CUT_RESET)).toHaveLength(2); // the later segment's reset is not repeated inside
    expect(output).not.toContain('line 0 ');
    const lines = [...output.matchAll(/line (\d+) /g)].map((match) => Number(match[1]));
    expect(lines.at(-1)).toBe(399);
    expect(lines.every((n, i) => i === 0 || n === (lines[i - 1] ?? 0) + 1), 'consecutive lines, none from an older segment').toBe(true);
    t.dispose();
  });

  it('under a flood appends the index less often than the output, and all of it once the output pauses', async () => {
    const transcripts = await root();
    let now = 0; // the writer's rules read this clock; its wake-ups are real timers
    const t = begun({ root: transcripts, cols: 80, rows: 24, command: 'yes', log: nullEventLog, clock: () => now });
    const chunk = 'yyy\n'.repeat(1024); // 4 KB
    const MB = 1024 * 1024;
    const send = (bytes: number): void => {
      for (let sent = 0; sent < bytes; sent += chunk.length) t.output(chunk);
    };
    const indexedEnd = async (): Promise<number> => {
      const lines = (await readFile(path.join(t.dir, '0000.idx'), 'utf8').catch(() => '')).split('\n');
      return Number(lines.filter((l) => l.startsWith('o ')).at(-1)?.split(' ')[2] ?? 0);
    };
    const written = async (): Promise<number> => (await stat(path.join(t.dir, '0000.out')).catch(() => ({ size: 0 }))).size;
    const fullyIndexed = async (bytes: number): Promise<boolean> => (await written()) === bytes && (await indexedEnd()) === bytes;

    send(MB / 2); // waits for the files; then one batch and, as nothing was indexed yet, its lines
    expect(await waitFor(() => fullyIndexed(MB / 2), 5_000)).toBe(true);
    now += 10;
    send(MB); // goes out at once as one batch, while the output is still coming (the clock stands)
    expect(await waitFor(async () => (await written()) === 1.5 * MB, 5_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(await indexedEnd()).toBe(MB / 2); // its lines wait
    now += 10; // nothing came for 10 ms: every index line
    expect(await waitFor(() => fullyIndexed(1.5 * MB), 5_000)).toBe(true);
    t.dispose();
  });

  it('keeps the last 20 sessions', async () => {
    const transcripts = await root();
    await mkdir(transcripts, { recursive: true });
    for (let i = 0; i < TRANSCRIPTS_KEPT + 3; i++) await mkdir(path.join(transcripts, `2020-01-01T00-00-${String(i).padStart(2, '0')}-000Z-1`));
    const t = begun({ root: transcripts, cols: 80, rows: 24, command: 'sh', log: nullEventLog });
    expect(await waitFor(async () => (await segments(t.dir)).length === 2, 5_000)).toBe(true);
    const sessions = await listTranscripts(transcripts, () => false);
    expect(sessions).toHaveLength(TRANSCRIPTS_KEPT);
    expect(sessions[0]?.dir).toBe(t.dir);
    expect(sessions.at(-1)?.dir).toMatch(/00-00-04-000Z-1$/);
    t.dispose();
  });

  it('keeps memory bounded under a flood the disk cannot take: the rest is dropped and noted', async () => {
    const transcripts = await root();
    const t = begun({ root: transcripts, cols: 80, rows: 24, command: 'flood', log: nullEventLog });
    const line = `${'y'.repeat(1023)}\n`;
    // 3 MB in one turn: nothing can be written meanwhile
    for (let i = 0; i < 3 * 1024; i++) t.output(line);
    t.output('after\n');
    const events = await settled(t.dir, 'after\n');
    const notes = events.filter((e) => e.type === 'm');
    expect(notes).toEqual([{ type: 'm', at: expect.any(Number), note: expect.stringMatching(/^ripcord: \d+ chars of output not recorded/) }]);
    const recorded = outputOf(events).length;
    expect(recorded).toBeGreaterThan(1024 * 1024);
    expect(recorded).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(recorded + Number(/(\d+) chars/.exec(notes[0]?.type === 'm' ? notes[0].note : '')?.[1])).toBe(3 * 1024 * 1024 + 'after\n'.length);
    // recording goes on once the disk caught up
    t.output('later\n');
    await settled(t.dir, 'later\n');
    t.dispose();
  });

  it('stops with one note when the directory cannot be made', async () => {
    const warnings: string[] = [];
    const log = { ...nullEventLog, warn: (name: string) => void warnings.push(name) };
    const parent = await root();
    await writeFile(parent, 'a file, not a directory');
    const t = begun({ root: path.join(parent, 'transcripts'), cols: 80, rows: 24, command: 'sh', log });
    t.output('lost');
    expect(await waitFor(() => warnings.length > 0, 5_000)).toBe(true);
    t.output('also lost');
    expect(warnings).toEqual(['transcript.write-failed']);
    expect(t.kept).toBe(false);
  });
});

describe('readTranscript after a kill', () => {
  it('ignores a torn index line and still reads output the index does not reach', async () => {
    const transcripts = await root();
    const t = begun({ root: transcripts, cols: 80, rows: 24, command: 'sh', log: nullEventLog });
    t.output('written\r\n');
    await settled(t.dir, 'written\r\n');
    t.dispose();
    // what a kill between the two appends, or in the middle of one, leaves
    await appendFile(path.join(t.dir, '0000.out'), 'not yet indexed\r\n');
    await appendFile(path.join(t.dir, '0000.idx'), 'o 9.000000 1');
    const read = await readTranscript(t.dir);
    if (!read.ok) throw new Error(read.error);
    expect(outputOf(read.record.events)).toBe('written\r\nnot yet indexed\r\n');
    expect(read.record.events.at(-1)?.at).toBe(read.record.events[0]?.at);
  });

  it('reads a segment whose index a kill left without its header', async () => {
    const dir = path.join(await root(), '2020-01-01T00-00-00-000Z-1');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, '0000.out'), 'only output\r\n');
    await writeFile(path.join(dir, '0000.idx'), '{"format":"ripcord-tra');
    const read = await readTranscript(dir);
    expect(read.ok && outputOf(read.record.events)).toBe('only output\r\n');
    expect(read.ok && [read.record.cols, read.record.rows]).toEqual([80, 24]);
  });
});
