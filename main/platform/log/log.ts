// The app log: JSON lines with monotonic timestamps (DESIGN §8) in a file that rotates by size.
// Logging can never hold the exit: while the app runs, lines go out through one asynchronous
// write at a time; the exit path's flushSync() makes ONE synchronous write attempt of what is
// still queued — no fsync, no retry. Any failing write (ENOSPC, EIO, EDQUOT, EBADF …) turns
// logging off for the rest of the run and hands the host one note to show the user. (pino's
// SonicBoom was replaced for this: its flushSync retries every error but EAGAIN/EBUSY forever,
// so a full disk trapped the user at exit.) A write already in flight when flushSync() runs
// completes on its own and can land after the lines flushSync() writes; every line carries its
// monotonic `t`, so sort by `t` when reading the tail of a log.
import { close, fstatSync, write, writeSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LogLevel } from '../../core/config';
import { visibleText } from '../../core/visible-text';
import { describeFileError, openPrivateAppend, openPrivateAppendSync } from '../files/private-files';
import { formatLogLine } from './log-line';
import { processClock } from '../processes/process-clock';
import type { Result } from '../../../contracts/result';

export interface Logger {
  /** one JSON line {level, t: monotonic ms, wall, pid, ...fields, name} */
  event(name: string, fields?: Record<string, unknown>): void;
  warn(name: string, fields?: Record<string, unknown>): void;
  error(name: string, fields?: Record<string, unknown>): void;
  /** Exit path: one synchronous write attempt of the queued lines; never retries, never throws. */
  flushSync(): void;
  readonly file: string | undefined;
}

export interface LogOptions {
  file?: string;
  level?: LogLevel;
  clock?: () => number;
  maxBytes?: number;
  keepFiles?: number;
  /**
   * Called once when a write fails and logging turns off, with the line to show the user. The
   * terminal host keeps it until the outer terminal is restored (never into the program's
   * screen); without a listener it goes to stderr at once.
   */
  onFailure?: (note: string) => void;
}

// Thousands of exit-path traces fit in 5 MB; three files cap the log at 15 MB on disk.
export const LOG_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_KEEP_FILES = 3;
/** Lines waiting for a slow disk are capped: past this they are dropped (and counted), memory stays flat. */
export const LOG_MAX_QUEUED_BYTES = 1024 * 1024;

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** $XDG_STATE_HOME/ripcord, else ~/.local/state/ripcord: the log and the transcripts live here. */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  // XDG: a relative XDG_STATE_HOME is invalid and must be ignored.
  const base = env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : path.join(os.homedir(), '.local', 'state');
  return path.join(base, 'ripcord');
}

/** $RIPCORD_LOG, else $XDG_STATE_HOME/ripcord/ripcord.log, else ~/.local/state/ripcord/ripcord.log. */
export function defaultLogPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RIPCORD_LOG) return path.resolve(env.RIPCORD_LOG);
  return path.join(stateDir(env), 'ripcord.log');
}

/**
 * A log file that moves itself aside when it passes maxBytes: ripcord.log → ripcord.log.1 →
 * … → ripcord.log.(keepFiles-1), the oldest dropped. Rotation runs between two writes, so lines
 * keep their order; lines queued meanwhile wait for the new file (or, at exit, go to the old one).
 */
export class RotatingLogFile {
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private writing = false;
  private rotating = false;
  private failure: string | undefined;
  private idleWaiters: Array<() => void> = [];
  /** lines dropped because the queue was full, not yet reported */
  dropped = 0;

  private constructor(
    readonly file: string,
    private fd: number,
    private bytes: number,
    private readonly maxBytes: number,
    private readonly keepFiles: number,
    private readonly onFailure: (reason: string) => void,
  ) {}

  /** Opens synchronously (startup) so flushSync works from the first line on. Created 0600, never through a symlink. */
  static open(
    file: string,
    options: { maxBytes?: number; keepFiles?: number; onFailure?: (reason: string) => void } = {},
  ): Result<RotatingLogFile> {
    const opened = openPrivateAppendSync(file);
    if (!opened.ok) return opened;
    let size = 0;
    try {
      size = fstatSync(opened.value).size;
    } catch {
      // size unknown: the first rotation comes late, nothing worse
    }
    const sink = new RotatingLogFile(
      file,
      opened.value,
      size,
      options.maxBytes ?? LOG_MAX_BYTES,
      options.keepFiles ?? LOG_KEEP_FILES,
      options.onFailure ?? (() => {}),
    );
    return { ok: true, value: sink };
  }

  /** Whether another line fits in the queue. */
  get hasRoom(): boolean {
    return this.queuedBytes < LOG_MAX_QUEUED_BYTES;
  }

  /** Why logging turned off, once a write failed. */
  get failed(): string | undefined {
    return this.failure;
  }

  write(line: string): void {
    if (this.failure !== undefined) return;
    if (!this.hasRoom) {
      this.dropped++;
      return;
    }
    const chunk = Buffer.from(line);
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    this.pump();
  }

  /** Resolves when nothing is queued, being written or being rotated (tests, benchmarks). */
  idle(): Promise<void> {
    if (this.isIdle) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** One attempt to write what is queued, synchronously; a failure turns logging off. */
  flushSync(): void {
    if (this.failure !== undefined || this.queue.length === 0) return;
    const chunk = this.takeQueue();
    try {
      const written = writeSync(this.fd, chunk);
      if (written < chunk.length) this.fail(`wrote ${written} of ${chunk.length} bytes`);
      else this.bytes += written;
    } catch (error) {
      this.fail(describeFileError(error));
    }
  }

  private get isIdle(): boolean {
    return !this.writing && !this.rotating && (this.queue.length === 0 || this.failure !== undefined);
  }

  private takeQueue(): Buffer {
    const chunk = this.queue.length === 1 ? (this.queue[0] as Buffer) : Buffer.concat(this.queue);
    this.queue = [];
    this.queuedBytes = 0;
    return chunk;
  }

  private pump(): void {
    if (this.writing || this.rotating || this.failure !== undefined) return;
    if (this.queue.length === 0) {
      this.notifyIdle();
      return;
    }
    if (this.bytes >= this.maxBytes) {
      this.rotate();
      return;
    }
    const chunk = this.takeQueue();
    this.writing = true;
    write(this.fd, chunk, 0, chunk.length, null, (error, written) => {
      this.writing = false;
      if (error) return this.fail(describeFileError(error));
      if (written === 0) return this.fail('the file takes no more bytes');
      this.bytes += written;
      if (written < chunk.length) {
        // A short write: the rest goes first next time; the next attempt then fails or moves on.
        const rest = chunk.subarray(written);
        this.queue.unshift(rest);
        this.queuedBytes += rest.length;
      }
      this.pump();
    });
  }

  private rotate(): void {
    this.rotating = true;
    void (async () => {
      try {
        for (let index = this.keepFiles - 1; index >= 1; index--) {
          await renameIfPresent(index === 1 ? this.file : `${this.file}.${index - 1}`, `${this.file}.${index}`);
        }
        const opened = await openPrivateAppend(this.file);
        if (opened.ok) {
          const old = this.fd;
          this.fd = opened.value;
          close(old, () => {});
        }
      } catch {
        // Keep writing to the current file: a log that grows past its cap beats a lost log.
      }
      this.bytes = 0;
      this.rotating = false;
      this.pump();
    })();
  }

  private fail(reason: string): void {
    if (this.failure !== undefined) return;
    this.failure = reason;
    this.queue = [];
    this.queuedBytes = 0;
    this.onFailure(reason);
    this.notifyIdle();
  }

  private notifyIdle(): void {
    if (!this.isIdle) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

async function renameIfPresent(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** The one note the user gets when the log fails mid-run. */
export function logFailureNote(file: string, reason: string): string {
  return visibleText(`ripcord: writing the log ${file} failed (${reason}); logging is off for the rest of this run`);
}

/** Opens the app log. Never throws: when the file cannot be opened, says so once on stderr and logs nothing. */
export function openLog(options: LogOptions = {}): Logger {
  const file = options.file ?? defaultLogPath();
  const noteFailure = options.onFailure ?? ((note: string) => process.stderr.write(`${note}\n`));
  const opened = RotatingLogFile.open(file, {
    maxBytes: options.maxBytes,
    keepFiles: options.keepFiles,
    onFailure: (reason) => noteFailure(logFailureNote(file, reason)),
  });
  if (!opened.ok) {
    process.stderr.write(`${visibleText(`ripcord: cannot open the log ${file}: ${opened.error}; logging is off`)}\n`);
    return silentLogger;
  }
  const { value: sink } = opened;
  const clock = options.clock ?? processClock;
  const least = LEVELS[options.level ?? 'info'];
  const emit = (level: LogLevel, name: string, fields: Record<string, unknown> | undefined): void => {
    if (LEVELS[level] < least || sink.failed !== undefined) return;
    const base = { level, t: clock(), wall: new Date().toISOString(), pid: process.pid };
    if (sink.dropped > 0 && sink.hasRoom) {
      const lines = sink.dropped;
      sink.dropped = 0;
      sink.write(formatLogLine({ ...base, level: 'warn' }, 'log.dropped', { lines }));
    }
    sink.write(formatLogLine(base, name, fields));
  };
  return {
    file,
    event: (name, fields) => emit('info', name, fields),
    warn: (name, fields) => emit('warn', name, fields),
    error: (name, fields) => emit('error', name, fields),
    flushSync: () => sink.flushSync(),
  };
}

export const silentLogger: Logger = {
  file: undefined,
  event() {},
  warn() {},
  error() {},
  flushSync() {},
};
