// How a latency or throughput row is judged against the peer, from one run's samples: issue
// 43's targets (items 3 and 5) for the Ctrl+C and throughput rows, issue 17's for the rest.
import { percentile } from '../../main/platform/log/log-summarizer';
import { ratioInterval, type Interval, type Sample } from './stats';

/**
 * `yes`/DOM answers within a frame of the floor for every contender (≈ 15 ms), where a ratio's
 * interval cannot fall below 1.0: ripcord's median within 5 % of the peer's.
 */
export const NEAR_FLOOR_MEDIAN_RATIO = 1.05;
/** Issue 43, item 5: throughput's median at least this share of the peer's, its interval reaching 1.0. */
export const THROUGHPUT_MEDIAN_RATIO = 0.95;

/**
 * A latency row's rule: issue 43's Ctrl+C targets — the median ratio's interval at most 1.0
 * ('ahead'), or the median ratio at most NEAR_FLOOR_MEDIAN_RATIO ('near-floor'), each with
 * ripcord's p90 at most the peer's — or issue 17's (median ≤ 1.0, p95 ≤ 1.1), for the rows
 * issue 43 sets none for.
 */
export type LatencyRule = 'ahead' | 'near-floor' | 'issue-17';

export interface PeerRatio {
  median: number;
  medianCi: Interval;
  p95: number;
  p95Ci: Interval;
  target: string;
  met: boolean;
}

/** The q-th percentile of the runs, and whether it is only a lower bound (a censored run). */
function quantile(samples: readonly Sample[], q: number): { value: number; lowerBound: boolean } {
  const value = percentile(
    samples.map((s) => s.value),
    q,
  );
  const lowestCensored = Math.min(...samples.filter((s) => s.censored).map((s) => s.value));
  return { value, lowerBound: value >= lowestCensored };
}

/** ripcord's p90 at most the peer's: a p90 of ripcord's that is only a lower bound decides nothing, so it is not met. */
export function p90AtMostPeers(ripcord: readonly Sample[], peer: readonly Sample[]): boolean {
  const ours = quantile(ripcord, 90);
  const theirs = quantile(peer, 90);
  return ripcord.length > 0 && peer.length > 0 && !ours.lowerBound && ours.value <= theirs.value;
}

/** ripcord / peer of the median and the p95, each with its bootstrap interval. */
function ratios(ripcord: readonly Sample[], peer: readonly Sample[]): Omit<PeerRatio, 'target' | 'met'> {
  const median = ratioInterval(ripcord, peer, 50);
  const p95 = ratioInterval(ripcord, peer, 95);
  return { median: median.ratio, medianCi: median.ci, p95: p95.ratio, p95Ci: p95.ci };
}

/** Latency (lower is better): ripcord / peer, median and p95, judged by `rule`. */
export function latencyVsPeer(ripcord: readonly Sample[], peer: readonly Sample[], rule: LatencyRule): PeerRatio {
  const base = ratios(ripcord, peer);
  const { median, medianCi, p95 } = base;
  if (rule === 'issue-17') return { ...base, target: 'median ≤ 1.0×, p95 ≤ 1.1×', met: median <= 1 && p95 <= 1.1 };
  const p90 = p90AtMostPeers(ripcord, peer);
  if (rule === 'near-floor')
    return { ...base, target: `median ≤ ${NEAR_FLOOR_MEDIAN_RATIO}×, p90 ≤ the peer's`, met: median <= NEAR_FLOOR_MEDIAN_RATIO && p90 };
  return { ...base, target: "median's interval ≤ 1.0×, p90 ≤ the peer's", met: medianCi[1] <= 1 && p90 };
}

/** Throughput (higher is better): ripcord / peer, median at least THROUGHPUT_MEDIAN_RATIO with its interval reaching 1.0. */
export function rateVsPeer(ripcord: readonly Sample[], peer: readonly Sample[]): PeerRatio {
  const base = ratios(ripcord, peer);
  return {
    ...base,
    target: `median ≥ ${THROUGHPUT_MEDIAN_RATIO}×, its interval reaching 1.0`,
    met: base.median >= THROUGHPUT_MEDIAN_RATIO && base.medianCi[1] >= 1,
  };
}
