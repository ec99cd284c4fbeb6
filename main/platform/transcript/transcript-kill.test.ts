// kill -9 durability (issue #16): a real child process records numbered lines through a real
// Transcript as fast as it can, says which line it last wrote, and is killed with SIGKILL at
// once while it keeps writing. The file, read back as `ripcord last` reads it, holds every line
// the child said it wrote — whole, in order, with no gap — and after them at most the start of
// the next (a chunk is written in pieces; the kill may come between two).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle, tempDir } from '../processes/processes.test-support';
import { CUT_RESET, pieceBytes, TRANSCRIPT_MAX_BYTES } from './transcript-format';
import { consecutiveLines } from './transcript-kill-lines.test-support';
import { readTranscript } from './transcript-reader';

/** Bound on the child starting, reporting and dying; never asserted as a timing. */
const CHILD_DEADLINE_MS = 30_000;
/** The ring of the small cases: the child's lines go round it many times before the kill. */
const SMALL_RING_BYTES = 64 * 1024;

let work: { dir: string; dispose(): Promise<void> };
let child: string;
beforeAll(async () => {
  work = await tempDir();
  child = await bundle(path.join(work.dir, 'child.js'), { file: 'main/platform/transcript/transcript-kill-child.test-support.ts' });
});
afterAll(async () => {
  await work.dispose();
});

interface Killed {
  dir: string;
  reported: number;
  signal: NodeJS.Signals | null;
}

/** Starts the child, kills it with SIGKILL as soon as it reports line `reportAfter - 1`. */
async function recordAndKill(root: string, reportAfter: number, maxBytes: number): Promise<Killed> {
  const proc = spawn(process.execPath, [child, root, String(reportAfter), String(maxBytes)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_code, signal) => resolve(signal)));
  const deadline = setTimeout(() => proc.kill('SIGKILL'), CHILD_DEADLINE_MS);
  let dir = '';
  let reported = -1;
  for await (const line of createInterface({ input: proc.stdout })) {
    if (line.startsWith('dir ')) dir = line.slice(4);
    if (line.startsWith('wrote ')) {
      reported = Number(line.slice(6));
      proc.kill('SIGKILL');
      break;
    }
  }
  const signal = await exited;
  clearTimeout(deadline);
  return { dir, reported, signal };
}

describe('a transcript after kill -9', () => {
  it('holds every line written before the kill, whole and in order (no wrap)', async () => {
    const killed = await recordAndKill(path.join(work.dir, 'whole'), 2_000, TRANSCRIPT_MAX_BYTES);
    expect(killed.signal).toBe('SIGKILL');
    const read = await readTranscript(killed.dir);
    if (!read.ok) throw new Error(read.error);
    expect(read.value.cut).toBe(false);
    const output = read.value.events.map((e) => (e.type === 'o' ? e.data : '')).join('');
    const numbers = consecutiveLines(output);
    expect(numbers, 'whole lines in order, then at most the start of the next').toBeDefined();
    expect(numbers?.[0]).toBe(0);
    expect(numbers?.at(-1)).toBeGreaterThanOrEqual(killed.reported);
  });

  for (const reportAfter of [30_000, 100_003, 250_007]) {
    it(`holds the end up to the last line written, its ring having come round (killed after ${reportAfter} lines)`, async () => {
      const killed = await recordAndKill(path.join(work.dir, `ring-${reportAfter}`), reportAfter, SMALL_RING_BYTES);
      expect(killed.signal).toBe('SIGKILL');
      const read = await readTranscript(killed.dir);
      if (!read.ok) throw new Error(read.error);
      expect(read.value.cut).toBe(true);
      const output = read.value.events.map((e) => (e.type === 'o' ? e.data : '')).join('');
      expect(output.startsWith(CUT_RESET)).toBe(true);
      const numbers = consecutiveLines(output.slice(CUT_RESET.length));
      expect(numbers, 'whole lines in order, then at most the start of the next').toBeDefined();
      expect(numbers?.at(-1)).toBeGreaterThanOrEqual(killed.reported);
      // the ring keeps its size of the end, less what a write in flight may tear, less the line the wrap tore
      expect(Buffer.byteLength(output)).toBeGreaterThan(SMALL_RING_BYTES - pieceBytes({ dataBytes: SMALL_RING_BYTES }) - 256);
    });
  }
});
