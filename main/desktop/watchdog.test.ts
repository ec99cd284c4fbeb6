import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventLog } from '../platform/log/event-log';
import { bundle, tempDir, waitFor } from '../platform/processes/processes.test-support';
import { startWatchdog, STALL_MS } from './watchdog';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let script: string;
beforeAll(async () => {
  tmp = await tempDir();
  script = await bundle(path.join(tmp.dir, 'watchdog.js'), { file: 'main/desktop/watchdog-main.ts' });
});
afterAll(async () => {
  await tmp.dispose();
});

function recordingLog(): EventLog & { entries: { name: string; fields?: Record<string, unknown> }[] } {
  const entries: { name: string; fields?: Record<string, unknown> }[] = [];
  const add = (name: string, fields?: Record<string, unknown>): void => {
    entries.push({ name, fields });
  };
  return { entries, event: add, warn: add, error: add };
}

describe('watchdog (real worker thread)', () => {
  it('logs a stall of the main loop with its length', async () => {
    const log = recordingLog();
    const watchdog = startWatchdog(log, { script });
    try {
      expect(await waitFor(() => log.entries.some((e) => e.name === 'watchdog-started'), 10_000)).toBe(true);
      await new Promise((r) => setTimeout(r, 300)); // a few normal beats first
      expect(log.entries.filter((e) => e.name === 'main-loop-stall')).toEqual([]);
      const end = performance.now() + 1_000;
      while (performance.now() < end) {
        /* the stall: a real 1 s busy loop on the main thread */
      }
      expect(await waitFor(() => log.entries.some((e) => e.name === 'main-loop-stall'), 5_000)).toBe(true);
      const stall = log.entries.find((e) => e.name === 'main-loop-stall');
      expect(stall?.fields?.ms).toBeGreaterThan(STALL_MS);
    } finally {
      watchdog.dispose();
    }
  });
});
