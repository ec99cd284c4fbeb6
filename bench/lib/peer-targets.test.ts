import { describe, expect, it } from 'vitest';
import { latencyVsPeer, p90AtMostPeers, rateVsPeer } from './peer-targets';
import type { Sample } from './stats';

const runs = (...values: number[]): Sample[] => values.map((value) => ({ value }));
/** 30 runs around `center`, the same spread each time: a contender whose median is `center`. */
const around = (center: number, step = 0.1): Sample[] => runs(...Array.from({ length: 30 }, (_, i) => center + (i - 15) * step));
/** `around(center)` with a slow tail: its last four runs take 30 ms. */
const withTail = (center: number): Sample[] => [...around(center).slice(0, 26), ...runs(30, 30, 30, 30)];

describe("issue 43's targets against the peer", () => {
  it("'ahead' needs the median ratio's whole interval at or below 1.0, not only the median", () => {
    const ahead = latencyVsPeer(around(10), around(15), 'ahead');
    expect(ahead.medianCi[1]).toBeLessThanOrEqual(1);
    expect(ahead.met).toBe(true);
    // a median below the peer's whose interval still reaches past 1.0 decides nothing
    const wide = [...runs(1, 1, 1, 1, 1, 1, 1, 1), ...runs(9, 10, 30, 30, 30, 30, 30)];
    const unsure = latencyVsPeer(wide, runs(8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22), 'ahead');
    expect(unsure.median).toBeLessThan(1);
    expect(unsure.medianCi[1]).toBeGreaterThan(1);
    expect(unsure.met).toBe(false);
  });

  it("'near-floor' allows a median up to 5 % above the peer's, no more", () => {
    expect(latencyVsPeer(around(15.6), withTail(15), 'near-floor').met).toBe(true);
    expect(latencyVsPeer(around(16), withTail(15), 'near-floor').met).toBe(false);
  });

  it("both need ripcord's p90 at most the peer's, and a censored p90 of ripcord's decides nothing", () => {
    const tail = [...around(10).slice(0, 26), ...runs(40, 40, 40, 40)];
    expect(p90AtMostPeers(tail, around(15))).toBe(false);
    expect(latencyVsPeer(tail, around(15), 'near-floor').met).toBe(false);
    const censored = [...around(10).slice(0, 26), ...Array.from({ length: 4 }, () => ({ value: 15_000, censored: true }))];
    const peerCensored = [...around(15).slice(0, 26), ...Array.from({ length: 4 }, () => ({ value: 15_000, censored: true }))];
    expect(p90AtMostPeers(censored, peerCensored)).toBe(false);
    expect(p90AtMostPeers(around(10), peerCensored)).toBe(true);
  });

  it("issue 17's rule stays for the rows issue 43 sets none for", () => {
    const result = latencyVsPeer(around(10), around(10), 'issue-17');
    expect(result.target).toBe('median ≤ 1.0×, p95 ≤ 1.1×');
    expect(result.met).toBe(true);
  });

  it('throughput: a median of at least 0.95× the peer, with its interval reaching 1.0', () => {
    expect(rateVsPeer(around(97, 2), around(100, 2)).medianCi[1]).toBeGreaterThanOrEqual(1);
    expect(rateVsPeer(around(97, 2), around(100, 2)).met).toBe(true);
    expect(rateVsPeer(around(90, 2), around(100, 2)).met).toBe(false);
    // 0.97× with a tight interval that stays below 1.0: not met
    expect(rateVsPeer(around(97), around(100)).medianCi[1]).toBeLessThan(1);
    expect(rateVsPeer(around(97), around(100)).met).toBe(false);
  });
});
