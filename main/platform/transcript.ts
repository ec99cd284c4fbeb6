// Each session's output kept on disk as it passes (issue #16), as asciicast v2 (what asciinema
// plays): a header line with the size, then [seconds, "o", text] and [seconds, "r", "COLSxROWS"]
// events. Written promptly in the background — a crash or kill -9 keeps what was written — and
// never in the way: appends are asynchronous and bounded, the exit path never waits for them,
// a failing disk stops the recording with one note, nothing is retried or fsynced.
//
// Size cap, keeping the end: the session's directory holds numbered segments of half the cap
// each; when one is full the next starts and the one before the previous is deleted. Every
// segment after the first starts with a reset event, so a transcript whose start was cut
// renders from a clean terminal.
import type { FileHandle } from 'node:fs/promises';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { EventLog } from './event-log';
import { createPrivateFile, ensurePrivateDir } from './private-files';
import { processClock } from './process-clock';

/** Per-session cap on disk: a few hundred thousand lines of output, the end of any long session. */
export const TRANSCRIPT_MAX_BYTES = 8 * 1024 * 1024;
/** Sessions whose transcripts are kept; older ones are deleted when a new one starts. */
export const TRANSCRIPTS_KEPT = 20;
/** Output waiting for the disk beyond this is dropped (and noted): memory stays bounded under a flood. */
const MAX_PENDING_BYTES = 2 * 1024 * 1024;
/** What a cut transcript starts with: RIS, a full terminal reset. */
export const CUT_RESET = '\x1bc';
const SEGMENT_SUFFIX = '.cast';

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

interface PendingEvent {
  /** ms since the session started */
  at: number;
  type: 'o' | 'r' | 'm';
  data: string;
}

export class Transcript {
  private handle: FileHandle | undefined;
  private segment = 0;
  private segmentBytes = 0;
  /** events not yet written; consecutive output is merged into one event (one JSON encoding per batch) */
  private pending: PendingEvent[] = [];
  private pendingBytes = 0;
  private droppedBytes = 0;
  private writing = false;
  private stopped = false;
  private readonly started: number;
  private readonly clock: () => number;
  private readonly segmentMax: number;
  private readonly header: Record<string, unknown>;
  /** the session's directory: one per session, named by start time and host pid */
  readonly dir: string;

  /**
   * Starts recording at once: output that comes while the directory and the first segment are
   * being made waits in the bounded queue. A failure stops the recording and is logged once.
   */
  constructor(private readonly options: TranscriptOptions) {
    this.clock = options.clock ?? processClock;
    this.started = this.clock();
    this.segmentMax = Math.max(1, Math.floor((options.maxBytes ?? TRANSCRIPT_MAX_BYTES) / 2));
    const now = (options.now ?? (() => new Date()))();
    this.dir = path.join(options.root, `${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}`);
    this.header = { version: 2, width: options.cols, height: options.rows, timestamp: Math.floor(now.getTime() / 1000), command: options.command, env: { TERM: 'xterm-256color' } };
    this.writing = true;
    void this.init();
  }

  private async init(): Promise<void> {
    try {
      await ensurePrivateDir(this.options.root);
      await pruneOldSessions(this.options.root, TRANSCRIPTS_KEPT - 1);
      await ensurePrivateDir(this.dir);
      await this.startSegment();
      this.options.log.event('transcript.started', { dir: this.dir });
    } catch (error) {
      this.fail(error);
      this.writing = false;
      return;
    }
    await this.drain();
  }

  output(data: string): void {
    this.event('o', data);
  }

  resize(cols: number, rows: number): void {
    this.event('r', `${cols}x${rows}`);
  }

  /** Stops recording; what is queued still goes out, in the background, then the file is closed. */
  dispose(): void {
    this.stopped = true;
    if (!this.writing) this.close();
  }

  private close(): void {
    const handle = this.handle;
    this.handle = undefined;
    void handle?.close().catch(() => undefined);
  }

  private line(event: PendingEvent): string {
    return `${JSON.stringify([Number((event.at / 1000).toFixed(6)), event.type, event.data])}\n`;
  }

  private elapsed(): number {
    return this.clock() - this.started;
  }

  private event(type: 'o' | 'r', data: string): void {
    if (this.stopped) return;
    if (this.pendingBytes + data.length > MAX_PENDING_BYTES) {
      this.droppedBytes += data.length;
      return;
    }
    const last = this.pending.at(-1);
    if (type === 'o' && last?.type === 'o') last.data += data;
    else this.pending.push({ at: this.elapsed(), type, data });
    this.pendingBytes += data.length;
    if (!this.writing) {
      this.writing = true;
      setImmediate(() => void this.drain());
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0 && this.handle) {
        if (this.droppedBytes > 0) {
          const dropped = this.droppedBytes;
          this.droppedBytes = 0;
          this.pending.unshift({ at: this.elapsed(), type: 'm', data: `ripcord: ${dropped} chars of output not recorded (disk too slow)` });
        }
        const text = this.pending.map((e) => this.line(e)).join('');
        this.pending = [];
        this.pendingBytes = 0;
        const bytes = Buffer.from(text, 'utf8');
        await this.handle.write(bytes);
        this.segmentBytes += bytes.length;
        if (this.segmentBytes >= this.segmentMax) await this.nextSegment();
      }
    } catch (error) {
      this.fail(error);
    } finally {
      this.writing = false;
      if (this.stopped) this.close();
    }
  }

  private fail(error: unknown): void {
    this.stopped = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.options.log.warn('transcript.write-failed', { dir: this.dir, error: String(error) });
    this.close();
  }

  private async startSegment(): Promise<void> {
    const handle = await createPrivateFile(segmentFile(this.dir, this.segment));
    const header = `${JSON.stringify({ ...this.header, ripcord: { segment: this.segment } })}\n`;
    const reset = this.segment > 0 ? this.line({ at: this.elapsed(), type: 'o', data: CUT_RESET }) : '';
    await handle.write(header + reset);
    this.segmentBytes = Buffer.byteLength(header + reset);
    this.handle = handle;
  }

  private async nextSegment(): Promise<void> {
    const old = this.handle;
    this.handle = undefined;
    await old?.close();
    const stale = this.segment - 1;
    this.segment += 1;
    await this.startSegment();
    if (stale >= 0) await rm(segmentFile(this.dir, stale), { force: true });
  }
}

function segmentFile(dir: string, segment: number): string {
  return path.join(dir, `${String(segment).padStart(4, '0')}${SEGMENT_SUFFIX}`);
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
