import { describe, expect, it } from 'vitest';
import { parseRunArgs } from './run-options';

function options(args: string[]) {
  const result = parseRunArgs(args);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function error(args: string[]): string {
  const result = parseRunArgs(args);
  if (result.ok) throw new Error(`expected an error for ${JSON.stringify(args)}`);
  return result.error;
}

describe('parseRunArgs', () => {
  it('runs the configured shell when no command is given', () => {
    expect(options([])).toEqual({ help: false, version: false });
  });

  it('takes the command after --, untouched, even when it looks like options', () => {
    expect(options(['--cwd', '/tmp', '--', 'ls', '--cwd', '-la']).command).toEqual({ file: 'ls', args: ['--cwd', '-la'] });
  });

  it('ends its own options at the first positional, so a command needs no --', () => {
    const parsed = options(['--kill-grace', '800', 'bash', '-c', 'echo hi']);
    expect(parsed.killGraceMs).toBe(800);
    expect(parsed.command).toEqual({ file: 'bash', args: ['-c', 'echo hi'] });
  });

  it('reads every option, in both spellings of a value', () => {
    expect(options(['--cwd=/srv', '--config', 'c.json', '--log=l.log', '--kill-grace=2500'])).toEqual({
      help: false,
      version: false,
      cwd: '/srv',
      configFile: 'c.json',
      logFile: 'l.log',
      killGraceMs: 2500,
    });
    expect(options(['-h']).help).toBe(true);
    expect(options(['--version']).version).toBe(true);
  });

  it('rejects an unknown option before the command with its name', () => {
    expect(error(['--bogus', 'ls'])).toContain("'--bogus'");
    expect(error(['-x', '--', 'ls'])).toContain("'-x'");
  });

  it('rejects an option without its value', () => {
    expect(error(['--cwd'])).toContain('--cwd');
  });

  it('rejects a grace that is not a whole number of milliseconds', () => {
    for (const bad of ['', '1.5', '-3', '2s', '1e3']) expect(error([`--kill-grace=${bad}`])).toContain('--kill-grace');
  });
});
