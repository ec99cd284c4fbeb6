import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type RipcordConfig } from './config';
import { validateEditedConfig } from './config-edit';

const inUse: RipcordConfig = {
  ...DEFAULT_CONFIG,
  shell: '/bin/zsh',
  fontSize: 18,
  theme: { background: '#000000', foreground: '#ffffff' },
  env: { EDITOR: 'vim', PAGER: 'less' },
};

describe('validateEditedConfig', () => {
  it('takes a valid edit as it is, defaults for the keys it leaves out', () => {
    const { config, problems } = validateEditedConfig(inUse, { fontSize: 20 });
    expect(problems).toEqual([]);
    expect(config).toEqual({ ...DEFAULT_CONFIG, fontSize: 20 });
  });

  it('a key with a problem keeps the value in use, not its default', () => {
    const { config, problems } = validateEditedConfig(inUse, { fontSize: 1000, shell: '', scrollback: 5 });
    expect(problems.map((p) => p.key).sort()).toEqual(['fontSize', 'shell']);
    expect(config).toMatchObject({ fontSize: 18, shell: '/bin/zsh', scrollback: 5 });
  });

  it('a bad theme colour or env entry keeps its own value in use; the other entries apply', () => {
    const { config } = validateEditedConfig(inUse, {
      theme: { background: 'no colour!', cursor: '#ff0000' },
      env: { EDITOR: 42, LANG: 'C' },
    });
    expect(config.theme).toEqual({ background: '#000000', cursor: '#ff0000' });
    expect(config.env).toEqual({ EDITOR: 'vim', LANG: 'C' });
  });

  it('a key that was unset stays unset when its edit is bad; an unknown key changes nothing', () => {
    const { config, problems } = validateEditedConfig({ ...DEFAULT_CONFIG }, { cwd: '', fontsize: 30, env: { RIPCORD: 'x' } });
    expect(problems.map((p) => p.key).sort()).toEqual(['cwd', 'env.RIPCORD', 'fontsize']);
    expect(config).toEqual(DEFAULT_CONFIG);
    expect('cwd' in config).toBe(false);
  });

  it('a file that is not an object keeps every value in use', () => {
    expect(validateEditedConfig(inUse, [1, 2])).toEqual({
      config: inUse,
      problems: [{ key: '(file)', message: expect.stringContaining('must be a JSON object') }],
    });
  });
});
