// MainDecisions with a program that records what main hands it; the Ctrl+C machine's clock and the
// answer's bounded wait are the fakes (the state-machine exception of the team rules).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from '../core/config';
import type { Decision, Trigger } from '../core/exit-decisions';
import { silentLogger } from '../platform/log/log';
import { CANCEL_ANSWER_WAIT_MS } from '../program/running-program';
import { MainDecisions } from './program-decisions';
import { SessionExits } from './session-exits';

function decisionsUnderTest() {
  let now = 0;
  const exits: number[] = [];
  const seen: string[] = [];
  const sessionExits = new SessionExits({
    config: DEFAULT_CONFIG,
    log: silentLogger,
    reaper: { killAll: () => undefined },
    host: { restore: () => undefined, exit: (code) => exits.push(code) },
    clock: () => now,
  });
  const main = new MainDecisions(sessionExits, silentLogger);
  main.attach({
    beforeDecision: () => undefined,
    decided: (trigger: Trigger, decision: Decision) => seen.push(`${trigger.kind}:${decision.action}`),
    keyPressed: () => seen.push('key'),
  });
  return { main, exits, seen, phase: () => sessionExits.state.phase, advance: (ms: number) => (now += ms) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('MainDecisions', () => {
  it("decides a press at once, and a second one after the first cancel's answer", () => {
    const t = decisionsUnderTest();
    t.main.press();
    expect(t.seen).toEqual(['ctrl-c:cancel']);
    t.advance(10);
    t.main.press(); // within the debounce: it waits for the answer instead of being ignored
    expect(t.seen).toEqual(['ctrl-c:cancel']);
    t.main.cancelHandled();
    expect(t.phase()).toBe('exit-requested');
    expect(t.seen).toEqual(['ctrl-c:cancel', 'ctrl-c:exit']);
    expect(t.exits).toEqual([130]);
  });

  it('decides what waited, in order, when no answer comes within the bound', () => {
    const t = decisionsUnderTest();
    t.main.press();
    t.main.keyPressed();
    t.main.press();
    expect(t.seen).toEqual(['ctrl-c:cancel']);
    vi.advanceTimersByTime(CANCEL_ANSWER_WAIT_MS);
    // the key ended the double press, so the press after it is a new first press
    expect(t.seen).toEqual(['ctrl-c:cancel', 'key', 'ctrl-c:cancel']);
    expect(t.exits).toEqual([]);
  });

  it("hands the program its own triggers' decisions", () => {
    const t = decisionsUnderTest();
    t.main.trigger({ kind: 'exit-command', line: '/exit' });
    expect(t.seen).toEqual(['exit-command:exit']);
    expect(t.exits).toEqual([0]);
    expect(t.main.exiting).toBe(true);
  });
});
