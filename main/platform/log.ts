// The app log: JSON lines with monotonic timestamps (DESIGN §8), written by pino to a file that
// rotates by size. pino formats and filters (safe serialization of any field, BigInt included);
// its destination (SonicBoom) writes asynchronously while the app runs and has a real
// flushSync() for the exit path. Known limit (pino's too): a write already handed to the thread
// pool when flushSync() runs completes on its own, so it can land after the lines flushSync()
// writes; every line carries its monotonic `t`, so sort by `t` when reading the tail of a log. No pino transports: they run in worker threads loaded from
// separate files, which an esbuild bundle does not carry. Rotation is ours: pino has none
// without a transport.
import { fstatSync, mkdirSync, open, openSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import type { LogLevel } from '../core/config';

export interface Logger {
  /** one JSON line {t: monotonic ms, wall, name, level, pid, ...fields} */
  event(name: string, fields?: Record<string, unknown>): void;
  warn(name: string, fields?: Record<string, unknown>): void;
  error(name: string, fields?: Record<string, unknown>): void;
  /** exit path: the last thing before the process exits */
  flushSync(): void;
  readonly file: string | undefined;
}

export interface LogOptions {
  file?: string;
  level?: LogLevel;
  clock?: () => number;
  maxBytes?: number;
  keepFiles?: number;
}

// Thousands of exit-path traces fit in 5 MB; three files cap the log at 15 MB on disk.
export const LOG_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_KEEP_FILES = 3;

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

type Destination = ReturnType<typeof pino.destination>;

// A plain descriptor that the destination owns and closes (a FileHandle would close it when collected).
const openDescriptor = promisify(open);

/**
 * A log file that moves itself aside when it passes maxBytes: ripcord.log → ripcord.log.1 →
 * … → ripcord.log.(keepFiles-1), the oldest dropped. Lines written while a rotation runs go to
 * the old descriptor, i.e. into ripcord.log.1, so none is lost or reordered.
 */
export class RotatingLogFile {
  private current: Destination;
  private readonly retiring = new Set<Destination>();
  private bytes: number;
  private rotation: Promise<void> | undefined;

  /** Opens synchronously (startup) so flushSync works from the first line on. */
  constructor(
    readonly file: string,
    private readonly maxBytes = LOG_MAX_BYTES,
    private readonly keepFiles = LOG_KEEP_FILES,
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
    const fd = openSync(file, 'a');
    this.bytes = fstatSync(fd).size;
    this.current = this.destination(fd);
  }

  write(line: string): void {
    this.current.write(line);
    this.bytes += Buffer.byteLength(line);
    if (this.bytes >= this.maxBytes && !this.rotation) {
      this.rotation = this.rotate().finally(() => { this.rotation = undefined; });
    }
  }

  /** Resolves when no rotation is running (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.rotation) await this.rotation;
  }

  flushSync(): void {
    for (const destination of [...this.retiring, this.current]) {
      try {
        destination.flushSync();
      } catch {
        // a full disk or a closed descriptor must not stop the exit path
      }
    }
  }

  private async rotate(): Promise<void> {
    try {
      for (let index = this.keepFiles - 1; index >= 1; index--) {
        await renameIfPresent(index === 1 ? this.file : `${this.file}.${index - 1}`, `${this.file}.${index}`);
      }
      const fd = await openDescriptor(this.file, 'a');
      const old = this.current;
      this.current = this.destination(fd);
      this.bytes = 0;
      this.retiring.add(old);
      old.once('close', () => this.retiring.delete(old));
      old.end();
    } catch {
      // Keep writing to the current file: a log that grows past its cap beats a lost log.
      this.bytes = 0;
    }
  }

  private destination(fd: number): Destination {
    const destination = pino.destination({ dest: fd, sync: false });
    // A write error (disk full, EIO) must never become an uncaught exception in the app.
    destination.on('error', () => {});
    return destination;
  }
}

async function renameIfPresent(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Opens the app log. Never throws: when the file cannot be opened, says so once on stderr and logs nothing. */
export function openLog(options: LogOptions = {}): Logger {
  const file = options.file ?? defaultLogPath();
  let sink: RotatingLogFile;
  try {
    sink = new RotatingLogFile(file, options.maxBytes, options.keepFiles);
  } catch (error) {
    process.stderr.write(`ripcord: cannot open the log ${file}: ${error instanceof Error ? error.message : String(error)}; logging is off\n`);
    return silentLogger;
  }
  const clock = options.clock ?? (() => performance.now());
  const logger = pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      messageKey: 'name',
      formatters: { level: (label) => ({ level: label }) },
      timestamp: () => `,"t":${clock()},"wall":"${new Date().toISOString()}"`,
      serializers: { error: pino.stdSerializers.err },
    },
    sink,
  );
  return {
    file,
    event: (name, fields) => logger.info(fields ?? {}, name),
    warn: (name, fields) => logger.warn(fields ?? {}, name),
    error: (name, fields) => logger.error(fields ?? {}, name),
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
