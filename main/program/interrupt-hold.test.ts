import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUT_WAIT_MS, HOLD_LIMIT_CHARS, InterruptHold, LAST_LOOK_QUIET_MS } from './interrupt-hold';

// The hold's timers (a SettleTimer: the deadline, then its check after the loop's next poll) are
// its clock; fake timers stand in for them (no sleeps).
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] }));
afterEach(() => vi.useRealTimers());

/** The deadline passes, and its check runs after the loop's next poll. */
function waitOut(ms: number = CUT_WAIT_MS): void {
  vi.advanceTimersByTime(ms);
  vi.advanceTimersToNextTimer();
}

function hold() {
  const released: string[] = [];
  const cuts: number[] = [];
  let changes = 0;
  const h = new InterruptHold(
    (data) => released.push(data),
    (dropped) => cuts.push(dropped),
    () => changes++,
  );
  return { h, released, cuts, changes: () => changes };
}

describe('InterruptHold', () => {
  it('passes output through when no cancel is waiting', () => {
    const { h } = hold();
    expect(h.feed('abc')).toBe('abc');
    expect(h.holding).toBe(false);
  });

  it('drops what came before the echoed ^C and passes the cut on', () => {
    const { h, cuts, released } = hold();
    h.start();
    expect(h.feed('y\ny\n')).toBeUndefined();
    expect(h.feed('y\n^C\r\nREADY$ ')).toBe('^C\r\nREADY$ ');
    expect(cuts).toEqual([6]);
    expect(h.holding).toBe(false);
    vi.advanceTimersByTime(CUT_WAIT_MS);
    expect(released).toEqual([]);
    expect(h.feed('after')).toBe('after');
  });

  it('passes everything held on, in order, when no cut comes in time (raw mode)', () => {
    const { h, released, cuts } = hold();
    h.start();
    h.feed('one ');
    h.arm();
    h.feed('two');
    vi.advanceTimersByTime(CUT_WAIT_MS);
    expect(released).toEqual([]);
    // the deadline is decided after the loop's next poll, where a cut already waiting still counts
    vi.advanceTimersToNextTimer();
    expect(released).toEqual(['one two']);
    expect(cuts).toEqual([]);
    expect(h.feed('three')).toBe('three');
  });

  it('keeps its first deadline when a second cancel comes during the wait', () => {
    const { h, released } = hold();
    h.start();
    h.arm();
    h.feed('x');
    vi.advanceTimersByTime(CUT_WAIT_MS - 10);
    h.start();
    h.arm();
    waitOut(10);
    expect(released).toEqual(['x']);
  });

  it('says it is full at the limit, so the pty can be paused', () => {
    const { h, changes } = hold();
    h.start();
    const before = changes();
    h.feed('y'.repeat(HOLD_LIMIT_CHARS - 1));
    expect(h.full).toBe(false);
    h.feed('y');
    expect(h.full).toBe(true);
    expect(changes()).toBe(before + 1);
    h.releaseHeld();
    expect(h.full).toBe(false);
  });

  it('says when a hold ends without a cut, also when nothing came meanwhile', () => {
    const { h, released } = hold();
    h.start();
    h.arm();
    waitOut();
    expect(released).toEqual(['']);
    h.start();
    h.arm();
    h.feed('^C\r\n');
    waitOut();
    expect(released).toEqual(['']);
  });

  it('waits for the cut only once the ^C is in the pty: before, no deadline runs', () => {
    const { h, released, changes } = hold();
    h.start();
    expect(h.armed).toBe(false);
    h.feed('before the interrupt ');
    vi.advanceTimersByTime(10 * CUT_WAIT_MS);
    expect(released).toEqual([]);
    const before = changes();
    h.arm();
    expect(h.armed).toBe(true);
    expect(changes()).toBe(before + 1);
    waitOut();
    expect(released).toEqual(['before the interrupt ']);
    expect(h.armed).toBe(false);
  });

  it('reads on after the wait when it was full, and finds the cut the kernel made meanwhile', () => {
    const { h, released, cuts, changes } = hold();
    h.start();
    h.feed('y'.repeat(HOLD_LIMIT_CHARS));
    h.arm();
    expect(h.full).toBe(true);
    const before = changes();
    waitOut();
    // not released: the pty is read again (the kernel had passed on a few KB before its echo)
    expect(released).toEqual([]);
    expect(h.full).toBe(false);
    expect(changes()).toBe(before + 1);
    expect(h.feed('y\n')).toBeUndefined();
    expect(h.feed('^C\r\n$ ')).toBe('^C\r\n$ ');
    expect(cuts).toEqual([HOLD_LIMIT_CHARS + 2]);
    waitOut(LAST_LOOK_QUIET_MS);
    expect(released).toEqual([]);
  });

  it('ends the last look when the pty is quiet, and releases all in order', () => {
    const { h, released, cuts } = hold();
    h.start();
    h.feed('y'.repeat(HOLD_LIMIT_CHARS));
    h.arm();
    waitOut();
    h.feed('more');
    vi.advanceTimersByTime(LAST_LOOK_QUIET_MS - 1);
    h.feed(' again');
    vi.advanceTimersByTime(LAST_LOOK_QUIET_MS - 1);
    expect(released).toEqual([]);
    waitOut(1);
    expect(released).toEqual([`${'y'.repeat(HOLD_LIMIT_CHARS)}more again`]);
    expect(cuts).toEqual([]);
  });

  it('ends the last look after as much again without a cut: the program writes on', () => {
    const { h, released } = hold();
    h.start();
    h.feed('y'.repeat(HOLD_LIMIT_CHARS));
    h.arm();
    waitOut();
    h.feed('n'.repeat(HOLD_LIMIT_CHARS - 1));
    expect(released).toEqual([]);
    expect(h.feed('n')).toBeUndefined();
    expect(released).toEqual([`${'y'.repeat(HOLD_LIMIT_CHARS)}${'n'.repeat(HOLD_LIMIT_CHARS)}`]);
    expect(h.feed('after')).toBe('after');
  });

  it('finds the echo split between two reads', () => {
    const { h, cuts } = hold();
    h.start();
    h.arm();
    expect(h.feed('y\ny\n^')).toBeUndefined();
    expect(h.feed('C\r\nREADY$ ')).toBe('^C\r\nREADY$ ');
    expect(cuts).toEqual([4]);
  });

  it('releases at once on request (the session ended) and not again at the deadline', () => {
    const { h, released } = hold();
    h.start();
    h.feed('last words');
    h.releaseHeld();
    vi.advanceTimersByTime(CUT_WAIT_MS);
    expect(released).toEqual(['last words']);
  });
});
