import { describe, expect, it } from 'vitest';
import { CutSequenceGuard } from './cut-sequence-guard';
import { CANCEL_SEQUENCE, TerminalModeScanner } from './terminal-mode-scanner';

function guarded(): { guard: CutSequenceGuard; scanner: TerminalModeScanner } {
  const scanner = new TerminalModeScanner();
  return { guard: new CutSequenceGuard(scanner), scanner };
}

describe('CutSequenceGuard', () => {
  it.each([
    ['a colour cut after ESC, echo ^C', ['\x1b[31my\n\x1b'], '^C\r\n$ '],
    ['a colour cut inside CSI params', ['y\n\x1b[3'], '^C\r\n$ '],
    ['an OSC title cut before its terminator', ['\x1b]0;flooding'], '^C\r\n$ '],
    ['a DCS cut, echo off: fresh line', ['\x1bPq#0'], '\r\n$ '],
  ])('aborts %s with CAN before the prompt', (_name, before, after) => {
    const { guard, scanner } = guarded();
    for (const chunk of before) guard.filter(chunk);
    guard.arm();
    expect(guard.filter(after)).toEqual({ data: CANCEL_SEQUENCE + after, interrupted: true });
    expect(scanner.inUnterminatedSequence).toBe(false);
  });

  it('leaves a sequence that is merely split across reads alone', () => {
    const { guard } = guarded();
    guard.filter('y\n\x1b[3');
    guard.arm();
    expect(guard.filter('1my\n')).toEqual({ data: '1my\n', interrupted: false });
  });

  it('does nothing when no cancel was sent', () => {
    const { guard } = guarded();
    guard.filter('\x1b[3');
    expect(guard.filter('^C\r\n')).toEqual({ data: '^C\r\n', interrupted: false });
  });

  it('reports a cut on a clean boundary without adding CAN, and stays quiet after it', () => {
    const { guard } = guarded();
    guard.filter('y\ny\n');
    guard.arm();
    expect(guard.filter('^C\r\n')).toEqual({ data: '^C\r\n', interrupted: true });
    guard.filter('\x1b[3');
    expect(guard.filter('^C')).toEqual({ data: '^C', interrupted: false });
  });

  it('stops watching once disarmed (the double-press interval is over)', () => {
    const { guard } = guarded();
    guard.filter('\x1b]0;t');
    guard.arm();
    guard.disarm();
    expect(guard.filter('\r\n')).toEqual({ data: '\r\n', interrupted: false });
  });
});
