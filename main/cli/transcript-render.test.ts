// A transcript written by the real writer, read back and shown three ways.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nullEventLog } from '../platform/log/event-log';
import { tempDir, waitFor } from '../platform/processes/processes.test-support';
import { Transcript } from '../platform/transcript/transcript';
import { CUT_RESET } from '../platform/transcript/transcript-format';
import { readTranscript, type TranscriptRecord } from '../platform/transcript/transcript-reader';
import { castTranscript, rawTranscript, renderTranscript } from './transcript-render';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** Writes `steps` (output, or a resize) through a Transcript and reads the record back. */
async function recorded(steps: (string | [number, number])[], maxBytes?: number): Promise<TranscriptRecord> {
  const temp = await tempDir();
  cleanups.push(() => temp.dispose());
  const t = new Transcript({
    root: path.join(temp.dir, 'transcripts'),
    cols: 40,
    rows: 5,
    command: 'demo',
    log: nullEventLog,
    ...(maxBytes ? { maxBytes } : {}),
  });
  t.begin();
  for (const step of steps) {
    if (typeof step === 'string') t.output(step);
    else t.resize(...step);
    await new Promise((r) => setTimeout(r, 2));
  }
  const last = steps.filter((s): s is string => typeof s === 'string').at(-1) ?? '';
  let record: TranscriptRecord | undefined;
  expect(
    await waitFor(async () => {
      const read = await readTranscript(t.dir);
      record = read.ok ? read.value : undefined;
      return record !== undefined && rawTranscript(record).endsWith(last);
    }, 5_000),
  ).toBe(true);
  t.dispose();
  return record as TranscriptRecord;
}

describe('transcript output', () => {
  it('--cast is asciicast v2: a header with the size, then o and r events in time order', async () => {
    const record = await recorded(['one \x1b[1mbold\x1b[0m\r\n', [60, 10], 'two\r\n']);
    const [header, ...events] = castTranscript(record)
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(header).toMatchObject({ version: 2, width: 40, height: 5, command: 'demo', timestamp: expect.any(Number) });
    expect(events).toEqual([
      [expect.any(Number), 'o', 'one \x1b[1mbold\x1b[0m\r\n'],
      [expect.any(Number), 'r', '60x10'],
      [expect.any(Number), 'o', 'two\r\n'],
    ]);
    const times = (events as [number][]).map(([t]) => t);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('a cut transcript plays from its reset at time 0', async () => {
    // 96 KB through the smallest ring (64 KB)
    const chunks = Array.from({ length: 60 }, (_, i) =>
      Array.from({ length: 20 }, (_, j) => `line ${i * 20 + j} ${'x'.repeat(70)}\r\n`).join(''),
    );
    const record = await recorded(chunks, 64 * 1024);
    expect(record.cut).toBe(true);
    const events = castTranscript(record)
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as [number, string, string]);
    expect(events[0]?.[0]).toBe(0);
    expect(events[0]?.[2].startsWith(CUT_RESET)).toBe(true);
  });

  it('renders the scrollback and the final screen, at the sizes the session had', async () => {
    const record = await recorded(['a line longer than twenty columns wraps\r\n', [20, 5], 'after the resize\r\n', '\x1b[31mred\x1b[0m']);
    expect((await renderTranscript(record)).split('\n')).toEqual(['a line longer than twenty columns wraps', 'after the resize', 'red']);
    expect(rawTranscript(record)).toBe('a line longer than twenty columns wraps\r\nafter the resize\r\n\x1b[31mred\x1b[0m');
  });
});
