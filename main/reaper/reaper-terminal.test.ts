import { describe, expect, it } from 'vitest';
import type { ProcessInfo } from '../platform/processes/process-table';
import { terminalOwner } from './reaper-terminal';

// The shell (pid 100, its own group) started ripcord (pid 200, group 200) on its terminal.
const shell: ProcessInfo = { pid: 100, ppid: 1, pgrp: 100, sid: 100, tpgid: 200, state: 'S', startTime: 5 };
const host: ProcessInfo = { pid: 200, ppid: 100, pgrp: 200, sid: 100, tpgid: 200, state: 'S', startTime: 9 };

describe('whose terminal the reaper restores after the host died', () => {
  it("ripcord's job still in the foreground, or the shell that started it back at its prompt: ours", () => {
    expect(terminalOwner(host, shell, { ...shell, tpgid: 200 })).toBe('ours');
    expect(terminalOwner(host, shell, { ...shell, tpgid: 100 })).toBe('ours');
  });

  it("a job the shell started since (vim, another ripcord): someone else's, left alone", () => {
    expect(terminalOwner(host, shell, { ...shell, tpgid: 300 })).toBe('another-job');
  });

  it('the shell gone, a zombie, or its pid reused: nobody to ask, left alone', () => {
    expect(terminalOwner(host, shell, undefined)).toBe('parent-gone');
    expect(terminalOwner(host, shell, { ...shell, state: 'Z' })).toBe('parent-gone');
    expect(terminalOwner(host, shell, { ...shell, startTime: 6, tpgid: 100 })).toBe('parent-gone');
  });

  it('started from a script without job control (one group for both): ours while that group holds it', () => {
    const script = { ...shell, pgrp: 200, tpgid: 200 };
    expect(terminalOwner(host, script, script)).toBe('ours');
  });
});
