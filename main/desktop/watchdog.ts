// DESIGN §4: the main loop writes a heartbeat into shared memory every 100 ms; a worker
// thread watches it and reports every stall over 500 ms with its length. The report is
// logged by the main thread once it runs again (it owns the log).
import { LogEvent } from '../core/log-events';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type Disposable, toDisposable } from '../core/disposable';
import type { EventLog } from '../platform/log/event-log';

/** DESIGN §4: how often the main loop bumps the counter the watchdog reads (the session host's heartbeat is contracts' HEARTBEAT_MS). */
export const LOOP_BEAT_MS = 100;
/** DESIGN §4: a gap between beats longer than this is a stall worth logging. */
export const STALL_MS = 500;

export interface WatchdogOptions {
  script?: string; /* default path.join(__dirname, 'watchdog.js') */
}
export interface WatchdogConfig {
  buffer: SharedArrayBuffer;
  stallMs: number;
}
export type WatchdogMessage = { kind: 'ready' } | { kind: 'stall'; ms: number };

export function startWatchdog(log: EventLog, options: WatchdogOptions = {}): Disposable {
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const beat = new Int32Array(buffer);
  const config: WatchdogConfig = { buffer, stallMs: STALL_MS };
  const worker = new Worker(options.script ?? path.join(__dirname, 'watchdog.js'), { workerData: config });
  worker.on('message', (message: WatchdogMessage) => {
    if (message.kind === 'stall') log.warn(LogEvent.mainLoopStall, { ms: Math.round(message.ms) });
    else log.event('watchdog-started');
  });
  worker.on('error', (err) => log.error('watchdog-failed', { error: String(err) }));
  worker.unref();
  const beating = setInterval(() => Atomics.add(beat, 0, 1), LOOP_BEAT_MS);
  beating.unref();
  return toDisposable(() => {
    clearInterval(beating);
    void worker.terminate();
  });
}
