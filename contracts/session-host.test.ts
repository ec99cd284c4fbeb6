import { describe, expect, it } from 'vitest';
import { checkMessage } from './service';
import { DecisionService, ProgramService } from './session-host';

const command = (message: unknown) => checkMessage(ProgramService, message);
const event = (message: unknown) => checkMessage(DecisionService, message);

describe('session host messages', () => {
  it('passes each well-formed command and event', () => {
    expect(command({ type: 'input', pane: '1', data: 'ls\r' })).toEqual({
      ok: true,
      value: { name: 'input', params: { pane: '1', data: 'ls\r' } },
    });
    expect(
      command({ type: 'decided', pane: '2', trigger: { kind: 'ctrl-c' }, decision: { action: 'cancel' }, hintRemainingMs: 1000 }).ok,
    ).toBe(true);
    expect(command({ type: 'run', pane: '1' }).ok).toBe(true);
    expect(command({ type: 'close', pane: '3' }).ok).toBe(true);
    expect(command({ type: 'exit' }).ok).toBe(true);
    expect(command({ type: 'key-pressed', pane: '3' })).toEqual({ ok: true, value: { name: 'keyPressed', params: { pane: '3' } } });
    expect(event({ type: 'started', pane: '1', pid: 42, containment: { kind: 'cgroup', reason: 'r' } }).ok).toBe(true);
    expect(event({ type: 'log', level: 'warn', name: 'x' }).ok).toBe(true);
    expect(event({ type: 'make-cgroup', pane: '1', parent: '/sys/fs/cgroup/x', name: 'ripcord-1', id: 7 })).toEqual({
      ok: true,
      value: { name: 'makeCgroup', params: { pane: '1', parent: '/sys/fs/cgroup/x', name: 'ripcord-1' }, id: 7 },
    });
  });

  it('says what is wrong with a malformed one, naming the field', () => {
    expect(command(null)).toEqual({ ok: false, error: 'not a message object with a type' });
    expect(command({ type: 'format-disk' })).toEqual({ ok: false, error: 'unknown type "format-disk"' });
    expect(command({ type: 'toString' })).toEqual({ ok: false, error: 'unknown type "toString"' });
    expect(command({ type: 'keyPressed', pane: '1' })).toEqual({ ok: false, error: 'unknown type "keyPressed"' });
    expect(command({ type: 'resize', pane: '1', cols: -1, rows: 24 })).toEqual({
      ok: false,
      error: 'resize.cols: expected a whole number from 0, got -1',
    });
    expect(command({ type: 'input', pane: '1', data: 7 })).toEqual({ ok: false, error: 'input.data: expected a string, got 7' });
    expect(command({ type: 'input', data: 'x' })).toEqual({ ok: false, error: 'input.pane: expected a pane id, got nothing' });
    expect(command({ type: 'run', pane: '../1' })).toEqual({ ok: false, error: 'run.pane: expected a pane id, got "../1"' });
    expect(
      command({ type: 'decided', pane: '1', trigger: { kind: 'ctrl-c' }, decision: { action: 'cancel' }, hintRemainingMs: -5 }),
    ).toEqual({ ok: false, error: 'decided.hintRemainingMs: expected a number from 0, got -5' });
    expect(event({ type: 'started', pane: '1', pid: 1.5, containment: {} })).toEqual({
      ok: false,
      error: 'started.pid: expected a whole number from 0, got 1.5',
    });
    expect(event({ type: 'press', pane: 1 })).toEqual({ ok: false, error: 'press.pane: expected a pane id, got 1' });
    expect(event({ type: 'log', level: 'shout', name: 'x' })).toEqual({
      ok: false,
      error: 'log.level: expected one of "info", "warn", "error", got "shout"',
    });
    expect(event({ type: 'make-cgroup', pane: '1', parent: '/x', name: 'ripcord-1' })).toEqual({
      ok: false,
      error: 'make-cgroup.id: expected a whole number from 0, got nothing',
    });
  });

  it('takes triggers and decisions as the real unions, not any kind or action', () => {
    expect(
      command({ type: 'decided', pane: '1', trigger: { kind: 'format-disk' }, decision: { action: 'cancel' }, hintRemainingMs: 0 }),
    ).toEqual({
      ok: false,
      error:
        'decided.trigger.kind: expected one of "ctrl-c", "sigint", "sigterm", "sighup", "global-shortcut", "window-close", "exit-command", "session-ended", got "format-disk"',
    });
    expect(
      command({ type: 'decided', pane: '1', trigger: { kind: 'ctrl-c' }, decision: { action: 'exit', code: 130 }, hintRemainingMs: 0 }),
    ).toEqual({ ok: false, error: 'decided.decision.reason: expected a string, got nothing' });
    // a program finds only its exit command and its end: a host cannot say the user pressed the shortcut
    expect(event({ type: 'trigger', pane: '1', trigger: { kind: 'global-shortcut' } }).ok).toBe(false);
    expect(event({ type: 'trigger', pane: '1', trigger: { kind: 'session-ended', exitCode: 0, extra: 'kept out' } })).toEqual({
      ok: true,
      value: { name: 'trigger', params: { pane: '1', trigger: { kind: 'session-ended', exitCode: 0 } } },
    });
  });
});
