// Each session's output kept on disk as it passes (issue #16), as raw bytes plus a small index
// (transcript-format.ts); `ripcord last` renders it, prints the bytes or makes an asciicast.
// Written promptly in the background — a crash or kill -9 keeps what was written — and never in
// the way: appends are asynchronous and bounded, the exit path never waits for them, a failing
// disk stops the recording with one note, nothing is retried or fsynced. The files are made only
// once the session's start is over (`begin`): the first prompt need not share a core with them.
//
// Size cap, keeping the end: the session's directory holds numbered segments of half the cap
// each (transcript-segments.ts); when the next batch would overflow one, the next starts.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { EventLog } from './event-log';
import { ByteQueue } from './byte-queue';
import { ensurePrivateDir } from './private-files';
import { processClock } from './process-clock';
import { formatEntry, INDEX_FORMAT, TRANSCRIPT_MAX_BYTES, TRANSCRIPTS_KEPT, type IndexEntry, type IndexHeader } from './transcript-format';
import { TranscriptSegments } from './transcript-segments';

/**
 * Output waiting for the disk beyond this many bytes is dropped (and noted): memory stays
 * bounded under a flood whatever the disk does.
 */
const MAX_PENDING_BYTES = 2 * 1024 * 1024;
/**
 * When output is written: the first output after a quiet time (a command's output, a prompt)
 * this long after it came, as nothing was written for WRITE_INTERVAL_MS...
 */
const QUIET_MS = 2;
/**
 * ...else, while it keeps coming — or stalls only briefly, as it does every few milliseconds
 * under flow control — this long after the previous write: every write costs a thread-pool round
 * trip and some CPU whatever its size, so a flood is written in a few large batches, and the
 * writer wakes only when a rule could apply. Under a flood this is about the most output a
 * kill -9 can take from a transcript (what was not handed to the system yet)...
 */
const WRITE_INTERVAL_MS = 50;
/**
 * ...or once it paused this long: well inside the 10 ms of quiet after which a session reports
 * its end (session.ts EXIT_SETTLE_MS), so the last batch is on its way before the exit path runs.
 */
const SETTLED_MS = 5;
/** ...or at once when this much waits (well below the queue's bound). */
const WRITE_NOW_BYTES = 1024 * 1024;
/** Output is timed per this much (an index line each): a replay keeps the program's pace. */
const ENTRY_SPAN_MS = 10;
/**
 * While output keeps coming, its index lines are appended this often, not with every batch:
 * half the writes of a flood. A kill -9 can leave this much output without its times; it is
 * still read (the reader takes output past the last index line as it is).
 */
const INDEX_INTERVAL_MS = 250;

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

/** Output not yet written: its bytes are in the queue, in order. */
interface PendingOutput { type: 'output'; at: number; bytes: number }
/** Output not recorded because the queue was full. */
interface PendingDrop { type: 'drop'; at: number; chars: number }
type Pending = PendingOutput | PendingDrop | Extract<IndexEntry, { type: 'r' }>;

export class Transcript {
  private readonly files: TranscriptSegments;
  private readonly bytes = new ByteQueue(MAX_PENDING_BYTES);
  /** what the queued bytes are, with the resizes and gaps between them */
  private pending: Pending[] = [];
  private writing = false;
  private timer: NodeJS.Timeout | undefined;
  /** clock() when output last came */
  private lastOutput = Number.NEGATIVE_INFINITY;
  /** clock() when the last batch was handed to the disk */
  private lastWrite = Number.NEGATIVE_INFINITY;
  /** index lines of output already written, not yet appended to the index */
  private unindexed = '';
  private lastIndexWrite = Number.NEGATIVE_INFINITY;
  private stopped = false;
  private writeFailed = false;
  private begun = false;
  private made = false;
  private readonly started: number;
  private readonly clock: () => number;
  /** the session's directory: one per session, named by start time and host pid */
  readonly dir: string;

  /**
   * Records from now on: output waits in the bounded queue until `begin` has made the directory
   * and the first segment (a failure stops the recording and is logged once).
   */
  constructor(private readonly options: TranscriptOptions) {
    this.clock = options.clock ?? processClock;
    this.started = this.clock();
    const now = (options.now ?? (() => new Date()))();
    this.dir = path.join(options.root, `${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
    const header: Omit<IndexHeader, 'segment'> = { format: INDEX_FORMAT, cols: options.cols, rows: options.rows, timestamp: Math.floor(now.getTime() / 1000), command: options.command };
    this.files = new TranscriptSegments(this.dir, header, Math.max(1, Math.floor((options.maxBytes ?? TRANSCRIPT_MAX_BYTES) / 2)));
    // nothing is written before `begin`
    this.writing = true;
  }

  /**
   * Makes the files and writes what waits, then keeps writing as output comes. Called once the
   * session's start is over; sooner by itself when a megabyte waits (a flood from the start) or
   * the recording is disposed.
   */
  begin(): void {
    if (this.begun) return;
    this.begun = true;
    void this.init();
  }

  private async init(): Promise<void> {
    try {
      await ensurePrivateDir(this.options.root);
      await pruneOldSessions(this.options.root, TRANSCRIPTS_KEPT - 1);
      await ensurePrivateDir(this.dir);
      await this.files.start();
      this.made = true;
      this.options.log.event('transcript.started', { dir: this.dir });
    } catch (error) {
      this.fail(error);
      this.writing = false;
      return;
    }
    await this.drain();
  }

  /** The directory and its first segment exist and no file error stopped the recording: `dir` can be named. */
  get kept(): boolean {
    return this.made && !this.writeFailed;
  }

  output(data: string): void {
    if (this.stopped || data.length === 0) return;
    const now = this.clock();
    this.lastOutput = now;
    const bytes = this.bytes.append(data);
    const last = this.pending.at(-1);
    const at = now - this.started;
    if (bytes === undefined) {
      if (last?.type === 'drop') last.chars += data.length;
      else this.pending.push({ type: 'drop', at, chars: data.length });
    } else if (last?.type === 'output' && at - last.at < ENTRY_SPAN_MS) {
      last.bytes += bytes;
    } else {
      this.pending.push({ type: 'output', at, bytes });
    }
    this.schedule();
  }

  resize(cols: number, rows: number): void {
    if (this.stopped) return;
    this.pending.push({ type: 'r', at: this.elapsed(), cols, rows });
    this.schedule();
  }

  /** Stops recording; what is queued still goes out, in the background, then the files are closed. */
  dispose(): void {
    this.stopped = true;
    if (!this.begun) this.begin();
    else if (this.timer) this.startDrain();
    else if (!this.writing) this.files.close();
  }

  /** Starts the write at once when a batch is big, else the check QUIET_MS from now. */
  private schedule(): void {
    if (!this.begun && this.bytes.size >= WRITE_NOW_BYTES) this.begin();
    if (this.writing) return; // the write's end schedules again
    if (this.bytes.size >= WRITE_NOW_BYTES) this.startDrain();
    else this.timer ??= setTimeout(() => this.check(), QUIET_MS);
  }

  /** Writes what waits when a rule above says so; else looks again when the next one could. */
  private check(): void {
    const now = this.clock();
    const sinceWrite = now - this.lastWrite;
    const quiet = now - this.lastOutput;
    if (sinceWrite >= WRITE_INTERVAL_MS || quiet >= SETTLED_MS) {
      this.startDrain();
      return;
    }
    this.timer = setTimeout(() => this.check(), Math.min(WRITE_INTERVAL_MS - sinceWrite, SETTLED_MS - quiet));
  }

  private startDrain(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = true;
    void this.drain();
  }

  private elapsed(): number {
    return this.clock() - this.started;
  }

  private async drain(): Promise<void> {
    try {
      // one batch per write while recording; everything once stopped
      do {
        if (!this.files.open) break;
        if (this.pending.length === 0) {
          // output paused after a batch written while it kept coming: its index lines now
          if (this.unindexed) await this.writeIndex();
          break;
        }
        const batch = this.pending;
        this.pending = [];
        this.lastWrite = this.clock();
        try {
          await this.write(batch, this.bytes.take());
        } finally {
          this.bytes.release();
        }
      } while (this.stopped);
    } catch (error) {
      this.fail(error);
    } finally {
      this.writing = false;
      if (this.stopped) this.files.close();
      else if (this.pending.length > 0 || this.unindexed) this.schedule();
    }
  }

  /** The batch's output, then — once output paused, the recording stops or INDEX_INTERVAL_MS passed — the index lines that place it. */
  private async write(batch: Pending[], parts: Buffer[]): Promise<void> {
    const size = parts.reduce((n, part) => n + part.length, 0);
    let lines = indexLines(batch, this.files.offset);
    // a batch that would overflow the segment starts the next
    if (this.files.wouldOverflow(this.unindexed.length + size + lines.length)) {
      await this.writeIndex(); // the lines of this segment's output go to this segment's index
      await this.files.next(batch[0]?.at ?? this.elapsed());
      lines = indexLines(batch, this.files.offset);
    }
    await this.files.appendOutput(parts);
    this.unindexed += lines;
    const now = this.clock();
    if (this.stopped || now - this.lastOutput >= QUIET_MS || now - this.lastIndexWrite >= INDEX_INTERVAL_MS) await this.writeIndex();
  }

  private async writeIndex(): Promise<void> {
    const lines = this.unindexed;
    this.unindexed = '';
    this.lastIndexWrite = this.clock();
    await this.files.appendIndex(lines);
  }

  private fail(error: unknown): void {
    this.stopped = true;
    this.writeFailed = true;
    this.pending = [];
    this.bytes.clear();
    this.options.log.warn('transcript.write-failed', { dir: this.dir, error: String(error) });
    this.files.close();
  }
}

/** The index lines of a batch whose output starts at `offset` of the segment's output file. */
function indexLines(batch: readonly Pending[], offset: number): string {
  let end = offset;
  let lines = '';
  for (const item of batch) {
    if (item.type === 'output') {
      end += item.bytes;
      lines += formatEntry({ type: 'o', at: item.at, end });
    } else if (item.type === 'drop') {
      lines += formatEntry({ type: 'm', at: item.at, note: `ripcord: ${item.chars} chars of output not recorded (disk too slow)` });
    } else {
      lines += formatEntry(item);
    }
  }
  return lines;
}

/** Deletes all but the newest `keep` session directories (names sort by start time). */
async function pruneOldSessions(root: string, keep: number): Promise<void> {
  const entries = await readdir(root, { withFileTypes: true });
  const sessions = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const old = sessions.slice(0, Math.max(0, sessions.length - keep));
  await Promise.all(old.map((name) => rm(path.join(root, name), { recursive: true, force: true })));
}

/** state dir/transcripts */
export function transcriptsRoot(stateDirectory: string): string {
  return path.join(stateDirectory, 'transcripts');
}
