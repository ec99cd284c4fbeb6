import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUT_WAIT_MS, HOLD_LIMIT_CHARS, InterruptHold } from './interrupt-hold';

// The hold's one timer is its clock; fake timers stand in for it (no sleeps).
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

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
    vi.advanceTimersByTime(CUT_WAIT_MS - 1);
    expect(released).toEqual([]);
    vi.advanceTimersByTime(1);
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
    vi.advanceTimersByTime(10);
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
    vi.advanceTimersByTime(CUT_WAIT_MS);
    expect(released).toEqual(['']);
    h.start();
    h.arm();
    h.feed('^C\r\n');
    vi.advanceTimersByTime(CUT_WAIT_MS);
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
    vi.advanceTimersByTime(CUT_WAIT_MS);
    expect(released).toEqual(['before the interrupt ']);
    expect(h.armed).toBe(false);
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
