// Writing a terminal restore (DESIGN §5) through a non-blocking descriptor, at once and bounded:
// the host's own restore inside its exit path, and the reaper's after a host that died without it.
import { writeSync } from 'node:fs';

// A terminal that accepts nothing for this long (a stalled SSH link, XOFF) is given up on rather
// than holding the exit.
export const RESTORE_WRITE_MAX_MS = 200;

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread for `ms`: the bounded waits of an exit, which must not return to the loop. */
export function sleepMs(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms);
}

/** Writes all of `text` to the non-blocking `fd`, retrying while it would block, for RESTORE_WRITE_MAX_MS at most. */
export function writeNonBlockingWithin(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  const deadline = performance.now() + RESTORE_WRITE_MAX_MS;
  let offset = 0;
  while (offset < bytes.length && performance.now() < deadline) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      sleepMs(1);
    }
  }
}
