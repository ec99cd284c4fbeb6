// The slice of the app Logger (main/platform/log.ts) that the OS-level pieces need. The reaper
// runs without the app logger, so it gets its own tiny JSON-lines file writer below.
import { appendFile } from 'node:fs/promises';

export interface EventLog {
  event(name: string, fields?: Record<string, unknown>): void;
  warn(name: string, fields?: Record<string, unknown>): void;
  error(name: string, fields?: Record<string, unknown>): void;
}

export const nullEventLog: EventLog = { event() {}, warn() {}, error() {} };

/**
 * Appends one JSON line per entry to `file`, asynchronously and in order. Write failures are
 * dropped: a log must never take down the process that is cleaning up after the app.
 */
export class FileEventLog implements EventLog {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  event(name: string, fields?: Record<string, unknown>): void { this.append('info', name, fields); }
  warn(name: string, fields?: Record<string, unknown>): void { this.append('warn', name, fields); }
  error(name: string, fields?: Record<string, unknown>): void { this.append('error', name, fields); }

  /** Resolves once every entry written so far has reached the file (or failed to). */
  flushed(): Promise<void> { return this.tail; }

  private append(level: string, name: string, fields?: Record<string, unknown>): void {
    const line = JSON.stringify({ t: Math.round(this.clock()), wall: new Date().toISOString(), level, name, ...fields }) + '\n';
    this.tail = this.tail.then(() => appendFile(this.file, line)).catch(() => undefined);
  }
}
