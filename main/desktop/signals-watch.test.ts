// The window's signals view on main's side, on a real log file: while open, the log's new
// events reach the page with main's loop delay and the host's silence; closed, nothing is sent;
// a burst keeps its newest MAX_SIGNALS_LINES.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SignalsView } from '../../contracts/renderer';
import { MAX_SIGNALS_LINES, SIGNALS_UPDATE_MS, SignalsWatch } from './signals-watch';

const WAIT_MS = 10_000;

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-signals-'));
  file = path.join(dir, 'ripcord.log');
  await writeFile(file, '');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const trigger = (t: number, action: string): string =>
  `${JSON.stringify({ level: 'info', t, wall: '2026-12-06T10:00:00.000Z', pid: 4242, kind: 'ctrl-c', action, name: 'trigger' })}\n`;

async function until<T>(what: string, read: () => T | undefined): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The view reads the log from where it was when it opened: a probe line appended until one shows says it follows. */
async function following(views: SignalsView[]): Promise<void> {
  await until('the view following the log', () => {
    if (views.some((view) => view.lines.some((line) => line.includes('ctrl-c → probe')))) return true;
    void appendFile(file, trigger(0, 'probe'));
    return undefined;
  });
}

describe('SignalsWatch', () => {
  it("sends nothing while closed; open, the log's new events with main's loop delay and the host's silence; closed again, nothing", async () => {
    const views: SignalsView[] = [];
    const watch = new SignalsWatch({ logFile: file, hostSilentMs: () => 1234, send: (view) => views.push(view) });
    try {
      await appendFile(file, trigger(1, 'cancel'));
      expect(views).toEqual([]);
      watch.watch(true);
      watch.watch(true);
      await following(views);
      await appendFile(file, trigger(2, 'exit'));
      const shown = await until('the press after opening', () =>
        views.find((view) => view.lines.some((line) => line.includes('ctrl-c → exit'))),
      );
      // what was in the log before the view opened is not news
      expect(views.flatMap((view) => view.lines).filter((line) => line.includes('ctrl-c → cancel'))).toEqual([]);
      expect(shown.hostSilentMs).toBe(1234);
      expect(shown.mainLoopP99Ms).toBeGreaterThanOrEqual(0);
      watch.watch(false);
      const sent = views.length;
      await appendFile(file, trigger(3, 'cancel'));
      // two update periods: a watch still running would have sent
      await new Promise((resolve) => setTimeout(resolve, 2 * SIGNALS_UPDATE_MS));
      expect(views.length).toBe(sent);
    } finally {
      watch.dispose();
    }
  });

  it('a burst keeps its newest lines, at most MAX_SIGNALS_LINES per update', async () => {
    const views: SignalsView[] = [];
    const watch = new SignalsWatch({ logFile: file, hostSilentMs: () => 0, send: (view) => views.push(view) });
    try {
      watch.watch(true);
      await following(views);
      const burst = Array.from({ length: MAX_SIGNALS_LINES * 3 }, (_, i) =>
        trigger(10 + i, i === MAX_SIGNALS_LINES * 3 - 1 ? 'exit' : 'cancel'),
      ).join('');
      await appendFile(file, burst);
      await until("the burst's last line", () => views.find((view) => view.lines.some((line) => line.includes('ctrl-c → exit'))));
      expect(Math.max(...views.map((view) => view.lines.length))).toBeLessThanOrEqual(MAX_SIGNALS_LINES);
    } finally {
      watch.dispose();
    }
  });

  it('without a log file, says so', () => {
    const views: SignalsView[] = [];
    const watch = new SignalsWatch({ logFile: undefined, hostSilentMs: () => 0, send: (view) => views.push(view) });
    watch.watch(true);
    watch.dispose();
    expect(views[0]?.lines).toEqual(['no log file: ripcord writes no log here, so there is nothing to follow']);
  });
});
