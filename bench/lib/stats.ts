// Sample summaries for the report: median, p95 and p99 (nearest rank, as `ripcord stats`),
// distribution-free confidence intervals for the median and p95 (order statistics), and a
// bootstrap interval for the ratio of two contenders' medians / p95s. Censored samples — runs
// that hit their timeout, whose true value is only known to be larger — make a statistic a
// lower bound once they reach it.
import { percentile } from '../../main/platform/log/log-summarizer';

export interface Sample {
  value: number;
  /** the run hit its timeout: value is a lower bound */
  censored?: boolean;
}

/** [low, high]; high is +Infinity when there are too few runs to bound it (then "> max"). */
export type Interval = [number, number];

export interface Summary {
  n: number;
  median: number;
  p95: number;
  p99: number;
  /** CONFIDENCE intervals from order statistics; NaN bounds without samples */
  medianCi: Interval;
  p95Ci: Interval;
  min: number;
  max: number;
  /** runs that hit the timeout */
  censored: number;
  /** true when the median / p95 / p99 is a censored value, i.e. only a lower bound */
  medianIsLowerBound: boolean;
  p95IsLowerBound: boolean;
  p99IsLowerBound: boolean;
}

/** Two-sided confidence level of every interval in the report. */
export const CONFIDENCE = 0.95;
/** Bootstrap resamples for a ratio's interval: enough for stable 2.5 % / 97.5 % points. */
const BOOTSTRAP_RESAMPLES = 2_000;
/** Fixed seed: the same samples always give the same interval. */
const BOOTSTRAP_SEED = 0x5eed;

export function summarize(samples: readonly Sample[]): Summary {
  const values = samples.map((s) => s.value);
  const sorted = [...values].sort((a, b) => a - b);
  const median = percentile(values, 50);
  const p95 = percentile(values, 95);
  const p99 = percentile(values, 99);
  const censoredValues = samples.filter((s) => s.censored).map((s) => s.value);
  const lowestCensored = censoredValues.length > 0 ? Math.min(...censoredValues) : Number.POSITIVE_INFINITY;
  return {
    n: samples.length,
    median,
    p95,
    p99,
    medianCi: quantileInterval(sorted, 0.5),
    p95Ci: quantileInterval(sorted, 0.95),
    min: percentile(values, 0),
    max: percentile(values, 100),
    censored: censoredValues.length,
    medianIsLowerBound: median >= lowestCensored,
    p95IsLowerBound: p95 >= lowestCensored,
    p99IsLowerBound: p99 >= lowestCensored,
  };
}

/**
 * Distribution-free interval for the q-quantile: the order statistics x(l) ≤ x(u) with
 * P(x(l) ≤ true quantile ≤ x(u)) ≥ CONFIDENCE, from the Binomial(n, q) count of samples
 * below it. With too few samples the upper rank passes n: then the high bound is +Infinity.
 */
export function quantileInterval(sorted: readonly number[], q: number): Interval {
  const n = sorted.length;
  if (n === 0) return [Number.NaN, Number.NaN];
  const tail = (1 - CONFIDENCE) / 2;
  const cdf = binomialCdf(n, q);
  // l: the largest rank with P(B ≤ l - 1) ≤ tail; u: the smallest with P(B ≤ u - 1) ≥ 1 - tail
  let l = 1;
  while (l < n && (cdf[l] as number) <= tail) l++;
  let u = l;
  while (u <= n && (cdf[u - 1] as number) < 1 - tail) u++;
  return [sorted[l - 1] as number, u <= n ? (sorted[u - 1] as number) : Number.POSITIVE_INFINITY];
}

/** cdf[k] = P(B ≤ k) for B ~ Binomial(n, q), k = 0..n. */
function binomialCdf(n: number, q: number): number[] {
  const cdf: number[] = [];
  let logChoose = 0;
  let total = 0;
  for (let k = 0; k <= n; k++) {
    if (k > 0) logChoose += Math.log((n - k + 1) / k);
    total += Math.exp(logChoose + k * Math.log(q) + (n - k) * Math.log(1 - q));
    cdf.push(Math.min(1, total));
  }
  return cdf;
}

/** a / b of a statistic (median, p95) with a percentile-bootstrap interval, each side resampled on its own. */
export function ratioInterval(a: readonly Sample[], b: readonly Sample[], p: number): { ratio: number; ci: Interval } {
  const av = a.map((s) => s.value);
  const bv = b.map((s) => s.value);
  const ratio = percentile(av, p) / percentile(bv, p);
  if (av.length === 0 || bv.length === 0) return { ratio: Number.NaN, ci: [Number.NaN, Number.NaN] };
  const random = mulberry32(BOOTSTRAP_SEED);
  const resample = (values: number[]): number[] => values.map(() => values[Math.floor(random() * values.length)] as number);
  const ratios: number[] = [];
  for (let i = 0; i < BOOTSTRAP_RESAMPLES; i++) ratios.push(percentile(resample(av), p) / percentile(resample(bv), p));
  const tail = ((1 - CONFIDENCE) / 2) * 100;
  return { ratio, ci: [percentile(ratios, tail), percentile(ratios, 100 - tail)] };
}

/**
 * The median of a[i] / b[i] — runs paired by their place in the alternation, so a change in the
 * machine's state between cycles hits both sides of a pair — with the order-statistics interval.
 */
export function pairedRatioInterval(a: readonly Sample[], b: readonly Sample[]): { ratio: number; ci: Interval; pairs: number } {
  const ratios = a
    .slice(0, b.length)
    .map((s, i) => s.value / (b[i] as Sample).value)
    .sort((x, y) => x - y);
  return { ratio: percentile(ratios, 50), ci: quantileInterval(ratios, 0.5), pairs: ratios.length };
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function formatMs(value: number, lowerBound = false): string {
  if (Number.isNaN(value)) return '-';
  if (value === Number.POSITIVE_INFINITY) return '∞';
  const text = value >= 1000 ? `${(value / 1000).toFixed(2)} s` : value >= 10 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
  return lowerBound ? `≥ ${text}` : text;
}
