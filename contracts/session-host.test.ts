import { describe, expect, it } from 'vitest';
import { checkCommand, checkEvent } from './session-host';

describe('session host messages', () => {
  it('passes each well-formed command and event', () => {
    expect(checkCommand({ type: 'input', pane: '1', data: 'ls\r' })).toEqual({ ok: true, value: { type: 'input', pane: '1', data: 'ls\r' } });
    expect(checkCommand({ type: 'decided', pane: '2', trigger: { kind: 'ctrl-c' }, decision: { action: 'cancel' }, hintRemainingMs: 1000 }).ok).toBe(true);
    expect(checkCommand({ type: 'run', pane: '1' }).ok).toBe(true);
    expect(checkCommand({ type: 'close', pane: '3' }).ok).toBe(true);
    expect(checkCommand({ type: 'exit' }).ok).toBe(true);
    expect(checkEvent({ type: 'started', pane: '1', pid: 42, containment: { kind: 'cgroup', reason: 'r' } }).ok).toBe(true);
    expect(checkEvent({ type: 'log', level: 'warn', name: 'x' }).ok).toBe(true);
  });

  it('says what is wrong with a malformed one', () => {
    expect(checkCommand(null)).toEqual({ ok: false, problem: 'not a message object with a type' });
    expect(checkCommand({ type: 'format-disk' })).toEqual({ ok: false, problem: 'unknown type "format-disk"' });
    expect(checkCommand({ type: 'toString' })).toEqual({ ok: false, problem: 'unknown type "toString"' });
    expect(checkCommand({ type: 'resize', pane: '1', cols: -1, rows: 24 })).toEqual({ ok: false, problem: 'resize: bad cols' });
    expect(checkCommand({ type: 'input', pane: '1', data: 7 })).toEqual({ ok: false, problem: 'input: bad data' });
    expect(checkCommand({ type: 'input', data: 'x' })).toEqual({ ok: false, problem: 'input: bad pane' });
    expect(checkCommand({ type: 'run', pane: '../1' })).toEqual({ ok: false, problem: 'run: bad pane' });
    expect(checkCommand({ type: 'decided', pane: '1', trigger: { kind: 'ctrl-c' }, decision: { action: 'cancel' }, hintRemainingMs: -5 })).toEqual({ ok: false, problem: 'decided: bad hintRemainingMs' });
    expect(checkEvent({ type: 'started', pane: '1', pid: 1.5, containment: {} })).toEqual({ ok: false, problem: 'started: bad pid' });
    expect(checkEvent({ type: 'press', pane: 1 })).toEqual({ ok: false, problem: 'press: bad pane' });
    expect(checkEvent({ type: 'log', level: 'shout', name: 'x' })).toEqual({ ok: false, problem: 'log: bad level' });
  });
});
