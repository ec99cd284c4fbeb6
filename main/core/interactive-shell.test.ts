import { describe, expect, it } from 'vitest';
import { integrableShell, isInteractiveShell } from './interactive-shell';

describe('isInteractiveShell', () => {
  it.each([
    ['/bin/bash', []], ['bash', ['--norc', '--noprofile']], ['/usr/bin/zsh', ['-l']], ['fish', ['-i']], ['sh', []],
    ['bash', ['--rcfile', 'my.rc']], ['bash', ['-o', 'vi']], ['dash', ['-']],
  ])('%s %j sits at its own prompt', (file, args) => {
    expect(isInteractiveShell(file, args)).toBe(true);
  });

  it.each([
    ['sh', ['-c', 'cat > notes']], ['bash', ['-lc', 'ls']], ['zsh', ['script.zsh']], ['fish', ['--command', 'ls']],
    ['cat', []], ['python3', []], ['/usr/bin/node', []], ['bash', ['-', 'arg']],
  ])('%s %j does not', (file, args) => {
    expect(isInteractiveShell(file, args)).toBe(false);
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
