import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ForegroundWatch } from './foreground-watch';

// The watch's timers are its clock; fakes stand in for them (no sleeps). The root's answer is a
// value the test sets.
beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => vi.useRealTimers());

function watched() {
  const root = { holds: false, asked: 0 };
  const watch = new ForegroundWatch(async () => {
    root.asked++;
    return root.holds;
  });
  let returned = 0;
  watch.onReturned(() => returned++);
  return { watch, root, returned: () => returned };
}

describe('ForegroundWatch', () => {
  it('fires once when the root holds the foreground again', async () => {
    const { watch, root, returned } = watched();
    watch.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(returned()).toBe(0);
    root.holds = true;
    await vi.advanceTimersByTimeAsync(100);
    expect(returned()).toBe(1);
    const asked = root.asked;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(root.asked).toBe(asked);
    expect(returned()).toBe(1);
  });

  it('gives up when the foreground does not come back within its watch', async () => {
    const { watch, root, returned } = watched();
    watch.start();
    await vi.advanceTimersByTimeAsync(10_000);
    const asked = root.asked;
    root.holds = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(root.asked).toBe(asked);
    expect(returned()).toBe(0);
  });

  it('stops asking when stopped (the program ended), and a newer start watches anew', async () => {
    const { watch, root, returned } = watched();
    watch.start();
    await vi.advanceTimersByTimeAsync(50);
    watch.stop();
    root.holds = true;
    const asked = root.asked;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(root.asked).toBe(asked);
    expect(returned()).toBe(0);
    watch.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(returned()).toBe(1);
  });
});
