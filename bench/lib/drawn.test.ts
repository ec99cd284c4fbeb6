import { describe, expect, it } from 'vitest';
import { drawnMbPerSecond } from './drawn';

describe("the panes rows' drawn bytes", () => {
  it('adds what every flooding pane parsed between the readings, per second', () => {
    const before = { atMs: 1000, parsed: { '1': 0, '2': 1_000_000, '3': 48_576 } };
    const after = { atMs: 3000, parsed: { '1': 1_048_576, '2': 2_048_576, '3': 48_576 + 2 * 1_048_576 } };
    expect(drawnMbPerSecond(before, after)).toBeCloseTo((1_048_576 + 1_048_576 + 2 * 1_048_576) / 1_048_576 / 2, 9);
  });

  it('refuses a pane that vanished or counted backwards, and readings without time between them', () => {
    expect(() => drawnMbPerSecond({ atMs: 0, parsed: { '1': 5 } }, { atMs: 10, parsed: {} })).toThrow(/pane 1 went from 5 to undefined/);
    expect(() => drawnMbPerSecond({ atMs: 0, parsed: { '1': 5 } }, { atMs: 10, parsed: { '1': 4 } })).toThrow(/pane 1 went from 5 to 4/);
    expect(() => drawnMbPerSecond({ atMs: 10, parsed: {} }, { atMs: 10, parsed: {} })).toThrow(/0 ms apart/);
  });
});
