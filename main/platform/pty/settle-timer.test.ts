import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettleTimer } from './settle-timer';

describe('SettleTimer', () => {
  // Timers and performance.now are the clock here; fakes stand in for them (no sleeps).
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] }));
  afterEach(() => vi.useRealTimers());

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
    // the quiet is over at the deadline; the check runs after the loop's next poll
    vi.advanceTimersToNextTimer();
    expect(fired).toBe(1);
    t.activity(); // past the deadline output no longer delays it
    vi.advanceTimersByTime(100);
    expect(fired).toBe(1);
  });

  it('past the deadline, output waiting for the check does not put it off', () => {
    let fired = 0;
    const t = new SettleTimer(10, 10, () => fired++);
    t.start();
    vi.advanceTimersByTime(10); // the timer ran; the check waits for the loop's poll
    t.activity(); // output read in that poll
    vi.advanceTimersToNextTimer();
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

describe('SettleTimer on the real event loop', () => {
  it('counts output that arrived while the loop was busy before it decides the quiet is over', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-settle-'));
    const socket = path.join(dir, 's');
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    const writer = net.connect(socket);
    await new Promise<void>((resolve) => writer.once('connect', resolve));
    const reader = await accepted;
    const events: string[] = [];
    const settle = new SettleTimer(5, 1_000, () => events.push('fired'));
    reader.on('data', () => {
      events.push('data');
      settle.activity();
    });
    settle.start();
    writer.write('last output');
    // Block the loop past the quiet time: when it comes back, the timer is due and the data is
    // waiting in the socket. The order of the two is what is asserted, not a duration.
    const until = performance.now() + 20;
    while (performance.now() < until) {
      /* busy */
    }
    await vi.waitFor(() => expect(events).toContain('fired'), { timeout: 5_000 });
    expect(events).toEqual(['data', 'fired']);
    writer.destroy();
    reader.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });
});
