import { describe, expect, it } from 'vitest';
import { aboveFloorText, FRAME_MS, timeAboveFloor } from './floor-row';
import type { Sample } from './stats';

const samples = (values: number[], censored: number[] = []): Sample[] =>
  values.map((value) => ({ value, censored: censored.includes(value) }));
/** 1..20 ms plus `shift`: median 10 + shift, p95 19 + shift (nearest rank). */
const ramp = (shift: number): number[] => Array.from({ length: 20 }, (_, i) => i + 1 + shift);

describe('timeAboveFloor', () => {
  it('is the difference of the quantiles of independent runs, not of per-run pairs', () => {
    // ripcord's runs in reverse order: per-run differences (24 down to −14) would give a p95 of 22
    const a = timeAboveFloor(samples([...ramp(5)].reverse()), samples(ramp(0)));
    expect(a.medianMs).toBe(5);
    expect(a.p95Ms).toBe(5);
    expect(a.floor).toEqual({ n: 20, median: 10, p95: 19 });
    expect(a.met).toBe(true);
  });

  it('meets the target at one frame above the floor at p95, and fails it past that', () => {
    expect(timeAboveFloor(samples(ramp(16)), samples(ramp(0))).met).toBe(true);
    expect(timeAboveFloor(samples(ramp(17)), samples(ramp(0))).met).toBe(false);
    expect(FRAME_MS).toBeCloseTo(16.67, 2);
  });

  it('leaves it open when a censored p95 cannot decide, and with no runs', () => {
    // ripcord's p95 a lower bound: under the target decides nothing, over it fails
    expect(timeAboveFloor(samples(ramp(0), [19, 20]), samples(ramp(0))).met).toBeUndefined();
    expect(timeAboveFloor(samples(ramp(30), [49, 50]), samples(ramp(0))).met).toBe(false);
    // the floor's p95 a lower bound: under the target meets it, over it decides nothing
    expect(timeAboveFloor(samples(ramp(0)), samples(ramp(0), [19, 20])).met).toBe(true);
    expect(timeAboveFloor(samples(ramp(30)), samples(ramp(0), [19, 20])).met).toBeUndefined();
    expect(timeAboveFloor([], samples(ramp(0))).met).toBeUndefined();
  });

  it('says the differences and the floor in the table', () => {
    expect(aboveFloorText(timeAboveFloor(samples(ramp(5)), samples(ramp(0))))).toBe(
      '+5.0 ms median, +5.0 ms p95 above the floor (its median / p95 10 ms / 19 ms, 20 runs)',
    );
    expect(aboveFloorText(timeAboveFloor(samples(ramp(0)), samples(ramp(3))))).toMatch(/^−3\.0 ms median/);
  });
});
