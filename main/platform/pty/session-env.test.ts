import { describe, expect, it } from 'vitest';
import { DESKTOP_TERMINAL_ENV, newSessionId, sessionEnvironment, withoutNpmLauncher } from './session-env';
import { environHasSession } from '../../../contracts/reaper-pipe';

// What `npx ripcord` (npm 11.19) added to a shell's environment, as measured with `npm exec -c env`.
const SHELL_PATH = '/usr/local/bin:/usr/bin:/bin';
const USER_ENV = { HOME: '/home/u', PATH: SHELL_PATH, TERM: 'tmux-256color', npm_config_registry: 'https://example.invalid/' };
const NPX_ADDED = {
  npm_command: 'exec',
  npm_lifecycle_event: 'npx',
  npm_lifecycle_script: 'ripcord',
  npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
  npm_node_execpath: '/usr/bin/node',
  npm_package_json: '/home/u/proj/package.json',
  npm_package_name: 'proj',
  npm_package_version: '1.0.0',
  npm_package_bin_ripcord: 'bin/ripcord.js',
  npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
  INIT_CWD: '/home/u/proj',
  NODE: '/usr/bin/node',
  EDITOR: 'vi',
  COLOR: '0',
  PATH: [
    '/home/u/proj/node_modules/.bin',
    '/home/u/node_modules/.bin',
    '/home/node_modules/.bin',
    '/node_modules/.bin',
    '/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin',
    SHELL_PATH,
  ].join(':'),
};

describe('withoutNpmLauncher', () => {
  it("removes what npx added for its run, keeping the user's variables and every npm_config_*", () => {
    expect(withoutNpmLauncher({ ...USER_ENV, ...NPX_ADDED })).toEqual({
      ...USER_ENV,
      npm_config_user_agent: NPX_ADDED.npm_config_user_agent,
      EDITOR: 'vi',
      COLOR: '0',
    });
  });

  it('keeps node_modules/.bin entries the user put in PATH after their own entries', () => {
    const userPath = `/usr/bin:/home/u/proj/node_modules/.bin`;
    expect(withoutNpmLauncher({ ...NPX_ADDED, PATH: `/x/node_modules/.bin:${userPath}` }).PATH).toBe(userPath);
  });

  it('keeps NODE when it is not the node npm ran with', () => {
    expect(withoutNpmLauncher({ ...NPX_ADDED, NODE: '/opt/node22/bin/node' }).NODE).toBe('/opt/node22/bin/node');
  });

  it('touches nothing without a launcher, even a PATH that starts with node_modules/.bin', () => {
    const env = { ...USER_ENV, PATH: `/p/node_modules/.bin:${SHELL_PATH}`, INIT_CWD: '/p', npm_package_name: 'mine' };
    expect(withoutNpmLauncher(env)).toEqual(env);
  });
});

describe('sessionEnvironment', () => {
  const sessionId = '42-1';

  it("ripcord run: the outer TERM/COLORTERM pass through; the settings' env goes on top; the session is marked", () => {
    const env = sessionEnvironment({
      base: { ...USER_ENV, COLORTERM: 'truecolor' },
      terminal: 'inherit',
      settings: { FOO: 'bar' },
      sessionId,
    });
    expect(env).toEqual({ ...USER_ENV, COLORTERM: 'truecolor', FOO: 'bar', RIPCORD: '1', RIPCORD_SESSION: sessionId });
  });

  it("the desktop sets its own terminal's variables, which the settings may still replace", () => {
    expect(sessionEnvironment({ base: USER_ENV, terminal: DESKTOP_TERMINAL_ENV, sessionId })).toMatchObject({
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
    });
    expect(sessionEnvironment({ base: USER_ENV, terminal: DESKTOP_TERMINAL_ENV, settings: { TERM: 'dumb' }, sessionId }).TERM).toBe('dumb');
  });

  it("ripcord's own keys win over the settings and over an outer ripcord's", () => {
    const env = sessionEnvironment({
      base: { ...USER_ENV, RIPCORD: 'outer', RIPCORD_SESSION: '7-1' },
      terminal: 'inherit',
      settings: { RIPCORD: '0', RIPCORD_SESSION: 'mine' },
      sessionId,
    });
    expect(env).toMatchObject({ RIPCORD: '1', RIPCORD_SESSION: sessionId });
  });

  it('names the sessions it starts inside, nearest first, in RIPCORD_OUTER_SESSIONS; the settings cannot set it', () => {
    const outer = '7-1-0123456789abcdef';
    const outermost = '5-2-fedcba9876543210';
    const nested = sessionEnvironment({
      base: { ...USER_ENV, RIPCORD_SESSION: outer, RIPCORD_OUTER_SESSIONS: `${outermost}:not an id` },
      terminal: 'inherit',
      settings: { RIPCORD_OUTER_SESSIONS: '' },
      sessionId,
    });
    expect(nested).toMatchObject({ RIPCORD_SESSION: sessionId, RIPCORD_OUTER_SESSIONS: `${outer}:${outermost}` });
    expect(environHasSession(`A=1\0RIPCORD_SESSION=${sessionId}\0RIPCORD_OUTER_SESSIONS=${outer}:${outermost}\0`, outermost)).toBe(true);
    expect(environHasSession(`RIPCORD_OUTER_SESSIONS=${outer}\0`, outer.slice(0, -1))).toBe(false);
    expect(environHasSession(`X=RIPCORD_SESSION=${outer}\0`, outer)).toBe(false);
    expect(sessionEnvironment({ base: USER_ENV, terminal: 'inherit', sessionId })).not.toHaveProperty('RIPCORD_OUTER_SESSIONS');
  });

  it('drops variables that are declared but unset', () => {
    expect(sessionEnvironment({ base: { ...USER_ENV, GONE: undefined }, terminal: 'inherit', sessionId })).not.toHaveProperty('GONE');
  });
});

describe('newSessionId', () => {
  it("is this process's pid, a count, and 64 random bits: no two are alike, even once pids recycle", () => {
    const first = newSessionId();
    const second = newSessionId();
    expect(first).toMatch(new RegExp(`^${process.pid}-\\d+-[0-9a-f]{16}$`));
    expect(Number(second.split('-')[1])).toBe(Number(first.split('-')[1]) + 1);
    expect(second.split('-')[2]).not.toBe(first.split('-')[2]);
  });
});
