import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drainPendingInput, type DrainClock } from './bounded-terminal-io';

// A FIFO stands in for the terminal's input queue: the drain opens it again through
// /proc/self/fd as it does a tty, and reads what was written into it. The clock is fake:
// every sleep moves it on, and `onSleep` lets a test type while the drain waits.
function fakeClock(onSleep: (sleeps: number) => void = () => undefined): DrainClock & { sleeps: number } {
  let now = 1_000;
  const clock = {
    sleeps: 0,
    now: () => now,
    sleep: (ms: number) => {
      now += ms;
      clock.sleeps += 1;
      onSleep(clock.sleeps);
    },
  };
  return clock;
}

describe('drainPendingInput', () => {
  let dir: string;
  let reader: number;
  let writer: number;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ripcord-drain-'));
    const fifo = path.join(dir, 'input');
    execFileSync('mkfifo', [fifo]);
    reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  });
  afterEach(() => {
    closeSync(reader);
    closeSync(writer);
    rmSync(dir, { recursive: true, force: true });
  });

  it('after a quiet end, reads once and waits no longer', () => {
    const clock = fakeClock();
    const report = drainPendingInput(reader, clock.now() - 50, clock);
    expect(report).toEqual({ discardedInputBytes: 0, drainMs: 0 });
    expect(clock.sleeps).toBe(0);
  });

  it('right after a key or an output, waits for 10 ms of quiet: a reply to a query may still come', () => {
    const clock = fakeClock((sleeps) => {
      if (sleeps === 2) writeSync(writer, '\x1b[?1;2c');
    });
    const report = drainPendingInput(reader, clock.now(), clock);
    expect(report.discardedInputBytes).toBe(7);
    // the reply came at 4 ms: quiet from then on, 10 ms later the drain ends
    expect(report.drainMs).toBe(14);
  });

  it('drops what is queued even when the terminal was quiet before', () => {
    writeSync(writer, 'typed-ahead');
    const clock = fakeClock();
    const report = drainPendingInput(reader, clock.now() - 50, clock);
    expect(report.discardedInputBytes).toBe('typed-ahead'.length);
    expect(report.drainMs).toBe(10);
    // and it is gone: nothing is left for whoever reads the terminal next
    expect(() => readSync(reader, Buffer.alloc(16))).toThrow(/EAGAIN/);
  });

  it('gives up after 40 ms while keys keep coming (a held key)', () => {
    const clock = fakeClock(() => writeSync(writer, 'x'));
    writeSync(writer, 'x');
    const report = drainPendingInput(reader, clock.now(), clock);
    expect(report.drainMs).toBe(40);
    expect(report.discardedInputBytes).toBe(20);
  });
});
