import { describe, expect, it } from 'vitest';
import { SIGNAL_NUMBERS, signalName, signalSummary, signalsInMask } from './signals';

describe('the signal table', () => {
  it('numbers the signals as Linux does, and names them back', () => {
    expect([SIGNAL_NUMBERS.HUP, SIGNAL_NUMBERS.INT, SIGNAL_NUMBERS.KILL, SIGNAL_NUMBERS.TERM, SIGNAL_NUMBERS.SYS]).toEqual([
      1, 2, 9, 15, 31,
    ]);
    for (const [name, n] of Object.entries(SIGNAL_NUMBERS)) expect(signalName(n)).toBe(name);
  });
});

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
