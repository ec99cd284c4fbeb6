// Watchdog thread (bundled to dist/watchdog.js): samples the main loop's heartbeat counter
// and, when it moves again after a gap longer than stallMs, reports the gap.
import { parentPort, workerData } from 'node:worker_threads';
import type { WatchdogConfig, WatchdogMessage } from './watchdog';

/** Sampling period: fine enough to measure a 500 ms stall to within a few percent. */
const SAMPLE_MS = 20;

const { buffer, stallMs } = workerData as WatchdogConfig;
const beat = new Int32Array(buffer);
let lastValue = Atomics.load(beat, 0);
let lastChange = performance.now();

const post = (message: WatchdogMessage): void => parentPort?.postMessage(message);

setInterval(() => {
  const value = Atomics.load(beat, 0);
  if (value === lastValue) return;
  const now = performance.now();
  const gap = now - lastChange;
  lastValue = value;
  lastChange = now;
  if (gap > stallMs) post({ kind: 'stall', ms: gap });
}, SAMPLE_MS);
post({ kind: 'ready' });
