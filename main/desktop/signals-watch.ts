// The window's live view of signal handling (issue #43): `ripcord stats --follow`'s lines
// (LogFollower over the log file) beside main's event-loop delay and the session host's
// silence, sent to the page every SIGNALS_UPDATE_MS while the view is open. Nothing of it runs
// while the view is closed, and nothing of it is on the key's path: it reads the log file with
// asynchronous reads (bounded per look, log-follow.ts), keeps at most MAX_SIGNALS_LINES
// waiting, and a key never waits for it.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { SignalsView } from '../../contracts/renderer';
import type { Disposable } from '../core/disposable';
import { followLog } from '../platform/log/log-follow';

/** How often the open view is updated: a person reads it; one update is one small message. */
export const SIGNALS_UPDATE_MS = 500;
/** Lines kept for the next update at most: a burst beyond it keeps its newest lines. */
export const MAX_SIGNALS_LINES = 200;
/** The event-loop histogram's resolution: fine enough for a 1 ms p99, cheap enough to leave on while open. */
const LOOP_RESOLUTION_MS = 5;

export interface SignalsWatchOptions {
  /** the log file, when there is one (none: the view says so) */
  logFile: string | undefined;
  /** ms since the session host was last heard */
  hostSilentMs: () => number;
  send: (view: SignalsView) => void;
}

export class SignalsWatch implements Disposable {
  private open: { stop: AbortController; timer: ReturnType<typeof setInterval>; loop: IntervalHistogram; lines: string[] } | undefined;

  constructor(private readonly options: SignalsWatchOptions) {}

  /** The view opened (true) or closed (false); opening it twice changes nothing. */
  watch(open: boolean): void {
    if (!open) return this.close();
    if (this.open) return;
    const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    loop.enable();
    const lines: string[] = [];
    const stop = new AbortController();
    const keep = (line: string): void => {
      lines.push(line);
      if (lines.length > MAX_SIGNALS_LINES) lines.splice(0, lines.length - MAX_SIGNALS_LINES);
    };
    if (this.options.logFile === undefined) keep('no log file: ripcord writes no log here, so there is nothing to follow');
    else {
      followLog(this.options.logFile, { line: keep }, stop.signal).catch((error: unknown) =>
        keep(`the log cannot be followed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    const timer = setInterval(() => this.update(), SIGNALS_UPDATE_MS);
    this.open = { stop, timer, loop, lines };
    this.update();
  }

  dispose(): void {
    this.close();
  }

  private update(): void {
    const open = this.open;
    if (!open) return;
    const p99 = open.loop.count > 0 ? open.loop.percentile(99) / 1e6 : 0;
    open.loop.reset();
    this.options.send({
      lines: open.lines.splice(0),
      mainLoopP99Ms: Math.round(p99 * 10) / 10,
      hostSilentMs: Math.round(this.options.hostSilentMs()),
    });
  }

  private close(): void {
    if (!this.open) return;
    this.open.stop.abort();
    clearInterval(this.open.timer);
    this.open.loop.disable();
    this.open = undefined;
  }
}
