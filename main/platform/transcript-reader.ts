// Reading back what transcript.ts wrote: which sessions have a transcript, and one session's
// size and events with its segments joined (a cut start keeps its reset).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CUT_RESET, TRANSCRIPT_MAX_BYTES } from './transcript';

/** A segment bigger than the cap was not written by ripcord: refused (files read are size-capped, DESIGN §8). */
const MAX_SEGMENT_READ_BYTES = TRANSCRIPT_MAX_BYTES + 1024 * 1024;

export type TranscriptEvent = { type: 'o'; data: string } | { type: 'r'; cols: number; rows: number };

export interface TranscriptRecord {
  dir: string;
  cols: number;
  rows: number;
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
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => /^\d+\.cast$/.test(n)).sort();
  if (names.length === 0) return { ok: false, error: `${dir} holds no transcript` };
  const record: TranscriptRecord = { dir, cols: 80, rows: 24, cut: !names[0]?.startsWith('0000'), events: [] };
  for (const [index, name] of names.entries()) {
    const file = path.join(dir, name);
    const size = (await stat(file)).size;
    if (size > MAX_SEGMENT_READ_BYTES) return { ok: false, error: `${file} is ${size} bytes, more than a transcript segment can be` };
    const lines = (await readFile(file, 'utf8')).split('\n');
    const header = parseJson(lines[0] ?? '') as { width?: unknown; height?: unknown } | undefined;
    if (index === 0) {
      if (typeof header?.width === 'number' && typeof header.height === 'number') {
        record.cols = header.width;
        record.rows = header.height;
      }
    }
    let first = true;
    for (const line of lines.slice(1)) {
      const event = parseEvent(line);
      if (!event) continue; // a line cut by a kill, or not ours
      // later segments open with the reset of a cut start: inside a joined record it is not one
      if (first && index > 0 && event.type === 'o' && event.data === CUT_RESET) {
        first = false;
        continue;
      }
      first = false;
      record.events.push(event);
    }
  }
  return { ok: true, record };
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function parseEvent(line: string): TranscriptEvent | undefined {
  const raw = parseJson(line);
  if (!Array.isArray(raw) || typeof raw[2] !== 'string') return undefined;
  if (raw[1] === 'o') return { type: 'o', data: raw[2] };
  const size = raw[1] === 'r' ? /^(\d+)x(\d+)$/.exec(raw[2]) : null;
  return size ? { type: 'r', cols: Number(size[1]), rows: Number(size[2]) } : undefined;
}

