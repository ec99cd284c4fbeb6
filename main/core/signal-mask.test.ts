import { describe, expect, it } from 'vitest';
import { signalSummary, signalsInMask } from './signal-mask';

describe('signalsInMask', () => {
  it('names each set bit as its signal', () => {
    // bit 1 = INT (2), bit 14 = TERM (15)
    expect(signalsInMask(0x4002n)).toEqual(['INT', 'TERM']);
    expect(signalsInMask(0n)).toEqual([]);
  });
  it('names real-time signals by their offset', () => {
    expect(signalsInMask(0x100000000n)).toEqual(['RT1']);
  });
});

describe('signalSummary', () => {
  it('keeps the job-stopping signals only', () => {
    expect(signalSummary({ ignores: ['INT', 'TERM', 'PIPE'], blocks: [], catches: ['CHLD', 'HUP'] })).toBe('ignores INT TERM, catches HUP');
    expect(signalSummary({ ignores: [], blocks: [], catches: ['CHLD'] })).toBe('');
  });
});
