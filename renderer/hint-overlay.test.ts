import { describe, expect, it } from 'vitest';
import { hintText } from './hint-overlay';

describe('hintText', () => {
  it('shows the remaining window in tenths of a second, rounded up', () => {
    expect(hintText(1000)).toBe('Press Ctrl+C again to quit (1.0 s)');
    expect(hintText(801)).toBe('Press Ctrl+C again to quit (0.9 s)');
    expect(hintText(1)).toBe('Press Ctrl+C again to quit (0.1 s)');
  });

  it('never shows a negative time', () => {
    expect(hintText(-5)).toBe('Press Ctrl+C again to quit (0.0 s)');
  });
});
