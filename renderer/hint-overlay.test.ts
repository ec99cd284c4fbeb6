import { describe, expect, it } from 'vitest';
import { hintText } from './hint-overlay';

describe('hintText', () => {
  it('shows the remaining window in tenths of a second, rounded up', () => {
    expect(hintText(1000)).toBe('Press Ctrl+C again to quit (1.0 s)');
    expect(hintText(801)).toBe('Press Ctrl+C again to quit (0.9 s)');
    expect(hintText(1)).toBe('Press Ctrl+C again to quit (0.1 s)');
  });

  it('names what a second press ends once the session says', () => {
    expect(hintText(800, false, 'app', { program: 'node', others: 2 })).toBe(
      'Ctrl+C again quits ripcord — node and 2 other processes end too (0.8 s)',
    );
    expect(hintText(800, false, 'pane', { program: 'node', others: 1 })).toBe(
      'Ctrl+C again closes this pane — node and 1 other process end too (0.8 s)',
    );
    expect(hintText(800, false, 'app', { program: 'bash', others: 0 })).toBe('Ctrl+C again quits ripcord — bash ends too (0.8 s)');
    expect(hintText(800, true, 'app', { program: 'make', others: 3 })).toBe(
      'still running — Ctrl+Shift+K stops the job · Ctrl+C twice quits ripcord — make and 3 other processes end too (0.8 s)',
    );
  });

  it('never shows a negative time', () => {
    expect(hintText(-5)).toBe('Press Ctrl+C again to quit (0.0 s)');
  });
});
