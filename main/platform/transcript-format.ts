// The on-disk form of a transcript (issue #16), shared by the writer and the reader. Each
// segment is a pair of files:
//   NNNN.out  the output bytes exactly as the program printed them (UTF-8, nothing escaped),
//   NNNN.idx  a small index: one JSON header line, then per written batch `o <seconds> <end offset>`,
//             per resize `r <seconds> <cols>x<rows>`, per gap in the recording `m <seconds> <note>`.
// Raw bytes cost one copy to the page cache; asciicast v2 (JSON strings, every ESC as \u001b)
// wrote about twice the bytes and encoded every chunk twice. `ripcord last --cast` makes the
// asciicast from this on demand. A line counts only when its newline is on disk: a line torn by
// a kill is ignored, and output past the last indexed offset is still read.
import path from 'node:path';

/** Per-session cap on disk: a few hundred thousand lines of output, the end of any long session. */
export const TRANSCRIPT_MAX_BYTES = 8 * 1024 * 1024;
/** Sessions whose transcripts are kept; older ones are deleted when a new one starts. */
export const TRANSCRIPTS_KEPT = 20;
/** What a cut transcript starts with: RIS, a full terminal reset. */
export const CUT_RESET = '\x1bc';
export const INDEX_FORMAT = 'ripcord-transcript-1';

export interface IndexHeader {
  format: typeof INDEX_FORMAT;
  cols: number;
  rows: number;
  /** Unix seconds of the session's start */
  timestamp: number;
  command: string;
  segment: number;
}

/** `at`: milliseconds since the session started. */
export type IndexEntry =
  | { type: 'o'; at: number; end: number }
  | { type: 'r'; at: number; cols: number; rows: number }
  | { type: 'm'; at: number; note: string };

export function outputFile(dir: string, segment: number): string {
  return path.join(dir, `${segmentName(segment)}.out`);
}

export function indexFile(dir: string, segment: number): string {
  return path.join(dir, `${segmentName(segment)}.idx`);
}

function segmentName(segment: number): string {
  return String(segment).padStart(4, '0');
}

/** Segment numbers present in a directory listing, in order. */
export function segmentsIn(names: readonly string[]): number[] {
  return names.flatMap((n) => {
    const match = /^(\d{4,})\.out$/.exec(n);
    return match ? [Number(match[1])] : [];
  }).sort((a, b) => a - b);
}

export function formatHeader(header: IndexHeader): string {
  return `${JSON.stringify(header)}\n`;
}

export function formatEntry(entry: IndexEntry): string {
  const seconds = (entry.at / 1000).toFixed(6);
  switch (entry.type) {
    case 'o': return `o ${seconds} ${entry.end}\n`;
    case 'r': return `r ${seconds} ${entry.cols}x${entry.rows}\n`;
    case 'm': return `m ${seconds} ${entry.note.replace(/[\r\n]/g, ' ')}\n`;
  }
}

/** The header (when its line is whole and ours) and every whole entry line; the rest is ignored. */
export function parseIndex(text: string): { header: IndexHeader | undefined; entries: IndexEntry[] } {
  const lines = text.split('\n');
  lines.pop(); // after the last newline: empty, or a line a kill cut short
  const header = parseHeader(lines[0] ?? '');
  const entries = lines.slice(header ? 1 : 0).flatMap((line) => {
    const entry = parseEntry(line);
    return entry ? [entry] : [];
  });
  return { header, entries };
}

function parseHeader(line: string): IndexHeader | undefined {
  try {
    const value = JSON.parse(line) as Partial<IndexHeader> | null;
    if (value?.format !== INDEX_FORMAT || typeof value.cols !== 'number' || typeof value.rows !== 'number') return undefined;
    return { format: INDEX_FORMAT, cols: value.cols, rows: value.rows, timestamp: Number(value.timestamp) || 0, command: String(value.command ?? ''), segment: Number(value.segment) || 0 };
  } catch {
    return undefined;
  }
}

function parseEntry(line: string): IndexEntry | undefined {
  const match = /^([orm]) (\d+(?:\.\d+)?) (.*)$/.exec(line);
  if (!match) return undefined;
  const at = Number(match[2]) * 1000;
  const rest = match[3] ?? '';
  if (match[1] === 'm') return { type: 'm', at, note: rest };
  if (match[1] === 'o') return /^\d+$/.test(rest) ? { type: 'o', at, end: Number(rest) } : undefined;
  const size = /^(\d+)x(\d+)$/.exec(rest);
  return size ? { type: 'r', at, cols: Number(size[1]), rows: Number(size[2]) } : undefined;
}
