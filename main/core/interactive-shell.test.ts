import { describe, expect, it } from 'vitest';
import { integrableShell, isInteractiveShell, isInteractiveShellCommandLine } from './interactive-shell';

describe('isInteractiveShell', () => {
  it.each([
    ['/bin/bash', []],
    ['bash', ['--norc', '--noprofile']],
    ['/usr/bin/zsh', ['-l']],
    ['fish', ['-i']],
    ['sh', []],
    ['bash', ['--rcfile', 'my.rc']],
    ['bash', ['-o', 'vi']],
    ['dash', ['-']],
  ])('%s %j sits at its own prompt', (file, args) => {
    expect(isInteractiveShell(file, args)).toBe(true);
  });

  it.each([
    ['sh', ['-c', 'cat > notes']],
    ['bash', ['-lc', 'ls']],
    ['zsh', ['script.zsh']],
    ['fish', ['--command', 'ls']],
    ['cat', []],
    ['python3', []],
    ['/usr/bin/node', []],
    ['bash', ['-', 'arg']],
  ])('%s %j does not', (file, args) => {
    expect(isInteractiveShell(file, args)).toBe(false);
  });
});

describe('isInteractiveShellCommandLine', () => {
  it("judges a process by its argv as it runs now: a login shell's -bash, a shell env exec'd, the integration's own arguments", () => {
    expect(isInteractiveShellCommandLine(['-bash'])).toBe(true);
    expect(isInteractiveShellCommandLine(['bash', '--norc', '-i'])).toBe(true);
    expect(isInteractiveShellCommandLine(['/bin/bash', '--init-file', '/tmp/ripcord-shell-x/ripcord.bash', '-i'])).toBe(true);
    expect(isInteractiveShellCommandLine(['fish', '--init-command', "source '/tmp/x/ripcord.fish'"])).toBe(true);
    expect(isInteractiveShellCommandLine(['env', 'PS1=$ ', 'bash'])).toBe(false);
    expect(isInteractiveShellCommandLine(['npm', 'run', 'dev'])).toBe(false);
    expect(isInteractiveShellCommandLine(['sh', '-c', 'sleep 1000; echo done'])).toBe(false);
    expect(isInteractiveShellCommandLine([])).toBe(false);
  });
});

describe('integrableShell', () => {
  it('takes bash, zsh and fish with no arguments or login/interactive flags only', () => {
    expect(integrableShell('/bin/bash', [])).toBe('bash');
    expect(integrableShell('/usr/bin/zsh', ['-l'])).toBe('zsh');
    expect(integrableShell('fish', ['--login', '-i'])).toBe('fish');
    expect(integrableShell('/bin/bash', ['--norc'])).toBeUndefined();
    expect(integrableShell('/bin/sh', [])).toBeUndefined();
    expect(integrableShell('zsh', ['-c', 'ls'])).toBeUndefined();
  });
});
