import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA } from './config-schema';
import { DEFAULT_CONFIG, THEME_COLOR_KEYS, type ConfigProblem } from './config';
import { validateConfig } from './config-validation';
import { COLOR_FORMS, COLORS_XTERM_DROPS } from './theme-colors.test-support';

const keys = (problems: ConfigProblem[]) => problems.map((p) => p.key);

describe('validateConfig', () => {
  it('a missing file (undefined) and an empty object give the defaults and no problem', () => {
    expect(validateConfig(undefined)).toEqual({ config: DEFAULT_CONFIG, problems: [] });
    expect(validateConfig({})).toEqual({ config: DEFAULT_CONFIG, problems: [] });
  });

  it('defaults are the documented ones', () => {
    expect(DEFAULT_CONFIG).toMatchObject({
      killGraceMs: 2000,
      debounceMs: 200,
      doublePressWindowMs: 1000,
      globalShortcut: 'CommandOrControl+Alt+Q',
      allowClipboardWrite: false,
      exitCommands: ['/exit', '/quit', 'exit', 'quit'],
    });
  });

  it('accepts a complete valid file as written', () => {
    const raw = {
      $schema: './config.schema.json',
      shell: '/bin/bash',
      args: ['-l'],
      cwd: '/tmp',
      env: { EDITOR: 'vim' },
      exitCommands: ['/bye'],
      shellIntegration: false,
      doublePressWindowMs: 1500,
      debounceMs: 100,
      killGraceMs: 5000,
      globalShortcut: 'ctrl+shift+F12',
      fontFamily: 'JetBrains Mono',
      fontSize: 13.5,
      theme: { background: '#1e1e2e', foreground: 'rgb(205, 214, 244)', cursor: 'white' },
      themeMode: 'light',
      minimumContrastRatio: 1,
      scrollback: 50_000,
      copyOnSelect: true,
      screenReaderMode: true,
      allowClipboardWrite: true,
      logLevel: 'debug',
      transcripts: false,
      doubleCtrlC: 'app',
      maxPanes: 8,
      closeEndedPanes: true,
      paceBackgroundPanes: false,
      profiles: { fish: { program: '/usr/bin/fish', args: ['-l'], cwd: '/srv', env: { A: 'b' }, color: 'teal' } },
      defaultProfile: 'fish',
      restoreLayout: true,
      keybindings: { find: 'Ctrl+Alt+F', zoomReset: null },
    };
    const { config, problems } = validateConfig(raw);
    expect(problems).toEqual([]);
    const { $schema: _ignored, ...expected } = raw;
    expect(config).toEqual(expected);
  });

  it('a theme mode other than system, dark or light, and a contrast outside 1–21, fall back', () => {
    const { config, problems } = validateConfig({ themeMode: 'sepia', minimumContrastRatio: 30 });
    expect(config).toEqual(DEFAULT_CONFIG);
    expect(problems).toEqual([
      { key: 'themeMode', message: 'must be one of "system", "dark", "light", got "sepia"' },
      { key: 'minimumContrastRatio', message: 'must be <= 21, got 30' },
    ]);
  });

  it('"off" and null both switch the global shortcut off', () => {
    expect(validateConfig({ globalShortcut: 'off' }).config.globalShortcut).toBeNull();
    expect(validateConfig({ globalShortcut: null })).toEqual({ config: { ...DEFAULT_CONFIG, globalShortcut: null }, problems: [] });
  });

  it('a list with an entry twice names the entries, counting from 1', () => {
    const { config, problems } = validateConfig({ exitCommands: ['/exit', '/exit'] });
    expect(config.exitCommands).toEqual(DEFAULT_CONFIG.exitCommands);
    expect(problems).toEqual([{ key: 'exitCommands', message: 'must not list an entry twice: entries 1 and 2 are both "/exit"' }]);
  });

  it('an env entry for a variable ripcord owns is reported and ignored; the others apply', () => {
    const { config, problems } = validateConfig({ env: { RIPCORD_SESSION: 'x', TERM: 'dumb' } });
    expect(config.env).toEqual({ TERM: 'dumb' });
    expect(problems).toEqual([
      { key: 'env.RIPCORD_SESSION', message: 'is set by ripcord for every session and cannot be changed; this entry is ignored' },
    ]);
  });

  it('an empty exitCommands list is allowed (turns exit commands off)', () => {
    expect(validateConfig({ exitCommands: [] })).toEqual({ config: { ...DEFAULT_CONFIG, exitCommands: [] }, problems: [] });
  });

  it('a wrong type falls back to the default for that key only and names key and problem', () => {
    const { config, problems } = validateConfig({ fontSize: '14', scrollback: 500 });
    expect(config).toEqual({ ...DEFAULT_CONFIG, scrollback: 500 });
    expect(problems).toEqual([{ key: 'fontSize', message: 'must be number, got "14"' }]);
  });

  it.each([
    ['fontSize', 100, 'must be <= 72, got 100'],
    ['fontSize', 2, 'must be >= 6, got 2'],
    ['killGraceMs', 50, 'must be >= 100, got 50'],
    ['killGraceMs', 120_000, 'must be <= 60000, got 120000'],
    ['debounceMs', -1, 'must be >= 0, got -1'],
    ['debounceMs', 1000, 'must be <= 400, got 1000'],
    ['doublePressWindowMs', 100, 'must be >= 500, got 100'],
    ['doublePressWindowMs', 1000.5, 'must be integer, got 1000.5'],
    ['scrollback', -5, 'must be >= 0, got -5'],
  ])('out of range: %s = %j', (key, value, message) => {
    const { config, problems } = validateConfig({ [key]: value });
    expect(problems).toEqual([{ key, message }]);
    expect(config).toEqual(DEFAULT_CONFIG);
  });

  it('an unknown key is a problem, with a hint when only the case differs', () => {
    const { config, problems } = validateConfig({ fontsize: 20, colour: 'red', fontSize: 20 });
    expect(config).toEqual({ ...DEFAULT_CONFIG, fontSize: 20 });
    expect(problems).toEqual([
      { key: 'fontsize', message: 'unknown key (did you mean "fontSize"?)' },
      { key: 'colour', message: 'unknown key' },
    ]);
  });

  // One rule, what xterm's theme takes as it is: before it, "notacolor" passed and "#zzz" did not.
  it('theme colors follow one rule: the forms xterm takes, and nothing it would drop', () => {
    const accepted = [...COLOR_FORMS, 'white', 'lightgoldenrodyellow'];
    const refused = [...COLORS_XTERM_DROPS, '#12345', 'rgb(256, 0, 0)', 'rgb(10%, 0, 0)', 'currentcolor', 'hsl(0, 0%, 0%) x', ''];
    const checked = (value: string) => validateConfig({ theme: { background: value } });
    for (const value of accepted) expect(checked(value).problems, value).toEqual([]);
    for (const value of refused)
      expect(
        checked(value).problems.map((p) => p.key),
        value,
      ).toEqual(['theme.background']);
  });

  it('a bad theme color drops only that color; unknown theme keys are problems', () => {
    const { config, problems } = validateConfig({ theme: { background: '#000', foreground: 'not a color', Cursor: '#fff' } });
    expect(config.theme).toEqual({ background: '#000' });
    expect(problems).toEqual([
      { key: 'theme.Cursor', message: 'unknown key (did you mean "cursor"?)' },
      {
        key: 'theme.foreground',
        message:
          'must be a color: #rgb, #rrggbb (or with alpha, #rgba, #rrggbbaa), rgb(r, g, b) or rgba(r, g, b, a) with r, g, b 0-255, or a CSS color name, got "not a color"',
      },
    ]);
  });

  it('a bad env entry drops only that entry', () => {
    const { config, problems } = validateConfig({ env: { GOOD: '1', BAD: 2 } });
    expect(config.env).toEqual({ GOOD: '1' });
    expect(problems).toEqual([{ key: 'env.BAD', message: 'must be string, got 2' }]);
  });

  it('a bad array element makes the whole list fall back (a half list would change its meaning)', () => {
    const { config, problems } = validateConfig({ args: ['-l', 3] });
    expect(config.args).toEqual(DEFAULT_CONFIG.args);
    expect(problems).toEqual([{ key: 'args.1', message: 'must be string, got 3' }]);
  });

  it('a malformed shortcut gets one readable problem', () => {
    const { config, problems } = validateConfig({ globalShortcut: 'Q' });
    expect(config.globalShortcut).toBe(DEFAULT_CONFIG.globalShortcut);
    expect(problems).toEqual([
      { key: 'globalShortcut', message: 'must be a shortcut like "CommandOrControl+Alt+Q", "off" or null, got "Q"' },
    ]);
  });

  it('an unknown log level lists the allowed ones', () => {
    expect(validateConfig({ logLevel: 'verbose' }).problems).toEqual([
      { key: 'logLevel', message: 'must be one of "debug", "info", "warn", "error", got "verbose"' },
    ]);
  });

  it('reports every problem at once (allErrors) and keeps every good key', () => {
    const { config, problems } = validateConfig({ fontSize: 'x', killGraceMs: 1, copyOnSelect: 'yes', shell: '/bin/zsh', nope: 1 });
    expect(keys(problems).sort()).toEqual(['copyOnSelect', 'fontSize', 'killGraceMs', 'nope']);
    expect(config).toEqual({ ...DEFAULT_CONFIG, shell: '/bin/zsh' });
  });

  it('a file that is not an object gives defaults and one problem', () => {
    for (const raw of [[], 'text', 42, null]) {
      const { config, problems } = validateConfig(raw);
      expect(config).toEqual(DEFAULT_CONFIG);
      expect(problems).toHaveLength(1);
      expect(problems[0]?.message).toMatch(/^must be a JSON object, got /);
    }
  });

  it('cuts long values in messages', () => {
    const [problem] = validateConfig({ shell: 7, fontFamily: 'x'.repeat(500) }).problems.filter((p) => p.key === 'shell');
    expect(problem?.message).toBe('must be string, got 7');
    const long = validateConfig({ fontFamily: 5, cwd: ['a'.repeat(200)] }).problems.find((p) => p.key === 'cwd');
    expect(long?.message.length).toBeLessThan(100);
  });

  it('never shares state with DEFAULT_CONFIG or the input', () => {
    const raw = { env: { A: 'b' } };
    const { config } = validateConfig(raw);
    config.env.C = 'd';
    config.exitCommands.push('bye');
    expect(raw.env).toEqual({ A: 'b' });
    expect(DEFAULT_CONFIG.exitCommands).not.toContain('bye');
    expect(validateConfig({}).config.exitCommands).not.toContain('bye');
  });

  it('the schema describes every key of RipcordConfig and every theme color', () => {
    expect(Object.keys(CONFIG_SCHEMA.properties).sort()).toEqual(
      ['$schema', 'shell', 'cwd', 'defaultProfile', ...Object.keys(DEFAULT_CONFIG)].sort(),
    );
    expect(Object.keys(CONFIG_SCHEMA.properties.theme.properties).sort()).toEqual([...THEME_COLOR_KEYS].sort());
  });
});
