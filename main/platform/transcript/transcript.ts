// Each session's output kept on disk as it passes (issue #16): one file per session
// (transcript-format.ts), output written into it with positional writes as it comes
// (transcript-file.ts) — nothing queued for the disk, nothing for the exit path to wait for or
// lose: a crash or kill -9 keeps every byte written before it. Never in the way: a write is a
// copy into the page cache, nothing is fsynced, a failing disk stops the recording with one
// note. The file is made only once the session's start is over (`begin`): the first prompt need
// not share a core with it; what comes before waits in memory, bounded by what the file keeps.
//
// Size cap, keeping the end: the file's output area is a ring of the cap's size.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { EventLog } from '../log/event-log';
import { ensurePrivateDir } from '../files/private-files';
import { processClock } from '../processes/process-clock';
import {
  encodeHeader,
  encodeRecord,
  layoutFor,
  pieceBytes,
  recordOffset,
  RECORD_BYTES,
  RECORDS_AT,
  TRANSCRIPT_FILE,
  TRANSCRIPT_FORMAT,
  TRANSCRIPT_MAX_BYTES,
  TRANSCRIPTS_KEPT,
  writeCount,
  type TranscriptIndexRecord,
  type TranscriptLayout,
} from './transcript-format';
import { TranscriptFile } from './transcript-file';

/** Output is timed per this much (a record each): a replay keeps the program's pace. */
const ENTRY_SPAN_MS = 10;
/** Output waiting for the file beyond this many chars begins it at once: a flood from the start. */
const BEGIN_EARLY_CHARS = 1024 * 1024;

export interface TranscriptOptions {
  /** the directory of all transcripts (state dir/transcripts) */
  root: string;
  cols: number;
  rows: number;
  command: string;
  log: EventLog;
  maxBytes?: number;
  clock?: () => number;
  now?: () => Date;
}

/** What came before the file was there. */
type Waiting = { type: 'output'; at: number; data: string } | { type: 'resize'; at: number; cols: number; rows: number };

export class Transcript {
  private readonly layout: TranscriptLayout;
  /** chars per write: their UTF-8 (at most 3 bytes a char) within the format's piece */
  private readonly pieceChars: number;
  private readonly header: Buffer;
  private file: TranscriptFile | undefined;
  private waiting: Waiting[] = [];
  private waitingChars = 0;
  /** output bytes ever written: the end of the next record */
  private head = 0;
  /** records ever begun, and the last one (it grows while output keeps coming at one size) */
  private records = 0;
  private last: TranscriptIndexRecord | undefined;
  /**
   * The last record grew in memory only: its end is written when the next record begins or the
   * file closes. A write call per piece less; its bytes count already (the head), and after a
   * kill the reader takes them at this record's time, as the record would have said.
   */
  private lastEndUnwritten = false;
  private readonly recordBytes = Buffer.alloc(RECORD_BYTES);
  private readonly countBytes = Buffer.alloc(8);
  private cols: number;
  private rows: number;
  private stopped = false;
  private failed = false;
  private begun = false;
  /** the file's making, once begun: settles when what waited is written (or the recording failed) */
  private opened: Promise<void> | undefined;
  private readonly started: number;
  private readonly clock: () => number;
  /** the session's directory: one per session, named by start time and host pid */
  readonly dir: string;

  /** Records from now on: output waits in memory until `begin` has made the file. */
  constructor(private readonly options: TranscriptOptions) {
    this.clock = options.clock ?? processClock;
    this.started = this.clock();
    this.cols = options.cols;
    this.rows = options.rows;
    const now = (options.now ?? (() => new Date()))();
    this.dir = path.join(options.root, `${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
    this.layout = layoutFor(options.maxBytes ?? TRANSCRIPT_MAX_BYTES);
    this.pieceChars = Math.floor(pieceBytes(this.layout) / 3);
    this.header = encodeHeader(this.layout, {
      format: TRANSCRIPT_FORMAT,
      cols: options.cols,
      rows: options.rows,
      timestamp: Math.floor(now.getTime() / 1000),
      command: options.command,
    });
  }

  /**
   * Makes the file and writes what waited, then writes output as it comes. Called once the
   * session's start is over; sooner by itself when a megabyte waits or the recording is disposed.
   */
  begin(): void {
    if (this.begun) return;
    this.begun = true;
    this.opened = this.open();
  }

  /**
   * Resolves once what was recorded so far is in the file — or the recording failed, or
   * `maxMs` passed (a disk that hangs). Begins the file if the start was not over yet: a session
   * that ends within milliseconds still leaves its transcript.
   */
  whenWritten(maxMs: number): Promise<void> {
    this.begin();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMs);
    });
    return Promise.race([this.opened, bound]).then(() => clearTimeout(timer));
  }

  private async open(): Promise<void> {
    const file = path.join(this.dir, TRANSCRIPT_FILE);
    try {
      await ensurePrivateDir(this.options.root);
      await pruneOldSessions(this.options.root, TRANSCRIPTS_KEPT - 1);
      await ensurePrivateDir(this.dir);
    } catch (error) {
      this.fail(String(error));
      return;
    }
    const opened = await TranscriptFile.open(file, this.layout.metaBytes, this.layout.dataBytes);
    if (!opened.ok) {
      this.fail(opened.error);
      return;
    }
    this.file = opened.value;
    if (!this.file.put(RECORDS_AT, this.header)) {
      this.fail('the file could not be written (disk full?)');
      return;
    }
    this.options.log.event('transcript.started', { dir: this.dir });
    for (const item of this.waiting) {
      if (item.type === 'output') this.record(item.data, item.at);
      else this.sizeChanged(item.cols, item.rows, item.at);
    }
    this.waiting = [];
    if (this.stopped) this.closeFile();
  }

  /** The file was made and no disk error stopped the recording: `dir` can be named. */
  get kept(): boolean {
    return this.file !== undefined && !this.failed;
  }

  output(data: string): void {
    if (this.stopped || data.length === 0) return;
    const at = this.elapsed();
    if (this.file) {
      this.record(data, at);
      return;
    }
    this.waiting.push({ type: 'output', at, data });
    this.waitingChars += data.length;
    // the file keeps no more than its output area: older output would only be overwritten
    while (this.waitingChars - (this.waiting[0]?.type === 'output' ? this.waiting[0].data.length : 0) >= this.layout.dataBytes) {
      const dropped = this.waiting.shift();
      if (dropped?.type === 'output') this.waitingChars -= dropped.data.length;
      else if (dropped) ({ cols: this.cols, rows: this.rows } = dropped); // the output after it still comes at its size
    }
    if (this.waitingChars >= BEGIN_EARLY_CHARS) this.begin();
  }

  resize(cols: number, rows: number): void {
    if (this.stopped) return;
    if (this.file) this.sizeChanged(cols, rows, this.elapsed());
    else this.waiting.push({ type: 'resize', at: this.elapsed(), cols, rows });
  }

  /** Stops recording and closes the file; output that waited for it is written first. */
  dispose(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (!this.begun) this.begin();
    else this.closeFile();
  }

  private record(data: string, at: number): void {
    // a chunk bigger than the ring (never from a pty) keeps its end, as the ring would
    const text = data.length * 3 < this.layout.dataBytes ? data : data.slice(-Math.floor(this.layout.dataBytes / 3) + 1);
    for (let from = 0; from < text.length;) {
      const to = pieceEnd(text, from, this.pieceChars);
      const bytes = this.file?.write(text.slice(from, to)) ?? -1;
      if (bytes < 0) {
        this.fail('the file could not be written (disk full?)');
        return;
      }
      this.head += bytes;
      from = to;
    }
    const last = this.last;
    if (last && at - last.at < ENTRY_SPAN_MS && last.cols === this.cols && last.rows === this.rows) {
      last.end = this.head;
      this.lastEndUnwritten = true;
    } else {
      this.append({ end: this.head, at, cols: this.cols, rows: this.rows });
    }
  }

  private sizeChanged(cols: number, rows: number, at: number): void {
    this.cols = cols;
    this.rows = rows;
    this.append({ end: this.head, at, cols, rows });
  }

  /** A new record: whole in its slot before the count includes it. */
  private append(record: TranscriptIndexRecord): void {
    this.writeLastEnd();
    this.last = record;
    this.put(recordOffset(this.layout, this.records), encodeRecord(record, this.recordBytes));
    this.records += 1;
    this.put(RECORDS_AT, writeCount(this.countBytes, 0, this.records));
  }

  private writeLastEnd(): void {
    if (!this.lastEndUnwritten || !this.last) return;
    this.lastEndUnwritten = false;
    this.put(recordOffset(this.layout, this.records - 1), writeCount(this.countBytes, 0, this.last.end));
  }

  private closeFile(): void {
    this.writeLastEnd();
    this.file?.close();
  }

  private put(offset: number, bytes: Buffer): void {
    if (!this.failed && !this.file?.put(offset, bytes)) this.fail('the index could not be written (disk full?)');
  }

  private elapsed(): number {
    return Math.round(this.clock() - this.started);
  }

  private fail(reason: string): void {
    if (this.failed) return;
    this.stopped = true;
    this.failed = true;
    this.waiting = [];
    this.options.log.warn('transcript.write-failed', { dir: this.dir, error: reason });
    this.file?.close();
  }
}

/** Where the piece of `text` from `from` ends: at most `chars` on, never between the halves of a surrogate pair. */
function pieceEnd(text: string, from: number, chars: number): number {
  const to = from + chars;
  if (to >= text.length) return text.length;
  const last = text.charCodeAt(to - 1);
  return last >= 0xd800 && last <= 0xdbff ? to - 1 : to;
}

/** Deletes all but the newest `keep` session directories (names sort by start time). */
async function pruneOldSessions(root: string, keep: number): Promise<void> {
  const entries = await readdir(root, { withFileTypes: true });
  const sessions = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const old = sessions.slice(0, Math.max(0, sessions.length - keep));
  await Promise.all(old.map((name) => rm(path.join(root, name), { recursive: true, force: true })));
}

/** state dir/transcripts */
export function transcriptsRoot(stateDirectory: string): string {
  return path.join(stateDirectory, 'transcripts');
}
