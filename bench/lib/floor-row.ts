// ripcord's time above the Ctrl+C floor (issue 43: "ripcord's time above the floor — bash's
// prompt after SIGINT — ≤ one frame at p95"). The floor's runs and ripcord's are independent (no
// run of one belongs to a run of the other), so the difference is of their quantiles — p95 less
// p95, median less median — not a quantile of per-run differences.
import type { Sample, Summary } from './stats';
import { formatMs, summarize } from './stats';

/**
 * One frame of a 60 Hz display: the floor is what any terminal must wait for, and a terminal
 * that draws may add at most the frame that shows the prompt.
 */
export const FRAME_MS = 1000 / 60;

export interface AboveFloor {
  /** ripcord's median less the floor's, in ms */
  medianMs: number;
  /** ripcord's p95 less the floor's, in ms: the target's number */
  p95Ms: number;
  floor: { n: number; median: number; p95: number };
  targetMs: number;
  /** undefined: no runs, or a censored (timed-out) quantile leaves it open */
  met: boolean | undefined;
}

export function timeAboveFloor(ripcord: readonly Sample[], floor: readonly Sample[]): AboveFloor {
  const r = summarize(ripcord);
  const f = summarize(floor);
  const p95Ms = r.p95 - f.p95;
  return {
    medianMs: r.median - f.median,
    p95Ms,
    floor: { n: f.n, median: f.median, p95: f.p95 },
    targetMs: FRAME_MS,
    met: decided(r, f, p95Ms <= FRAME_MS),
  };
}

/**
 * A censored p95 is a lower bound: ripcord's makes the difference one (it can only fail the
 * target), the floor's makes it an upper bound (it can only meet it).
 */
function decided(ripcord: Summary, floor: Summary, within: boolean): boolean | undefined {
  if (ripcord.n === 0 || floor.n === 0) return undefined;
  if (ripcord.p95IsLowerBound && floor.p95IsLowerBound) return undefined;
  if (ripcord.p95IsLowerBound) return within ? undefined : false;
  if (floor.p95IsLowerBound) return within ? true : undefined;
  return within;
}

/** A difference in ms, signed; '-' for none (a report read back from JSON holds NaN as null). */
export const signedMs = (ms: number | null): string =>
  typeof ms === 'number' && Number.isFinite(ms) ? `${ms < 0 ? '−' : '+'}${formatMs(Math.abs(ms))}` : '-';

/** The table's cell: "+4.1 ms median, +9.0 ms p95 above the floor (1.2 / 3.3 ms, 30 runs)". */
export function aboveFloorText(a: AboveFloor): string {
  return `${signedMs(a.medianMs)} median, ${signedMs(a.p95Ms)} p95 above the floor (its median / p95 ${formatMs(a.floor.median)} / ${formatMs(a.floor.p95)}, ${a.floor.n} runs)`;
}

export const ABOVE_FLOOR_TARGET = `p95 − the floor's p95 ≤ ${FRAME_MS.toFixed(1)} ms (one 60 Hz frame)`;
