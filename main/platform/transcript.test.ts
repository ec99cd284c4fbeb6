// Transcripts on a real file system: private files, the size cap keeping the end with a reset,
// the last 20 sessions kept, and the reader joining the segments.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nullEventLog } from './event-log';
import { tempDir, waitFor } from './processes.test-support';
import { CUT_RESET, Transcript, TRANSCRIPTS_KEPT } from './transcript';
import { listTranscripts, readTranscript } from './transcript-reader';

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

describe('Transcript', () => {
  it('writes asciicast v2 promptly, 0600 files in 0700 directories', async () => {
    const transcripts = await root();
    const t = new Transcript({ root: transcripts, cols: 90, rows: 20, command: 'bash', log: nullEventLog });
    t.output('hello\r\n');
    t.resize(100, 30);
    t.output('world\r\n');
    const file = path.join(t.dir, '0000.cast');
    expect(await waitFor(async () => (await readFile(file, 'utf8').catch(() => '')).includes('world'), 5_000)).toBe(true);
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ version: 2, width: 90, height: 20 });
    expect(JSON.parse(lines[1] ?? '')).toEqual([expect.any(Number), 'o', 'hello\r\n']);
    expect(JSON.parse(lines[2] ?? '')).toEqual([expect.any(Number), 'r', '100x30']);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(t.dir)).mode & 0o777).toBe(0o700);
    expect((await stat(transcripts)).mode & 0o777).toBe(0o700);
    const read = await readTranscript(t.dir);
    expect(read.ok && read.record.events.length).toBe(3);
  });

  it('keeps the end under the cap; a cut transcript starts with a reset', async () => {
    const transcripts = await root();
    const t = new Transcript({ root: transcripts, cols: 80, rows: 24, command: 'yes', log: nullEventLog, maxBytes: 20_000 });
    for (let i = 0; i < 400; i++) {
      t.output(`line ${i} ${'x'.repeat(80)}\r\n`);
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    t.output('the end\r\n');
    // the writer settles: the end is on disk and a rotation it may have started is over
    expect(await waitFor(async () => {
      const read = await readTranscript(t.dir);
      const names = await segments(t.dir);
      const last = read.ok ? read.record.events.at(-1) : undefined;
      return names.length <= 2 && last?.type === 'o' && last.data.endsWith('line 399 ' + 'x'.repeat(80) + '\r\nthe end\r\n');
    }, 5_000)).toBe(true);
    const names = await segments(t.dir);
    expect(names.length, names.join(' ')).toBeLessThanOrEqual(2);
    expect(names[0]).not.toBe('0000.cast');
    let total = 0;
    for (const name of names) total += (await stat(path.join(t.dir, name))).size;
    expect(total).toBeLessThan(20_000 + 2_000);
    const read = await readTranscript(t.dir);
    if (!read.ok) throw new Error(read.error);
    expect(read.record.cut).toBe(true);
    expect(read.record.events[0]).toEqual({ type: 'o', data: CUT_RESET });
    expect(read.record.events.filter((e) => e.type === 'o' && e.data === CUT_RESET)).toHaveLength(1);
    // consecutive output is one event: the end is the end of the last one
    expect(read.record.events.at(-1)).toEqual({ type: 'o', data: expect.stringMatching(/the end\r\n$/) });
  });

  it('keeps the last 20 sessions', async () => {
    const transcripts = await root();
    await mkdir(transcripts, { recursive: true });
    for (let i = 0; i < TRANSCRIPTS_KEPT + 3; i++) await mkdir(path.join(transcripts, `2020-01-01T00-00-${String(i).padStart(2, '0')}-000Z-1`));
    const t = new Transcript({ root: transcripts, cols: 80, rows: 24, command: 'sh', log: nullEventLog });
    expect(await waitFor(async () => (await segments(t.dir)).length === 1, 5_000)).toBe(true);
    const sessions = await listTranscripts(transcripts, () => false);
    expect(sessions).toHaveLength(TRANSCRIPTS_KEPT);
    expect(sessions[0]?.dir).toBe(t.dir);
    expect(sessions.at(-1)?.dir).toMatch(/00-00-04-000Z-1$/);
  });

  it('stops with one note when the directory cannot be made', async () => {
    const warnings: string[] = [];
    const log = { ...nullEventLog, warn: (name: string) => void warnings.push(name) };
    const parent = await root();
    await writeFile(parent, 'a file, not a directory');
    const t = new Transcript({ root: path.join(parent, 'transcripts'), cols: 80, rows: 24, command: 'sh', log });
    t.output('lost');
    expect(await waitFor(() => warnings.length > 0, 5_000)).toBe(true);
    t.output('also lost');
    expect(warnings).toEqual(['transcript.write-failed']);
  });
});
