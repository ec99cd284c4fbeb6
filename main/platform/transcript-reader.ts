// Reading back what transcript.ts wrote: which sessions have a transcript, and one session's
// size and events with its segments joined (a cut start keeps its reset). Whatever a kill left
// is read as far as it goes: a torn index line is ignored, output the index does not reach yet
// is still output (at the time of the last entry before it).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CUT_RESET, indexFile, outputFile, parseIndex, segmentsIn, TRANSCRIPT_MAX_BYTES, type IndexHeader } from './transcript-format';

/** A segment bigger than the cap was not written by ripcord: refused (files read are size-capped, DESIGN §8). */
const MAX_SEGMENT_READ_BYTES = TRANSCRIPT_MAX_BYTES + 1024 * 1024;

/** `at`: milliseconds since the session started. */
export type TranscriptEvent =
  | { type: 'o'; at: number; data: string }
  | { type: 'r'; at: number; cols: number; rows: number }
  | { type: 'm'; at: number; note: string };

export interface TranscriptRecord {
  dir: string;
  cols: number;
  rows: number;
  /** Unix seconds of the session's start (0: unknown) */
  timestamp: number;
  command: string;
  /** the session's start was cut to keep the size cap */
  cut: boolean;
  events: TranscriptEvent[];
}

export interface TranscriptSession {
  dir: string;
  /** pid of the host that wrote it */
  hostPid: number;
  finished: boolean;
}

/** Sessions with a transcript, newest first. A session whose host still runs is not finished. */
export async function listTranscripts(root: string, isRunning: (pid: number) => boolean): Promise<TranscriptSession[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && /-\d+$/.test(e.name))
    .map((e) => e.name)
    .sort()
    .reverse()
    .map((name) => {
      const hostPid = Number(/-(\d+)$/.exec(name)?.[1]);
      return { dir: path.join(root, name), hostPid, finished: !isRunning(hostPid) };
    });
}

export type ReadResult = { ok: true; record: TranscriptRecord } | { ok: false; error: string };

export async function readTranscript(dir: string): Promise<ReadResult> {
  const segments = segmentsIn(await readdir(dir).catch(() => [] as string[]));
  if (segments.length === 0) return { ok: false, error: `${dir} holds no transcript` };
  const record: TranscriptRecord = { dir, cols: 80, rows: 24, timestamp: 0, command: '', cut: segments[0] !== 0, events: [] };
  for (const [position, segment] of segments.entries()) {
    const read = await readSegment(dir, segment);
    if (!read.ok) return read;
    const { header, events } = read;
    if (position === 0 && header) Object.assign(record, { cols: header.cols, rows: header.rows, timestamp: header.timestamp, command: header.command });
    // a later segment opens with the reset of a cut start: inside a joined record it is not one
    const first = events[0];
    if (position > 0 && first?.type === 'o' && first.data.startsWith(CUT_RESET)) {
      if (first.data === CUT_RESET) events.shift();
      else first.data = first.data.slice(CUT_RESET.length);
    }
    record.events.push(...events);
  }
  return { ok: true, record };
}

type SegmentRead = { ok: true; header: IndexHeader | undefined; events: TranscriptEvent[] } | { ok: false; error: string };

async function readSegment(dir: string, segment: number): Promise<SegmentRead> {
  const files = [outputFile(dir, segment), indexFile(dir, segment)];
  for (const file of files) {
    const size = (await stat(file).catch(() => undefined))?.size ?? 0;
    if (size > MAX_SEGMENT_READ_BYTES) return { ok: false, error: `${file} is ${size} bytes, more than a transcript segment can be` };
  }
  const [output, index] = await Promise.all(files.map((file) => readFile(file).catch(() => Buffer.alloc(0))));
  const { header, entries } = parseIndex((index ?? Buffer.alloc(0)).toString('utf8'));
  const bytes = output ?? Buffer.alloc(0);
  const events: TranscriptEvent[] = [];
  let offset = 0;
  let at = 0;
  for (const entry of entries) {
    at = entry.at;
    if (entry.type !== 'o') {
      events.push(entry.type === 'r' ? { type: 'r', at, cols: entry.cols, rows: entry.rows } : { type: 'm', at, note: entry.note });
      continue;
    }
    // offsets only grow and never pass the file's end (the output write a kill cut short)
    const end = Math.min(entry.end, bytes.length);
    if (end > offset) events.push({ type: 'o', at, data: bytes.toString('utf8', offset, end) });
    offset = Math.max(offset, end);
  }
  if (bytes.length > offset) events.push({ type: 'o', at, data: bytes.toString('utf8', offset) });
  return { ok: true, header, events };
}
