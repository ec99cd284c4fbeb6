// The on-disk form of a transcript (issue #16), shared by the writer and the reader: one file
// per session, of fixed size, written with positional writes (transcript-file.ts).
//
//   [0, 64)           counters: u64 output head (bytes ever written), u64 records ever begun,
//                     u32 output area size, u32 index slots; then the format's name
//   [64, 4096)        JSON: the session's start size, Unix time and command
//   [4096, ...)       index: a ring of 16-byte records — u64 end (the output head when the
//                     record was last updated), u32 milliseconds since the start, u16 cols,
//                     u16 rows: the output up to `end` came by then, at that size
//   [metaBytes, +dataBytes)  output: a ring of the bytes exactly as the program printed them
//
// Both rings keep the end: the cap is the file's size, by construction. The file is sparse — a
// session that printed a little takes a little disk. A kill leaves it consistent at every
// instant: output is copied before the head moves, a record is whole before the count counts it,
// and a record grows by one 8-byte store of its end. Once the ring came round, a write lands on
// its oldest bytes before the head moves past them: a write is at most `pieceBytes`, and the
// reader does not trust that many of the oldest bytes of a full ring.
import type { Result } from '../../../contracts/result';
/** Area sizes are multiples of this: whole pages on every platform ripcord builds for (64 KB arm64 kernels). */
const AREA_ALIGN = 64 * 1024;
/** Per-session cap on output: a few hundred thousand lines, the end of any long session. */
export const TRANSCRIPT_MAX_BYTES = 8 * 1024 * 1024;
/** Sessions whose transcripts are kept; older ones are deleted when a new one starts. */
export const TRANSCRIPTS_KEPT = 20;
/** What a cut transcript starts with, when read: RIS, a full terminal reset. */
export const CUT_RESET = '\x1bc';
export const TRANSCRIPT_FORMAT = 'ripcord-transcript-2';
/** The session's file, in its directory. */
export const TRANSCRIPT_FILE = 'transcript';

export const RECORD_BYTES = 16;
const HEAD_AT = 0;
export const RECORDS_AT = 8;
const DATA_BYTES_AT = 16;
const SLOTS_AT = 20;
const FORMAT_AT = 32;
const HEADER_JSON_AT = 64;
const INDEX_AT = 4096;
/**
 * Index slots per byte of output area: one record per 128 bytes covers a session that prints a
 * short line every 10 ms; a flood needs one per ~100 KB. Fewer records than that and the oldest
 * output keeps its bytes but loses its times.
 */
const OUTPUT_BYTES_PER_SLOT = 128;
const MIN_SLOTS = 256;
const MAX_SLOTS = 65_536;
/**
 * A write's most bytes, as a part of the output area: what a kill in the middle of one can leave
 * torn at the oldest end of a full ring, which the reader skips (128 KB of the default 8 MB).
 */
const PIECES_PER_RING = 64;

export interface TranscriptLayout {
  /** the counters, header and index: where the output area starts */
  metaBytes: number;
  dataBytes: number;
  slots: number;
}

export interface TranscriptHeader {
  format: typeof TRANSCRIPT_FORMAT;
  cols: number;
  rows: number;
  /** Unix seconds of the session's start */
  timestamp: number;
  command: string;
}

/** `end`: output bytes ever written, up to this record; `at`: milliseconds since the start. */
export interface TranscriptIndexRecord {
  end: number;
  at: number;
  cols: number;
  rows: number;
}

/** Areas in whole AREA_ALIGN units. */
export function layoutFor(maxBytes: number): TranscriptLayout {
  const dataBytes = Math.max(AREA_ALIGN, Math.floor(maxBytes / AREA_ALIGN) * AREA_ALIGN);
  const slots = Math.min(MAX_SLOTS, Math.max(MIN_SLOTS, Math.floor(dataBytes / OUTPUT_BYTES_PER_SLOT / MIN_SLOTS) * MIN_SLOTS));
  const metaBytes = Math.ceil((INDEX_AT + slots * RECORD_BYTES) / AREA_ALIGN) * AREA_ALIGN;
  return { metaBytes, dataBytes, slots };
}

/** The most UTF-8 bytes one write may put into the output area (see PIECES_PER_RING). */
export function pieceBytes(layout: Pick<TranscriptLayout, 'dataBytes'>): number {
  return Math.floor(layout.dataBytes / PIECES_PER_RING);
}

/** The header page but the head (the writer's): sizes, the format's name, the JSON header. */
export function encodeHeader(layout: TranscriptLayout, header: TranscriptHeader): Buffer {
  const page = Buffer.alloc(INDEX_AT - RECORDS_AT);
  page.writeUInt32LE(layout.dataBytes, DATA_BYTES_AT - RECORDS_AT);
  page.writeUInt32LE(layout.slots, SLOTS_AT - RECORDS_AT);
  page.write(TRANSCRIPT_FORMAT, FORMAT_AT - RECORDS_AT, 'latin1');
  const room = INDEX_AT - HEADER_JSON_AT - 1;
  let json = JSON.stringify(header);
  // a very long command line is cut, never the fields before it
  if (Buffer.byteLength(json) > room) json = JSON.stringify({ ...header, command: header.command.slice(0, room / 4) });
  page.write(json, HEADER_JSON_AT - RECORDS_AT, 'utf8');
  return page;
}

/** Where record number `n` (counting from the first ever) lives. */
export function recordOffset(layout: TranscriptLayout, n: number): number {
  return INDEX_AT + (n % layout.slots) * RECORD_BYTES;
}

export function encodeRecord(record: TranscriptIndexRecord, into: Buffer = Buffer.alloc(RECORD_BYTES)): Buffer {
  writeCount(into, 0, record.end);
  into.writeUInt32LE(record.at % 2 ** 32, 8);
  into.writeUInt16LE(Math.min(record.cols, 0xffff), 12);
  into.writeUInt16LE(Math.min(record.rows, 0xffff), 14);
  return into;
}

/** A u64 counter, as two u32 halves (counts stay below 2^53). */
export function writeCount(into: Buffer, offset: number, value: number): Buffer {
  into.writeUInt32LE(value % 2 ** 32, offset);
  into.writeUInt32LE(Math.floor(value / 2 ** 32), offset + 4);
  return into;
}

function readCount(from: Buffer, offset: number): number {
  return from.readUInt32LE(offset) + from.readUInt32LE(offset + 4) * 2 ** 32;
}

export interface ParsedTranscript {
  header: TranscriptHeader | undefined;
  /** output bytes ever written */
  head: number;
  /** the output still in the ring: the last bytes up to `head` */
  output: Buffer;
  /** the records still in the ring, oldest first, each checked against its neighbours */
  records: TranscriptIndexRecord[];
}

export type ParseResult = Result<ParsedTranscript>;

/** Reads a whole transcript file; whatever a kill or a crash left is taken as far as it is consistent. */
export function parseTranscript(file: Buffer): ParseResult {
  if (file.length < INDEX_AT || file.toString('latin1', FORMAT_AT, FORMAT_AT + TRANSCRIPT_FORMAT.length) !== TRANSCRIPT_FORMAT) {
    return { ok: false, error: `not a ${TRANSCRIPT_FORMAT} file (written by another version of ripcord, or not by ripcord)` };
  }
  const dataBytes = file.readUInt32LE(DATA_BYTES_AT);
  const slots = file.readUInt32LE(SLOTS_AT);
  const layout = dataBytes > 0 && slots > 0 ? layoutFor(dataBytes) : undefined;
  if (!layout || layout.slots !== slots || layout.dataBytes !== dataBytes || file.length !== layout.metaBytes + dataBytes) {
    return { ok: false, error: `its sizes do not match (${file.length} bytes, output area ${dataBytes}, ${slots} index slots)` };
  }
  const head = readCount(file, HEAD_AT);
  // the oldest bytes of a full ring may be a write the kill cut before its head
  const kept = Math.min(head, dataBytes - pieceBytes(layout));
  const output = ringSlice(file.subarray(layout.metaBytes), head - kept, head);
  const count = readCount(file, RECORDS_AT);
  const records: TranscriptIndexRecord[] = [];
  let wraps = 0;
  // the oldest slot is skipped: a kill between writing the next record and counting it leaves it there
  for (let n = Math.max(0, count - slots + 1); n < count; n++) {
    const at = recordOffset(layout, n);
    const record = {
      end: readCount(file, at),
      at: file.readUInt32LE(at + 8),
      cols: file.readUInt16LE(at + 12),
      rows: file.readUInt16LE(at + 14),
    };
    const previous = records.at(-1);
    // a session past 49 days: the milliseconds wrapped
    if (previous && record.at + wraps * 2 ** 32 < previous.at - 2 ** 31) wraps += 1;
    record.at += wraps * 2 ** 32;
    // a record from a crash's torn page, or written before the last kill, is not trusted
    if (record.end > head || (previous && (record.end < previous.end || record.at < previous.at))) continue;
    records.push(record);
  }
  return { ok: true, value: { header: parseHeader(file), head, output, records } };
}

/** Bytes [from, to) of the output stream, from the ring that holds its end. */
function ringSlice(ring: Buffer, from: number, to: number): Buffer {
  const start = from % ring.length;
  const length = to - from;
  if (start + length <= ring.length) return ring.subarray(start, start + length);
  return Buffer.concat([ring.subarray(start), ring.subarray(0, length - (ring.length - start))]);
}

function parseHeader(file: Buffer): TranscriptHeader | undefined {
  const end = file.indexOf(0, HEADER_JSON_AT);
  try {
    const value = JSON.parse(
      file.toString('utf8', HEADER_JSON_AT, end < 0 || end > INDEX_AT ? INDEX_AT : end),
    ) as Partial<TranscriptHeader> | null;
    if (typeof value?.cols !== 'number' || typeof value.rows !== 'number') return undefined;
    return {
      format: TRANSCRIPT_FORMAT,
      cols: value.cols,
      rows: value.rows,
      timestamp: Number(value.timestamp) || 0,
      command: String(value.command ?? ''),
    };
  } catch {
    return undefined;
  }
}
