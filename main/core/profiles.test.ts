import { describe, expect, it } from 'vitest';
import { validateConfig } from './config-validation';
import { validateEditedConfig } from './config-edit';
import { withProfile } from './profiles';

describe('profiles in the settings', () => {
  it('a bad profile falls back alone, the others apply; a defaultProfile naming none is a problem and the shell setting is used', () => {
    const { config, problems } = validateConfig({
      profiles: {
        good: { program: '/bin/zsh' },
        noProgram: { args: [] },
        typo: { program: '/bin/sh', colour: 'red' },
        '\u0007bell': { program: '/bin/sh' },
      },
      defaultProfile: 'nothing',
    });
    expect(Object.keys(config.profiles)).toEqual(['good']);
    expect(config.defaultProfile).toBeUndefined();
    expect(problems.map((p) => p.key)).toEqual(['profiles.noProgram', 'profiles.typo.colour', 'profiles.\u0007bell', 'defaultProfile']);
    expect(problems.find((p) => p.key === 'defaultProfile')?.message).toContain('the `shell` setting is used');
  });

  it('an edit that breaks one profile keeps that profile as it was', () => {
    const previous = validateConfig({ profiles: { a: { program: '/bin/a' }, b: { program: '/bin/b' } } }).config;
    const { config } = validateEditedConfig(previous, { profiles: { a: { program: '' }, b: { program: '/bin/b2' } } });
    expect(config.profiles).toEqual({ a: { program: '/bin/a' }, b: { program: '/bin/b2' } });
  });

  it("a profile replaces shell, args and cwd and lays its env over env; without a cwd the settings' cwd is not its", () => {
    const settings = { shell: '/bin/bash', args: ['-l'], cwd: '/home', env: { A: '1', B: '2' } };
    expect(withProfile(settings, { program: '/bin/fish', cwd: '/srv', env: { B: 'x' } })).toEqual({
      shell: '/bin/fish',
      args: [],
      cwd: '/srv',
      env: { A: '1', B: 'x' },
    });
    expect(withProfile(settings, { program: '/bin/fish' })).toEqual({ shell: '/bin/fish', args: [], env: { A: '1', B: '2' } });
    expect(withProfile(settings, undefined)).toBe(settings);
  });
});
