// PtyWriter on a real FIFO standing for a pty that does not read: what waits is dropped at an
// interrupt, and the interrupt's waiter hears of its ^C only once it is written.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PtyWriter } from './pty-writer';

const WAIT_MS = 10_000;
let dir: string;
const fds: number[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-writer-'));
});
afterEach(async () => {
  for (const fd of fds.splice(0)) closeSync(fd);
  await rm(dir, { recursive: true, force: true });
});

async function until(what: string, predicate: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Everything in the FIFO now, as text. */
function drain(fd: number): string {
  const buffer = Buffer.alloc(1 << 16);
  let text = '';
  for (;;) {
    try {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n <= 0) return text;
      text += buffer.subarray(0, n).toString('latin1');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return text;
      throw error;
    }
  }
}

describe('PtyWriter', () => {
  it('an interrupt drops what waits, and says its ^C is in only once it was written', async () => {
    const fifo = path.join(dir, 'pty');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writerFd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    fds.push(reader, writerFd);
    const writer = new PtyWriter(writerFd);
    // more than the FIFO holds: the rest waits, as input waits for a program that does not read
    writer.write('x'.repeat(200_000));
    await until('the FIFO full and input waiting', () => !writer.writing && writer.queuedBytes > 0 && writer.queuedBytes < 200_000);
    let inPty = false;
    const dropped = writer.interrupt(() => (inPty = true));
    expect(dropped).toBeGreaterThan(0);
    expect(inPty).toBe(false);
    // the reader takes what is there: the ^C follows it in, and only then is it said to be in
    let read = '';
    await until('the ^C written', () => {
      read += drain(reader);
      return inPty;
    });
    read += drain(reader);
    expect(read.endsWith('\x03')).toBe(true);
    expect(read.length).toBe(200_000 - dropped + 1);
    writer.dispose();
  });

  it('an interrupt on a writer that is gone is said at once: no one waits for a pty that reads nothing more', () => {
    const writer = new PtyWriter(-1);
    writer.dispose();
    let inPty = false;
    writer.interrupt(() => (inPty = true));
    expect(inPty).toBe(true);
  });
});
