import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettleTimer } from './settle-timer';

// Timers and performance.now are the clock here; fakes stand in for them (no sleeps).
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => vi.useRealTimers());

describe('SettleTimer', () => {
  it('fires after the quiet time, once', () => {
    let fired = 0;
    const t = new SettleTimer(10, 100, () => fired++);
    t.start();
    vi.advanceTimersByTime(9);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(1);
    t.start();
    vi.advanceTimersByTime(100);
    expect(fired).toBe(1);
  });

  it('waits again after activity, but not past the deadline', () => {
    let fired = 0;
    const t = new SettleTimer(10, 25, () => fired++);
    t.start();
    for (let ms = 0; ms < 24; ms += 8) {
      vi.advanceTimersByTime(8);
      t.activity();
    }
    expect(fired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired).toBe(1);
  });

  it('ignores activity before start and fires nothing once disposed', () => {
    let fired = 0;
    const t = new SettleTimer(10, 100, () => fired++);
    t.activity();
    vi.advanceTimersByTime(50);
    t.start();
    t.dispose();
    vi.advanceTimersByTime(200);
    expect(fired).toBe(0);
  });
});
