import { describe, expect, it } from 'vitest';
import { CtrlCState, DEFAULT_DEBOUNCE_MS, DEFAULT_INTERVAL_MS, type CtrlCPhase, type PressOutcome } from './ctrl-c-state';

/** The only clock these tests use: time moves when the test says so. */
function fakeClock(start = 0): { now: () => number; set: (ms: number) => void } {
  let t = start;
  return { now: () => t, set: (ms) => (t = ms) };
}

const ANCHOR = 5_000;

/** A state in `phase` whose last accepted press (if any) was at ANCHOR. */
function stateIn(phase: CtrlCPhase): CtrlCState {
  const state = new CtrlCState({ clock: fakeClock(ANCHOR).now });
  if (phase === 'idle') return state;
  if (phase === 'exit-requested') {
    state.requestExit();
    return state;
  }
  expect(state.register(ANCHOR)).toBe('cancel');
  if (phase === 'exit-armed') state.markCancelHandled();
  expect(state.phase).toBe(phase);
  return state;
}

describe('CtrlCState press table (DESIGN §2)', () => {
  // [phase, Δ ms after the anchor, outcome, phase after]
  const cells: Array<[CtrlCPhase, number, PressOutcome, CtrlCPhase]> = [
    ['idle', 0, 'cancel', 'cancel-requested'],
    ['idle', 199.999, 'cancel', 'cancel-requested'],
    ['idle', 200, 'cancel', 'cancel-requested'],
    ['idle', 1000, 'cancel', 'cancel-requested'],
    ['idle', 1000.001, 'cancel', 'cancel-requested'],
    ['cancel-requested', 0, 'ignored', 'cancel-requested'],
    ['cancel-requested', 199.999, 'ignored', 'cancel-requested'],
    ['cancel-requested', 200, 'exit', 'exit-requested'],
    ['cancel-requested', 600, 'exit', 'exit-requested'],
    ['cancel-requested', 1000, 'exit', 'exit-requested'],
    ['cancel-requested', 1000.001, 'cancel', 'cancel-requested'],
    ['cancel-requested', 60_000, 'cancel', 'cancel-requested'],
    ['exit-armed', 0, 'exit', 'exit-requested'],
    ['exit-armed', 199.999, 'exit', 'exit-requested'],
    ['exit-armed', 200, 'exit', 'exit-requested'],
    ['exit-armed', 1000, 'exit', 'exit-requested'],
    ['exit-armed', 1000.001, 'cancel', 'cancel-requested'],
    ['exit-armed', 60_000, 'cancel', 'cancel-requested'],
    ['exit-requested', 0, 'exit', 'exit-requested'],
    ['exit-requested', 199.999, 'exit', 'exit-requested'],
    ['exit-requested', 200, 'exit', 'exit-requested'],
    ['exit-requested', 1000, 'exit', 'exit-requested'],
    ['exit-requested', 1000.001, 'exit', 'exit-requested'],
  ];

  it.each(cells)('%s, Δ = %d ms → %s, then %s', (phase, delta, outcome, after) => {
    const state = stateIn(phase);
    expect(state.register(ANCHOR + delta)).toBe(outcome);
    expect(state.phase).toBe(after);
  });

  it('moves the anchor to the press on every cancel', () => {
    for (const phase of ['idle', 'cancel-requested', 'exit-armed'] as const) {
      const state = stateIn(phase);
      const press = ANCHOR + 2_000;
      expect(state.register(press)).toBe('cancel');
      expect(state.hintRemainingMs(press)).toBe(DEFAULT_INTERVAL_MS);
      // Exactly the debounce after the new anchor is a second press, not a bounce.
      expect(state.register(press + DEFAULT_DEBOUNCE_MS)).toBe('exit');
    }
  });

  it('leaves the anchor where it was on an ignored press', () => {
    const state = stateIn('cancel-requested');
    expect(state.register(ANCHOR + 150)).toBe('ignored');
    expect(state.hintRemainingMs(ANCHOR + 150)).toBe(850);
    // Measured from the ignored press this would be 900 ms (exit); from the anchor it is past the interval.
    expect(state.register(ANCHOR + 1050)).toBe('cancel');
  });

  it('converts float milliseconds to whole microseconds with Math.round', () => {
    expect(stateIn('cancel-requested').register(ANCHOR + 199.9996)).toBe('exit');
    expect(stateIn('cancel-requested').register(ANCHOR + 199.9994)).toBe('ignored');
    expect(stateIn('cancel-requested').register(ANCHOR + 1000.0004)).toBe('exit');
    expect(stateIn('cancel-requested').register(ANCHOR + 1000.0006)).toBe('cancel');
  });

  it('treats a press stamped before the anchor (a thread that lost a race) as too close', () => {
    expect(stateIn('cancel-requested').register(ANCHOR - 300)).toBe('ignored');
    expect(stateIn('exit-armed').register(ANCHOR - 300)).toBe('exit');
  });
});

describe('CtrlCState sequences', () => {
  it('exits when hammered faster than the debounce: 0, 100, 200 ms → cancel, ignored, exit', () => {
    const state = new CtrlCState({ clock: fakeClock().now });
    expect([0, 100, 200].map((t) => state.register(t))).toEqual(['cancel', 'ignored', 'exit']);
  });

  it('exits at the debounce however densely the presses come', () => {
    const state = new CtrlCState({ clock: fakeClock().now });
    const outcomes = Array.from({ length: 21 }, (_, i) => state.register(i * 10));
    expect(outcomes).toEqual(['cancel', ...Array<PressOutcome>(19).fill('ignored'), 'exit']);
  });

  it('re-arms instead of exiting when the interval expires in ExitArmed', () => {
    const state = new CtrlCState({ clock: fakeClock().now });
    expect(state.register(0)).toBe('cancel');
    state.markCancelHandled();
    expect(state.register(1000.001)).toBe('cancel');
    expect(state.phase).toBe('cancel-requested');
    // The re-armed cancel is a fresh anchor: the debounce applies again, then the interval.
    expect(state.register(1100)).toBe('ignored');
    expect(state.register(1200.001)).toBe('exit');
  });

  it('reads the injected clock when no time is given', () => {
    const clock = fakeClock(10_000);
    const state = new CtrlCState({ clock: clock.now });
    expect(state.register()).toBe('cancel');
    clock.set(10_100);
    expect(state.register()).toBe('ignored');
    expect(state.hintRemainingMs()).toBe(900);
    clock.set(10_200);
    expect(state.register()).toBe('exit');
  });

  it('honours a configured debounce and interval', () => {
    const state = new CtrlCState({ clock: fakeClock().now, debounceMs: 50, intervalMs: 300 });
    expect(state.register(0)).toBe('cancel');
    expect(state.register(49.999)).toBe('ignored');
    expect(state.register(300.001)).toBe('cancel');
    expect(state.register(350.001)).toBe('exit');
  });

  it('rejects a configuration it cannot honour', () => {
    const clock = fakeClock().now;
    expect(() => new CtrlCState({ clock, debounceMs: -1 })).toThrow(RangeError);
    expect(() => new CtrlCState({ clock, debounceMs: 500, intervalMs: 400 })).toThrow(RangeError);
    expect(() => new CtrlCState({ clock, intervalMs: Number.NaN })).toThrow(RangeError);
    expect(() => new CtrlCState({ clock, buffer: new SharedArrayBuffer(4) })).toThrow(RangeError);
  });

  it('shares one state between instances over the same buffer', () => {
    const a = new CtrlCState({ clock: fakeClock().now });
    const b = new CtrlCState({ clock: fakeClock().now, buffer: a.buffer });
    expect(a.register(0)).toBe('cancel');
    expect(b.phase).toBe('cancel-requested');
    expect(b.register(300)).toBe('exit');
    expect(a.phase).toBe('exit-requested');
  });
});

describe('CtrlCState transitions besides presses', () => {
  const phases: CtrlCPhase[] = ['idle', 'cancel-requested', 'exit-armed', 'exit-requested'];

  it.each<[CtrlCPhase, CtrlCPhase]>([
    ['idle', 'idle'],
    ['cancel-requested', 'exit-armed'],
    ['exit-armed', 'exit-armed'],
    ['exit-requested', 'exit-requested'],
  ])('markCancelHandled in %s → %s', (phase, after) => {
    const state = stateIn(phase);
    state.markCancelHandled();
    expect(state.phase).toBe(after);
  });

  it('markCancelHandled keeps the anchor', () => {
    const state = stateIn('cancel-requested');
    state.markCancelHandled();
    expect(state.hintRemainingMs(ANCHOR + 400)).toBe(600);
  });

  it.each(phases)('requestExit in %s is sticky and reports whether it made the transition', (phase) => {
    const state = stateIn(phase);
    expect(state.requestExit()).toBe(phase !== 'exit-requested');
    expect(state.requestExit()).toBe(false);
    state.markCancelHandled();
    state.reset();
    expect(state.register(ANCHOR + 300)).toBe('exit');
    expect(state.phase).toBe('exit-requested');
  });

  it.each<[CtrlCPhase, CtrlCPhase]>([
    ['idle', 'idle'],
    ['cancel-requested', 'idle'],
    ['exit-armed', 'idle'],
    ['exit-requested', 'exit-requested'],
  ])('reset in %s → %s', (phase, after) => {
    const state = stateIn(phase);
    state.reset();
    expect(state.phase).toBe(after);
  });

  it('after reset the next press is a first press again', () => {
    const state = stateIn('cancel-requested');
    state.reset();
    expect(state.register(ANCHOR + 300)).toBe('cancel');
    expect(state.hintRemainingMs(ANCHOR + 300)).toBe(DEFAULT_INTERVAL_MS);
  });

  it.each<[CtrlCPhase, ReturnType<CtrlCState['checkCancellation']>]>([
    ['idle', { ok: true }],
    ['cancel-requested', { ok: false, phase: 'cancel-requested' }],
    ['exit-armed', { ok: true }],
    ['exit-requested', { ok: false, phase: 'exit-requested' }],
  ])('checkCancellation in %s', (phase, expected) => {
    expect(stateIn(phase).checkCancellation()).toEqual(expected);
  });

  it.each<[CtrlCPhase, number, number]>([
    ['idle', 0, 0],
    ['cancel-requested', 0, 1000],
    ['cancel-requested', 250, 750],
    ['cancel-requested', 1000, 0],
    ['cancel-requested', 5000, 0],
    ['exit-armed', 999.5, 0.5],
    ['exit-requested', 0, 0],
  ])('hintRemainingMs in %s at Δ %d ms is %d', (phase, delta, remaining) => {
    expect(stateIn(phase).hintRemainingMs(ANCHOR + delta)).toBe(remaining);
  });
});

describe('CtrlCState edited intervals (setTiming) apply from the next press', () => {
  it('a new doublePressWindowMs counts from the next first press, not the one under way', () => {
    const clock = fakeClock();
    const state = new CtrlCState({ clock: clock.now, intervalMs: 1000 });
    expect(state.register(0)).toBe('cancel');
    state.setTiming(DEFAULT_DEBOUNCE_MS, 3000);
    // the press under way keeps its 1 s interval: 1.5 s later is a new first press...
    expect(state.register(1500)).toBe('cancel');
    expect(state.hintRemainingMs(1500)).toBe(3000);
    // ...whose second press may come 2.5 s later under the new 3 s interval
    expect(state.register(4000)).toBe('exit');
  });

  it('a shorter interval never cuts short a double press under way', () => {
    const state = new CtrlCState({ clock: fakeClock().now, intervalMs: 3000 });
    expect(state.register(0)).toBe('cancel');
    state.markCancelHandled();
    state.setTiming(DEFAULT_DEBOUNCE_MS, 500);
    expect(state.hintRemainingMs(2000)).toBe(1000);
    expect(state.register(2000)).toBe('exit');
  });

  it('a new debounce applies from the next first press', () => {
    const state = new CtrlCState({ clock: fakeClock().now, debounceMs: 200 });
    expect(state.register(0)).toBe('cancel');
    state.setTiming(0, DEFAULT_INTERVAL_MS);
    expect(state.register(100)).toBe('ignored');
    state.reset();
    expect(state.register(5000)).toBe('cancel');
    expect(state.register(5100)).toBe('exit');
  });

  it('rejects intervals it cannot honour and keeps the ones it has', () => {
    const state = new CtrlCState({ clock: fakeClock().now });
    expect(() => state.setTiming(500, 100)).toThrow(RangeError);
    expect(state.register(0)).toBe('cancel');
    expect(state.hintRemainingMs(0)).toBe(DEFAULT_INTERVAL_MS);
  });
});
