// The restore's reads and writes on the outer terminal (DESIGN §5): through a non-blocking
// description of it, each with a bound, so nothing the terminal does can hold the exit.
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { sleepMs, writeNonBlockingWithin } from '../platform/files/bounded-write';

// Draining pending input on exit: keys typed after the second Ctrl+C and replies to queries
// the child sent are already in the tty's queue or arrive within a few ms on a local
// terminal. Read until the terminal was quiet for DRAIN_QUIET_MS — no key read and nothing
// written, counting the time before the drain — never longer than DRAIN_MAX_MS (a held key
// would otherwise keep us here), polling every DRAIN_POLL_MS.
const DRAIN_QUIET_MS = 10;
const DRAIN_MAX_MS = 40;
const DRAIN_POLL_MS = 2;

export interface DrainReport {
  discardedInputBytes: number;
  drainMs: number;
}

/** The drain's clock and wait: the real ones, or a test's fake clock. */
export interface DrainClock {
  now(): number;
  sleep(ms: number): void;
}

const realClock: DrainClock = { now: () => performance.now(), sleep: sleepMs };

/**
 * Opens the terminal behind `fd` again as a new, non-blocking file description (Linux
 * /proc/self/fd), so a read or write on it can never block the exit; falls back to `fd`.
 */
function openTerminalNonBlocking(fd: number, access: number): { fd: number; own: boolean } {
  try {
    return { fd: openSync(`/proc/self/fd/${fd}`, access | constants.O_NONBLOCK | constants.O_NOCTTY), own: true };
  } catch {
    return { fd, own: false };
  }
}

function isWouldBlock(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EAGAIN';
}

/**
 * Writes `text` to `fd` through a non-blocking description, giving up after
 * RESTORE_WRITE_MAX_MS: a stopped terminal (XOFF) or a pipe nobody reads cannot hold the exit.
 */
export function writeBounded(fd: number, text: string): void {
  const target = openTerminalNonBlocking(fd, constants.O_WRONLY);
  try {
    writeNonBlockingWithin(target.fd, text);
  } finally {
    if (target.own) closeSync(target.fd);
  }
}

/**
 * tcflush(TCIFLUSH) is not in Node: reads and drops what the tty has queued (see the constants).
 * @param quietSince when (clock.now()) the terminal last gave a key or was written to: a
 *   session that ended in quiet needs no further wait once the queue is empty
 */
export function drainPendingInput(fd: number, quietSince: number, clock: DrainClock = realClock): DrainReport {
  const source = openTerminalNonBlocking(fd, constants.O_RDONLY);
  const report: DrainReport = { discardedInputBytes: 0, drainMs: 0 };
  // Without a non-blocking descriptor a read would wait for the next key press.
  if (!source.own) return report;
  const buffer = Buffer.alloc(4096);
  const start = clock.now();
  let lastActivity = Math.min(quietSince, start);
  try {
    // always one read: what is queued now goes, however long the terminal was quiet
    for (;;) {
      try {
        const read = readSync(source.fd, buffer, 0, buffer.length, null);
        if (read === 0) break; // hang-up: nothing more will come
        report.discardedInputBytes += read;
        lastActivity = clock.now();
      } catch (error) {
        if (!isWouldBlock(error)) throw error;
        const now = clock.now();
        if (now - lastActivity >= DRAIN_QUIET_MS) break;
        clock.sleep(DRAIN_POLL_MS);
      }
      if (clock.now() - start >= DRAIN_MAX_MS) break;
    }
  } finally {
    closeSync(source.fd);
    report.drainMs = clock.now() - start;
  }
  return report;
}
