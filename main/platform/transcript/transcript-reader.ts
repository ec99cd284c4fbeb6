// Reading back what transcript.ts wrote: which sessions have a transcript, and one session's
// size and events. Whatever a kill left is read as far as it goes (transcript-format.ts): output
// no record reaches yet is still output, at the time of the last record. A transcript whose
// start the cap cut begins at the first line it kept whole, after a reset.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CUT_RESET, layoutFor, parseTranscript, TRANSCRIPT_FILE, TRANSCRIPT_MAX_BYTES, type TranscriptHeader } from './transcript-format';
import type { Result } from '../../../contracts/result';

/** A file bigger than the default cap's was not written by this ripcord: refused (files read are size-capped, DESIGN §8). */
const MAX_FILE_BYTES = layoutFor(TRANSCRIPT_MAX_BYTES).metaBytes + TRANSCRIPT_MAX_BYTES;
/** A cut start is skipped up to the first line break within this much: the line the cut tore. */
const CUT_LINE_SEARCH_BYTES = 64 * 1024;

/** `at`: milliseconds since the session started. */
export type TranscriptEvent = { type: 'o'; at: number; data: string } | { type: 'r'; at: number; cols: number; rows: number };

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

export type ReadResult = Result<TranscriptRecord>;

export async function readTranscript(dir: string): Promise<ReadResult> {
  const file = path.join(dir, TRANSCRIPT_FILE);
  const size = (await stat(file).catch(() => undefined))?.size;
  if (size === undefined) {
    // before the ring, each 4 MB of output was a NNNN.out file, the bytes as printed
    const older = (await readdir(dir).catch(() => [] as string[])).some((name) => name.endsWith('.out'));
    return {
      ok: false,
      error: older
        ? `${dir} was written by an older ripcord, in a form this one does not read; its output is in the .out files there, as printed`
        : `${dir} holds no transcript`,
    };
  }
  if (size > MAX_FILE_BYTES) return { ok: false, error: `${file} is ${size} bytes, more than a transcript can be` };
  const parsed = parseTranscript(await readFile(file));
  if (!parsed.ok) return { ok: false, error: `${file}: ${parsed.error}` };
  const { header, head, records } = parsed.value;
  let { output } = parsed.value;
  let from = head - output.length;
  const cut = from > 0;
  if (cut) {
    const lineEnd = output.subarray(0, CUT_LINE_SEARCH_BYTES).indexOf(0x0a);
    output = output.subarray(lineEnd + 1);
    from += lineEnd + 1;
  }
  const start: Pick<TranscriptHeader, 'cols' | 'rows'> = header ?? { cols: 80, rows: 24 };
  // cut: the size in force is the oldest kept record's
  const first = cut ? (records[0] ?? start) : start;
  const record: TranscriptRecord = {
    dir,
    cols: first.cols,
    rows: first.rows,
    timestamp: header?.timestamp ?? 0,
    command: header?.command ?? '',
    cut,
    events: [],
  };
  let { cols, rows } = record;
  let at = records[0]?.at ?? 0;
  let offset = from;
  const take = (end: number): void => {
    if (end <= offset) return;
    record.events.push({ type: 'o', at, data: output.toString('utf8', offset - from, end - from) });
    offset = end;
  };
  for (const entry of records) {
    // a record's size holds from its start: the output before it is taken already
    if (entry.cols !== cols || entry.rows !== rows) {
      ({ cols, rows } = entry);
      record.events.push({ type: 'r', at: entry.at, cols, rows });
    }
    at = entry.at;
    take(entry.end);
  }
  take(head);
  const opening = record.events[0];
  if (cut && opening?.type === 'o') opening.data = CUT_RESET + opening.data;
  else if (cut) record.events.unshift({ type: 'o', at: opening?.at ?? 0, data: CUT_RESET });
  return { ok: true, value: record };
}
