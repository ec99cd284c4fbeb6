import { describe, expect, it } from 'vitest';
import { pairedRatioInterval, quantileInterval, ratioInterval, summarize } from './stats';

const ranks = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

describe('bench stats', () => {
  it('bounds the median of 30 runs by the 10th and 21st values (95.7 % coverage)', () => {
    expect(quantileInterval(ranks(30), 0.5)).toEqual([10, 21]);
  });

  it('leaves the p95 unbounded above when there are too few runs', () => {
    const [low, high] = quantileInterval(ranks(30), 0.95);
    expect(low).toBeGreaterThanOrEqual(26);
    expect(high).toBe(Number.POSITIVE_INFINITY);
    expect(quantileInterval(ranks(100), 0.95)[1]).toBeLessThanOrEqual(100);
  });

  it('gives a ratio of 1 with an interval around it for equal samples', () => {
    const samples = ranks(30).map((value) => ({ value }));
    const { ratio, ci } = ratioInterval(samples, samples, 50);
    expect(ratio).toBe(1);
    expect(ci[0]).toBeLessThanOrEqual(1);
    expect(ci[1]).toBeGreaterThanOrEqual(1);
  });

  it('pairs runs by their place: a drift both sides share cancels out', () => {
    // the machine slows down over the runs; b is always 4 % faster than a in the same cycle
    const a = ranks(30).map((i) => ({ value: 100 / i }));
    const b = ranks(30).map((i) => ({ value: 104 / i }));
    const paired = pairedRatioInterval(a, b);
    expect(paired.pairs).toBe(30);
    expect(paired.ratio).toBeCloseTo(100 / 104, 10);
    expect(paired.ci[0]).toBeCloseTo(100 / 104, 10);
    expect(paired.ci[1]).toBeCloseTo(100 / 104, 10);
    // unpaired, the drift makes the interval wide
    const unpaired = ratioInterval(a, b, 50);
    expect(unpaired.ci[1] - unpaired.ci[0]).toBeGreaterThan(0.2);
  });

  it('marks statistics reached by censored runs as lower bounds', () => {
    const summary = summarize([{ value: 1 }, { value: 2 }, { value: 9, censored: true }]);
    expect(summary.medianIsLowerBound).toBe(false);
    expect(summary.p95IsLowerBound).toBe(true);
  });
});
