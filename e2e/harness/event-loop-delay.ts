// How late a harness's event loop ran — the figure of "main's thread" in the Ctrl+C rows
// (docs/benchmarks.md): GET /event-loop?token=… answers the delays since the previous request.
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Node's default; what is recorded is each sample's lateness, which is not rounded to this. */
const SAMPLE_INTERVAL_MS = 10;
const NS_PER_MS = 1e6;

export interface EventLoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  samples: number;
}

export class EventLoopDelayProbe {
  private readonly histogram = monitorEventLoopDelay({ resolution: SAMPLE_INTERVAL_MS });

  constructor() {
    this.histogram.enable();
  }

  /** The delays since the previous read (or the start); the next read starts from here. */
  read(): EventLoopDelay {
    const h = this.histogram;
    const delay = { p50Ms: h.percentile(50) / NS_PER_MS, p99Ms: h.percentile(99) / NS_PER_MS, maxMs: h.max / NS_PER_MS, samples: h.count };
    h.reset();
    return delay;
  }
}
