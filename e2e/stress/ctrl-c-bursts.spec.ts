// Bursts of Ctrl+C from several worker threads on one shared CtrlCState, with the real
// monotonic clock: whatever the interleaving, the outcomes must be a history the DESIGN §2
// table allows — one cancel per interval, an exit once a press lands past the debounce, and
// the exit sticky for every thread afterwards.
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { expect, test } from '@playwright/test';
import { CtrlCState, DEFAULT_DEBOUNCE_MS, DEFAULT_INTERVAL_MS } from '../../main/core/ctrl-c-state';
import { count } from './stress-mode';

const THREADS = 4;
/** Budget per round beyond the burst itself: starting the threads and checking the history. */
const ROUND_SETUP_MS = 3_000;

/**
 * Each thread presses as fast as it can for `burstMs` of real time, recording every press's
 * timestamp and outcome. Time is performance.timeOrigin + performance.now(): monotonic within
 * a thread and on one scale across threads (each worker has its own timeOrigin).
 */
const WORKER_SOURCE = `
import { parentPort, workerData } from 'node:worker_threads';
import { CtrlCState } from './ctrl-c-state';
const { buffer, burstMs, gate, startAt } = workerData;
const clock = () => performance.timeOrigin + performance.now();
const state = new CtrlCState({ clock, buffer });
// Thread start-up takes long on a loaded machine: wait at the gate until every thread is up.
parentPort.postMessage('ready');
Atomics.wait(gate, 0, 0);
const start = startAt[0];
while (clock() < start) { /* all threads begin together */ }
const cancels = [];
const exits = [];
let ignored = 0;
let last = 0;
let cancelAfterExit = false;
while (clock() < start + burstMs) {
  const now = clock();
  const outcome = state.register(now);
  last = now;
  if (outcome === 'ignored') ignored++;
  else if (outcome === 'cancel') cancels.push(now);
  else if (exits.length < 1000) exits.push(now);
  if (outcome !== 'exit' && exits.length > 0) cancelAfterExit = true;
}
parentPort.postMessage({ cancels, exits, ignored, last, cancelAfterExit });
`;

interface ThreadResult {
  /** timestamps of the presses that returned 'cancel' / 'exit' (the first 1000 exits) */
  cancels: number[];
  exits: number[];
  ignored: number;
  /** timestamp of the thread's last press */
  last: number;
  /** the thread got something other than 'exit' after it had got an exit */
  cancelAfterExit: boolean;
}

let workerCode = '';

test.beforeAll(async () => {
  const result = await build({
    stdin: { contents: WORKER_SOURCE, resolveDir: `${__dirname}/../../main/core`, sourcefile: 'burst-worker.ts', loader: 'ts' },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    logLevel: 'silent',
  });
  workerCode = result.outputFiles[0]?.text ?? '';
});

async function burst(buffer: SharedArrayBuffer, burstMs: number): Promise<ThreadResult[]> {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const startAt = new Float64Array(new SharedArrayBuffer(8));
  const workers = Array.from(
    { length: THREADS },
    () => new Worker(workerCode, { eval: true, workerData: { buffer, burstMs, gate, startAt } }),
  );
  try {
    const results = workers.map(
      (worker) =>
        new Promise<ThreadResult>((resolve, reject) => {
          worker.on('message', (message: ThreadResult | 'ready') => {
            if (message !== 'ready') resolve(message);
          });
          worker.once('error', reject);
        }),
    );
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
    startAt[0] = performance.timeOrigin + performance.now() + 20;
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    return await Promise.all(results);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

for (const burstMs of [100, 400, 1500]) {
  test(`${THREADS} threads pressing for ${burstMs} ms give a history the state table allows`, async () => {
    const rounds = count(2, 50);
    // Each round is one burst plus starting the threads (seconds on a loaded machine).
    test.setTimeout(60_000 + rounds * (burstMs + ROUND_SETUP_MS));
    for (let round = 0; round < rounds; round++) {
      const state = new CtrlCState({ clock: () => performance.timeOrigin + performance.now() });
      const results = await burst(state.buffer, burstMs);
      const cancels = results.flatMap((r) => r.cancels).sort((a, b) => a - b);
      const exits = results.flatMap((r) => r.exits);
      const first = cancels[0];
      expect(first, 'some press started a cancel').toBeDefined();
      if (first === undefined) return;
      // The anchor only moves on a cancel more than an interval after the previous one.
      for (let i = 1; i < cancels.length; i++)
        expect((cancels[i] as number) - (cancels[i - 1] as number)).toBeGreaterThan(DEFAULT_INTERVAL_MS);
      // Exit is sticky: no thread saw a cancel or an ignored press after it saw an exit...
      expect(results.map((r) => r.cancelAfterExit)).toEqual(Array<boolean>(THREADS).fill(false));
      // ...and the word ends in ExitRequested exactly when some press exited.
      expect(state.phase === 'exit-requested').toBe(exits.length > 0);
      // A press stamped between debounce and interval after the (only) cancel must have exited.
      const lastPress = Math.max(...results.map((r) => r.last));
      if (cancels.length === 1 && lastPress - first >= DEFAULT_DEBOUNCE_MS && lastPress - first <= DEFAULT_INTERVAL_MS) {
        expect(exits.length).toBeGreaterThan(0);
      }
      // The press that made the exit came at least a debounce after the cancel (later-stamped
      // presses may also read 'exit': it is sticky even for a press read before it).
      if (exits.length > 0) expect(exits.some((t) => t - first >= DEFAULT_DEBOUNCE_MS)).toBe(true);
      expect(results.reduce((n, r) => n + r.ignored, 0)).toBeGreaterThan(0);
    }
  });
}
