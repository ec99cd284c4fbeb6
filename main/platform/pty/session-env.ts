// The environment a session's program starts with (docs/usage-run.md, "Environment").
import { RIPCORD_OWNED_ENV_KEYS } from '../../core/session-env-keys';
import { withoutDesktopLaunch } from './launch-env';
import { randomBytesNow } from '../files/kernel-reads';
import { OUTER_SESSIONS_ENV, SESSION_ID_ENV } from '../../../contracts/reaper-pipe';

/** Outer sessions a nested session names at most (nearest first): deeper nesting is not a use, and the variable stays short. */
const MAX_OUTER_SESSIONS = 8;
const SESSION_ID = /^\d+-\d+-[0-9a-f]{16}$/;

/** The desktop app's own terminal (xterm.js): what its programs may assume. */
export const DESKTOP_TERMINAL_ENV: Readonly<Record<string, string>> = { TERM: 'xterm-256color', COLORTERM: 'truecolor' };

export interface SessionEnvOptions {
  /** the host's environment */
  base: NodeJS.ProcessEnv;
  /**
   * 'inherit': the program writes straight to the terminal ripcord runs in (`ripcord run`), so
   * TERM/COLORTERM stay as they are; otherwise the variables of the terminal ripcord draws.
   */
  terminal: 'inherit' | Readonly<Record<string, string>>;
  /** the settings' `env`, laid over everything but ripcord's own keys */
  settings?: Readonly<Record<string, string>>;
  sessionId: string;
}

export function sessionEnvironment(options: SessionEnvOptions): Record<string, string> {
  const env = withoutNpmLauncher(withoutDesktopLaunch(definedOnly(options.base)));
  if (options.terminal !== 'inherit') Object.assign(env, options.terminal);
  for (const [key, value] of Object.entries(options.settings ?? {})) {
    if (!RIPCORD_OWNED_ENV_KEYS.includes(key)) env[key] = value;
  }
  const outer = outerSessions(env);
  if (outer.length > 0) env[OUTER_SESSIONS_ENV] = outer.join(':');
  else delete env[OUTER_SESSIONS_ENV];
  env.RIPCORD = '1';
  env[SESSION_ID_ENV] = options.sessionId;
  return env;
}

/** The sessions this one starts inside (DESIGN §4): the inherited session, then its outer ones; only well-formed ids. */
function outerSessions(inherited: Readonly<Record<string, string>>): string[] {
  const chain = [inherited[SESSION_ID_ENV] ?? '', ...(inherited[OUTER_SESSIONS_ENV] ?? '').split(':')];
  return [...new Set(chain.filter((id) => SESSION_ID.test(id)))].slice(0, MAX_OUTER_SESSIONS);
}

let sessionsStarted = 0;

/** Random bytes in a session's id: pids recycle, so `<pid>-<n>` alone repeats across boots and pid wraps. */
const SESSION_ID_RANDOM_BYTES = 8;

/**
 * `<pid of the ripcord process>-<n>-<16 hex digits>`, n counting that process's sessions from 1:
 * it names the process that owns the session (`ripcord ps`), and the random part makes it unique
 * for good, so the sweep for one session's tag (DESIGN §4) never matches another's.
 */
export function newSessionId(): string {
  sessionsStarted += 1;
  return `${process.pid}-${sessionsStarted}-${randomBytesNow(SESSION_ID_RANDOM_BYTES).toString('hex')}`;
}

/** Set by npm for a script or `npm exec`/`npx` it runs; all of them describe that one run. */
const NPM_RUN_KEYS = ['npm_command', 'npm_lifecycle_event', 'npm_lifecycle_script', 'npm_execpath', 'npm_node_execpath', 'INIT_CWD'];
const NPM_RUN_PREFIXES = ['npm_package_'];
/** What @npmcli/run-script prepends to PATH: each ancestor's node_modules/.bin, then its node-gyp shim. */
const NPM_PATH_ENTRY = /(^|\/)node_modules\/\.bin\/?$|\/@npmcli\/run-script\/lib\/node-gyp-bin\/?$/;

/**
 * Removes what an npm launcher (`npx ripcord`, `npm start`) added for its one run, so the session
 * looks as if started from the shell: the run's npm_* variables, INIT_CWD, NODE when npm set it,
 * and the node_modules/.bin entries it put in front of PATH. Kept: npm_config_* (the user's own
 * settings look the same), and EDITOR and COLOR (npm sets them, but they may be the user's).
 * Without a launcher (npm_lifecycle_event and npm_execpath both set) nothing is touched.
 */
export function withoutNpmLauncher(env: Record<string, string>): Record<string, string> {
  if (env.npm_lifecycle_event === undefined || env.npm_execpath === undefined) return { ...env };
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (NPM_RUN_KEYS.includes(key) || NPM_RUN_PREFIXES.some((prefix) => key.startsWith(prefix))) continue;
    if (key === 'NODE' && value === env.npm_node_execpath) continue;
    out[key] = value;
  }
  if (env.PATH !== undefined) out.PATH = withoutLeadingNpmEntries(env.PATH);
  return out;
}

function withoutLeadingNpmEntries(searchPath: string): string {
  const entries = searchPath.split(':');
  let first = 0;
  while (first < entries.length && NPM_PATH_ENTRY.test(entries[first] ?? '')) first++;
  return entries.slice(first).join(':');
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
