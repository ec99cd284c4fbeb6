import { describe, expect, it } from 'vitest';
import { checkCommand, checkEvent } from './session-host';

describe('session host messages', () => {
  it('passes each well-formed command and event', () => {
    expect(checkCommand({ type: 'input', data: 'ls\r' })).toEqual({ ok: true, value: { type: 'input', data: 'ls\r' } });
    expect(checkCommand({ type: 'decided', trigger: { kind: 'ctrl-c' }, decision: { action: 'cancel' }, hintRemainingMs: 1000 }).ok).toBe(true);
    expect(checkCommand({ type: 'run' }).ok).toBe(true);
    expect(checkEvent({ type: 'started', pid: 42, containment: { kind: 'cgroup', reason: 'r' } }).ok).toBe(true);
    expect(checkEvent({ type: 'log', level: 'warn', name: 'x' }).ok).toBe(true);
  });

  it('says what is wrong with a malformed one', () => {
    expect(checkCommand(null)).toEqual({ ok: false, problem: 'not a message object with a type' });
    expect(checkCommand({ type: 'format-disk' })).toEqual({ ok: false, problem: 'unknown type "format-disk"' });
    expect(checkCommand({ type: 'toString' })).toEqual({ ok: false, problem: 'unknown type "toString"' });
    expect(checkCommand({ type: 'resize', cols: -1, rows: 24 })).toEqual({ ok: false, problem: 'resize: bad cols' });
    expect(checkCommand({ type: 'input', data: 7 })).toEqual({ ok: false, problem: 'input: bad data' });
    expect(checkCommand({ type: 'decided', trigger: { kind: 'ctrl-c' }, decision: { action: 'cancel' }, hintRemainingMs: -5 })).toEqual({ ok: false, problem: 'decided: bad hintRemainingMs' });
    expect(checkEvent({ type: 'started', pid: 1.5, containment: {} })).toEqual({ ok: false, problem: 'started: bad pid' });
    expect(checkEvent({ type: 'log', level: 'shout', name: 'x' })).toEqual({ ok: false, problem: 'log: bad level' });
  });
});
