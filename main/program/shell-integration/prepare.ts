// Injecting shell integration (docs/shell-integration.md) the way VS Code does: the user's
// dotfiles are never touched. Each session gets a private directory (0700) holding the scripts
// and a 0600 file with its secret and exit commands; the shell reads and deletes that file
// at start-up and keeps the secret in an unexported variable, out of every child's reach. The
// files are made at once, synchronously: once per process, at its start, which waits for them
// (through the thread pool: two rounds of a few trips, each waiting for the main loop).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Disposable } from '../../core/disposable';
import { integrableShell, isInteractiveShell, isLoginArg, type IntegrableShell } from '../../core/interactive-shell';
import { randomBytesNow } from '../../platform/files/kernel-reads';

/** Bytes of randomness in a session's secret (hex-encoded in the file and the request). */
const SECRET_BYTES = 32;
/** Name of the session file in the directory; the scripts know it. */
export const SECRET_FILE = 'secret';
/** Where fish finds vendor functions and conf.d snippets under a directory of XDG_DATA_DIRS. */
const FISH_VENDOR_FUNCTIONS = 'fish/vendor_functions.d';
const FISH_VENDOR_CONF = 'fish/vendor_conf.d';

/**
 * The scripts ship beside the bundle (dist/shell-integration/, copied by build/bundle.mjs);
 * run from source (tests) they are in ./scripts. Read with Node's fs, which also reads them
 * inside a packaged app's asar, and copied out for the shell.
 */
const SCRIPT_DIRS = [path.join(__dirname, 'shell-integration'), path.join(__dirname, 'scripts')];

/** Script files per shell: the name in the shipped folder → the name the shell reads. */
const SCRIPTS: Record<IntegrableShell, Record<string, string>> = {
  bash: { 'ripcord.bash': 'ripcord.bash' },
  zsh: { zshenv: '.zshenv', zprofile: '.zprofile', zshrc: '.zshrc', 'ripcord.zsh': 'ripcord.zsh' },
  fish: {
    'ripcord.fish': 'ripcord.fish',
    'ripcord-secret.fish': 'ripcord-secret.fish',
    'fish-set-locale.fish': path.join(FISH_VENDOR_FUNCTIONS, '__fish_set_locale.fish'),
    'fish-vendor-conf.fish': path.join(FISH_VENDOR_CONF, 'ripcord-secret.fish'),
  },
};
/** XDG's default when XDG_DATA_DIRS is unset; fish looks there for vendor files too. */
const XDG_DATA_DIRS_DEFAULT = '/usr/local/share:/usr/share';

export interface ShellProgram {
  file: string;
  args: string[];
  env: Record<string, string>;
}

export interface PreparedProgram {
  /** what to spawn: the configured program, with integration added when it applies */
  program: ShellProgram;
  /** present when integration was injected */
  integration: ShellIntegration | undefined;
  /** the root is a shell at its own prompt (no -c, no script): keystroke exit commands apply without integration */
  interactiveShell: boolean;
  /** why integration could not be injected (it was wanted) */
  problem?: string;
}

/** One session's injected integration: its secret, and the directory to remove at the end. */
export class ShellIntegration implements Disposable {
  constructor(
    readonly shell: IntegrableShell,
    readonly secret: string,
    readonly dir: string,
  ) {}

  private removed = false;

  /** Removes the directory once; called at the first prompt and again at the session's end. */
  dispose(): void {
    if (this.removed) return;
    this.removed = true;
    rm(this.dir, { recursive: true, force: true }).catch(() => {
      // a leftover directory in the temp dir holds scripts only: the shell deleted the secret
    });
  }
}

export interface PrepareOptions {
  enabled: boolean;
  exitCommands: readonly string[];
  /** for tests: where the per-session directory goes (default: the OS temp dir) */
  tempDir?: string;
}

/**
 * `file` undefined means the default program, as spawnSession picks it ($SHELL, else /bin/sh).
 * Integration applies to bash, zsh and fish started with no arguments but login/interactive
 * flags; anything else is spawned exactly as configured.
 */
export function prepareShellIntegration(
  configured: { file: string | undefined; args: string[]; env: Record<string, string> },
  options: PrepareOptions,
): PreparedProgram {
  const file = configured.file || process.env.SHELL || '/bin/sh';
  const asConfigured: ShellProgram = { file, args: configured.args, env: configured.env };
  const interactiveShell = isInteractiveShell(file, configured.args);
  const shell = integrableShell(file, configured.args);
  if (!options.enabled || !shell) return { program: asConfigured, integration: undefined, interactiveShell };
  let dir: string | undefined;
  try {
    const scripts = readScripts(shell);
    dir = mkdtempSync(path.join(options.tempDir ?? os.tmpdir(), 'ripcord-shell-'));
    const secret = randomBytesNow(SECRET_BYTES).toString('hex');
    const commands = options.exitCommands.map((c) => c.trim()).filter((c) => c !== '' && !/[\r\n]/.test(c));
    writeFileSync(path.join(dir, SECRET_FILE), [secret, ...commands].join('\n') + '\n', { mode: 0o600, flag: 'wx' });
    for (const [to, text] of scripts) {
      if (path.dirname(to) !== '.') mkdirSync(path.join(dir, path.dirname(to)), { recursive: true, mode: 0o700 });
      writeFileSync(path.join(dir, to), text, { mode: 0o600 });
    }
    const program = injected(shell, asConfigured, dir);
    return { program, integration: new ShellIntegration(shell, secret, dir), interactiveShell };
  } catch (error) {
    if (dir) void rm(dir, { recursive: true, force: true }).catch(() => {});
    const problem = `shell integration is off for this session: ${error instanceof Error ? error.message : String(error)}`;
    return { program: asConfigured, integration: undefined, interactiveShell, problem };
  }
}

function injected(shell: IntegrableShell, program: ShellProgram, dir: string): ShellProgram {
  const login = program.args.some(isLoginArg);
  if (shell === 'bash') {
    // bash ignores --init-file in a login shell: the script reads the login files itself.
    const args = ['--init-file', path.join(dir, 'ripcord.bash'), '-i'];
    return { file: program.file, args, env: login ? { ...program.env, RIPCORD_BASH_LOGIN: '1' } : program.env };
  }
  if (shell === 'zsh') {
    const userZdotdir = program.env.ZDOTDIR ?? process.env.ZDOTDIR;
    const env: Record<string, string> = { ...program.env, ZDOTDIR: dir };
    if (userZdotdir !== undefined) env.RIPCORD_USER_ZDOTDIR = userZdotdir;
    return { file: program.file, args: program.args, env };
  }
  // fish reads the secret from ripcord's vendor files before the user's configuration
  // (ripcord-secret.fish), and installs the hooks after it (--init-command)
  const userDataDirs = program.env.XDG_DATA_DIRS ?? process.env.XDG_DATA_DIRS;
  const env: Record<string, string> = { ...program.env, XDG_DATA_DIRS: `${dir}:${userDataDirs ?? XDG_DATA_DIRS_DEFAULT}` };
  if (userDataDirs !== undefined) env.RIPCORD_XDG_DATA_DIRS = userDataDirs;
  return { file: program.file, args: [...program.args, '--init-command', `source ${fishQuote(path.join(dir, 'ripcord.fish'))}`], env };
}

function fishQuote(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

/** The shell's scripts as [name the shell reads, content], from the first place that has them. */
function readScripts(shell: IntegrableShell): [string, Buffer][] {
  for (const dir of SCRIPT_DIRS) {
    try {
      return Object.entries(SCRIPTS[shell]).map(([from, to]): [string, Buffer] => [to, readFileSync(path.join(dir, from))]);
    } catch {
      // try the next place
    }
  }
  throw new Error(`the integration scripts are missing (looked in ${SCRIPT_DIRS.join(', ')})`);
}
