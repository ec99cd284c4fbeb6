import { describe, expect, it } from 'vitest';
import { CtrlCState } from './ctrl-c-state';
import { ExitDecisionTable, isDoublePressExit, type Decision, type Trigger } from './exit-decisions';

function decisions(): { decide: ExitDecisionTable; state: CtrlCState } {
  const state = new CtrlCState({ clock: () => 0 });
  return { decide: new ExitDecisionTable(state), state };
}

describe('ExitDecisionTable (DESIGN §3 trigger table)', () => {
  it.each<[string, Trigger, number]>([
    ['global shortcut', { kind: 'global-shortcut' }, 130],
    ['window close', { kind: 'window-close' }, 0],
    ['exit command', { kind: 'exit-command', line: '  /exit ' }, 0],
    ['SIGTERM', { kind: 'sigterm' }, 143],
    ['SIGHUP', { kind: 'sighup' }, 129],
    ['session ended with its code', { kind: 'session-ended', exitCode: 3 }, 3],
    ['session ended by a signal (SIGKILL)', { kind: 'session-ended', exitCode: 0, signal: 9 }, 137],
    ['session ended with signal 0 (node-pty: no signal)', { kind: 'session-ended', exitCode: 2, signal: 0 }, 2],
  ])('%s exits now with %d and sets ExitRequested', (_name, trigger, code) => {
    const { decide, state } = decisions();
    expect(decide.decide(trigger)).toMatchObject({ action: 'exit', code });
    expect(decide.exitCode).toBe(code);
    expect(state.phase).toBe('exit-requested');
  });

  it.each<Trigger['kind']>(['ctrl-c', 'sigint'])('%s: first press cancels, a bounce is ignored, a second press exits 130', (kind) => {
    const { decide, state } = decisions();
    expect(decide.decide({ kind } as Trigger, 0)).toEqual({ action: 'cancel' });
    expect(decide.exitCode).toBeUndefined();
    expect(decide.decide({ kind } as Trigger, 100)).toEqual({ action: 'ignore' });
    expect(decide.decide({ kind } as Trigger, 200)).toMatchObject({ action: 'exit', code: 130 });
    expect(state.phase).toBe('exit-requested');
  });

  it('tells a double press exit from every other (ripcord run names the transcript only then)', () => {
    const { decide } = decisions();
    decide.decide({ kind: 'ctrl-c' }, 0);
    const exit = decide.decide({ kind: 'sigint' }, 300);
    expect(exit.action === 'exit' && isDoublePressExit(exit.reason)).toBe(true);
    const others: Trigger[] = [
      { kind: 'global-shortcut' },
      { kind: 'sigterm' },
      { kind: 'sighup' },
      { kind: 'window-close' },
      { kind: 'exit-command', line: 'exit' },
      { kind: 'session-ended', exitCode: 130 },
    ];
    for (const trigger of others) {
      const decision = decisions().decide.decide(trigger);
      expect(decision.action === 'exit' && isDoublePressExit(decision.reason), trigger.kind).toBe(false);
    }
    expect(isDoublePressExit('exit-command "echo double press"')).toBe(false);
  });

  it.each([false, true])('a key typed between two presses (cancel handled: %s) makes the second a cancel too', (handled) => {
    const { decide, state } = decisions();
    expect(decide.decide({ kind: 'ctrl-c' }, 0).action).toBe('cancel');
    if (handled) state.markCancelHandled();
    state.reset(); // the host's reaction to a key press (DESIGN §2: two presses in a row)
    expect(decide.decide({ kind: 'ctrl-c' }, 300)).toEqual({ action: 'cancel' });
    expect(decide.decide({ kind: 'ctrl-c' }, 600)).toMatchObject({ action: 'exit', code: 130 });
  });

  it('ctrl-c and SIGINT share one state machine: a key press then a SIGINT quits', () => {
    const { decide } = decisions();
    expect(decide.decide({ kind: 'ctrl-c' }, 0).action).toBe('cancel');
    expect(decide.decide({ kind: 'sigint' }, 500)).toMatchObject({ action: 'exit', code: 130 });
  });

  it('a press reads the state clock when no time is given', () => {
    let now = 0;
    const decide = new ExitDecisionTable(new CtrlCState({ clock: () => now }));
    expect(decide.decide({ kind: 'ctrl-c' }).action).toBe('cancel');
    now = 300;
    expect(decide.decide({ kind: 'ctrl-c' }).action).toBe('exit');
  });

  it('a press after an exit requested elsewhere (another thread, the exit path) exits', () => {
    const { decide, state } = decisions();
    state.requestExit();
    expect(decide.decide({ kind: 'ctrl-c' }, 0)).toMatchObject({ action: 'exit', code: 130 });
  });

  it('the reason names the trigger for the log', () => {
    expect(decisions().decide.decide({ kind: 'exit-command', line: ' quit ' })).toEqual({
      action: 'exit',
      code: 0,
      reason: 'exit-command "quit"',
    });
    expect(decisions().decide.decide({ kind: 'sigterm' })).toMatchObject({ reason: 'sigterm' });
  });
});

describe('ExitDecisionTable idempotence', () => {
  const everyTrigger: Trigger[] = [
    { kind: 'ctrl-c' },
    { kind: 'sigint' },
    { kind: 'sigterm' },
    { kind: 'sighup' },
    { kind: 'global-shortcut' },
    { kind: 'window-close' },
    { kind: 'exit-command', line: 'exit' },
    { kind: 'session-ended', exitCode: 1 },
    { kind: 'session-ended', exitCode: 0, signal: 15 },
  ];

  it.each(everyTrigger)('after a first exit, %o is a no-op that keeps the first code', (trigger) => {
    const { decide } = decisions();
    expect(decide.decide({ kind: 'sigterm' }).action).toBe('exit');
    expect(decide.decide(trigger, 10_000)).toEqual<Decision>({ action: 'already-exiting', code: 143 });
    expect(decide.exitCode).toBe(143);
  });

  it('a double press exit is kept against a later window close', () => {
    const { decide } = decisions();
    decide.decide({ kind: 'ctrl-c' }, 0);
    decide.decide({ kind: 'ctrl-c' }, 500);
    expect(decide.decide({ kind: 'window-close' })).toEqual({ action: 'already-exiting', code: 130 });
    expect(decide.decide({ kind: 'session-ended', exitCode: 0, signal: 1 })).toEqual({ action: 'already-exiting', code: 130 });
  });

  it('cancels and ignored presses decide nothing final', () => {
    const { decide } = decisions();
    decide.decide({ kind: 'ctrl-c' }, 0);
    decide.decide({ kind: 'ctrl-c' }, 50);
    expect(decide.decide({ kind: 'window-close' })).toMatchObject({ action: 'exit', code: 0 });
  });
});

describe('ExitDecisionTable: exits the host chooses', () => {
  it('exitWith decides like a trigger: the first exit wins, the state machine stops', () => {
    const { decide, state } = decisions();
    expect(decide.exitWith(70, 'crash')).toEqual({ action: 'exit', code: 70, reason: 'crash' });
    expect(state.phase).toBe('exit-requested');
    expect(decide.exitWith(127, 'later')).toEqual({ action: 'already-exiting', code: 70 });
    expect(decide.decide({ kind: 'sigterm' })).toEqual({ action: 'already-exiting', code: 70 });
    expect(decide.exitCode).toBe(70);
  });

  it.each<[string, Trigger['kind'][]]>([
    ["the window's close", ['window-close']],
    ['the global shortcut', ['global-shortcut']],
    ['a double Ctrl+C', ['ctrl-c', 'ctrl-c']],
    ['a double SIGINT', ['sigint', 'sigint']],
  ])('after a start failure %s exits 1, the code the window names', (_name, kinds) => {
    const { decide } = decisions();
    decide.markStartFailed();
    const last = kinds.map((kind, i) => decide.decide({ kind } as Trigger, i * 300)).at(-1);
    expect(last).toMatchObject({ action: 'exit', code: 1 });
  });

  it("after a start failure SIGTERM and SIGHUP keep their signal's code", () => {
    for (const [kind, code] of [
      ['sigterm', 143],
      ['sighup', 129],
    ] as const) {
      const { decide } = decisions();
      decide.markStartFailed();
      expect(decide.decide({ kind })).toMatchObject({ action: 'exit', code });
    }
  });
});
