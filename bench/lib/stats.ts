// Sample summaries for the report: median and p99 (nearest rank, as `ripcord stats`), with
// censored samples — runs that hit their timeout, whose true value is only known to be larger.
import { percentile } from '../../main/terminal/stats';

export interface Sample {
  value: number;
  /** the run hit its timeout: value is a lower bound */
  censored?: boolean;
}

export interface Summary {
  n: number;
  median: number;
  p99: number;
  min: number;
  max: number;
  /** runs that hit the timeout */
  censored: number;
  /** true when the median / p99 is a censored value, i.e. only a lower bound */
  medianIsLowerBound: boolean;
  p99IsLowerBound: boolean;
}

export function summarize(samples: readonly Sample[]): Summary {
  const values = samples.map((s) => s.value);
  const median = percentile(values, 50);
  const p99 = percentile(values, 99);
  const censoredValues = samples.filter((s) => s.censored).map((s) => s.value);
  const lowestCensored = censoredValues.length > 0 ? Math.min(...censoredValues) : Number.POSITIVE_INFINITY;
  return {
    n: samples.length,
    median,
    p99,
    min: percentile(values, 0),
    max: percentile(values, 100),
    censored: censoredValues.length,
    medianIsLowerBound: median >= lowestCensored,
    p99IsLowerBound: p99 >= lowestCensored,
  };
}

export function formatMs(value: number, lowerBound = false): string {
  if (Number.isNaN(value)) return '-';
  const text = value >= 1000 ? `${(value / 1000).toFixed(2)} s` : value >= 10 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
  return lowerBound ? `≥ ${text}` : text;
}
