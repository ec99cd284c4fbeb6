// The slice of the app Logger (main/platform/log/log.ts) that the OS-level pieces need. The reaper
// runs without the app logger, so it gets its own tiny JSON-lines file writer below.
import { write } from 'node:fs';
import { promisify } from 'node:util';
import { openPrivateAppend } from '../files/private-files';

const writeDescriptor = promisify(write);

export interface EventLog {
  event(name: string, fields?: Record<string, unknown>): void;
  warn(name: string, fields?: Record<string, unknown>): void;
  error(name: string, fields?: Record<string, unknown>): void;
}

export const nullEventLog: EventLog = { event() {}, warn() {}, error() {} };

/**
 * Appends one JSON line per entry to `file`, asynchronously and in order, through a descriptor
 * opened once 0600 and never through a symlink (private-files.ts). The first failure (a full
 * disk, EIO, a symlink at the path) turns it off for good: a log must never take down, slow
 * down or loop in the process that is cleaning up after the app.
 */
export class FileEventLog implements EventLog {
  private tail: Promise<void>;
  private fd: number | undefined;
  private off = false;

  constructor(
    readonly file: string,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.tail = openPrivateAppend(file).then((opened) => {
      if (opened.ok) this.fd = opened.value;
      else this.off = true;
    });
  }

  event(name: string, fields?: Record<string, unknown>): void {
    this.append('info', name, fields);
  }
  warn(name: string, fields?: Record<string, unknown>): void {
    this.append('warn', name, fields);
  }
  error(name: string, fields?: Record<string, unknown>): void {
    this.append('error', name, fields);
  }

  /** Resolves once every entry written so far has reached the file (or failed to). */
  flushed(): Promise<void> {
    return this.tail;
  }

  /** Whether a failure turned the log off. */
  get failed(): boolean {
    return this.off;
  }

  private append(level: string, name: string, fields?: Record<string, unknown>): void {
    if (this.off) return;
    const line = Buffer.from(
      JSON.stringify({ t: Math.round(this.clock()), wall: new Date().toISOString(), level, name, ...fields }) + '\n',
    );
    this.tail = this.tail
      .then(async () => {
        if (this.off || this.fd === undefined) return;
        const { bytesWritten } = await writeDescriptor(this.fd, line, 0, line.length, null);
        if (bytesWritten < line.length) this.off = true;
      })
      .catch(() => {
        this.off = true;
      });
  }
}
