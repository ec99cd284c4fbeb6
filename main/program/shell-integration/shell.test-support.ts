// Real shells in real ptys behind a GuardedSession (deciding through the SessionExits a lifecycle
// would give it), each with a home directory of its own (its dotfiles are the test's), for the
// shell-integration tests. The only stand-in is the host's last step: exit(code) records the code
// instead of ending the test runner.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CONFIG, type RipcordConfig } from '../../core/config';
import { GuardedSession } from '../guarded-session';
import { testProgramOptions } from '../guarded-session.test-support';
import { MainDecisions } from '../../decisions/program-decisions';
import { SessionExits } from '../../decisions/session-exits';
import { openLog, type Logger } from '../../platform/log/log';
import { ReaperClient } from '../../platform/reaper-client/reaper-client';
import { bundleReaper, stopSessions, type SessionUnderTest } from '../../platform/processes/processes.test-support';

export type ShellName = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly ShellName[] = ['bash', 'zsh', 'fish'];
export const SHELL_PATHS: Record<ShellName, string> = { bash: '/bin/bash', zsh: '/usr/bin/zsh', fish: '/usr/bin/fish' };
/** OSC 133 B: the end of a prompt, as the integration prints it. */
export const PROMPT_END = '\x1b]133;B';
/** Deadline for one awaited step on a busy 2-core machine; never an assertion about speed. */
const STEP_TIMEOUT_MS = 20_000;

export interface ShellHarness {
  guarded: GuardedSession;
  exits: number[];
  home: string;
  output: () => string;
  type: (text: string) => void;
  waitFor: (predicate: () => boolean, what: string) => Promise<void>;
  /** waits for a prompt after the `before`-th one (default: the next after now) */
  nextPrompt: (before?: number) => Promise<void>;
  prompts: () => number;
}

export class ShellSessions {
  private dir = '';
  private reaperScript = '';
  private log: Logger | undefined;
  private readonly started: SessionUnderTest[] = [];

  async setUp(): Promise<void> {
    this.dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-shells-'));
    this.reaperScript = await bundleReaper(this.dir);
    this.log = openLog({ file: path.join(this.dir, 'ripcord.log') });
  }

  stopAll(): Promise<void> {
    return stopSessions(this.started.splice(0));
  }

  async tearDown(): Promise<void> {
    await this.stopAll();
    await rm(this.dir, { recursive: true, force: true });
  }

  /** A fresh home holding `files` (path relative to the home → content). */
  async home(files: Record<string, string> = {}): Promise<string> {
    const home = await mkdtemp(path.join(this.dir, 'home-'));
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(home, name)), { recursive: true });
      await writeFile(path.join(home, name), content);
    }
    return home;
  }

  async start(
    shell: ShellName,
    options: { home?: string; args?: string[]; config?: Partial<RipcordConfig>; waitForPrompt?: boolean } = {},
  ): Promise<ShellHarness> {
    const home = options.home ?? (await this.home(QUIET_DOTFILES));
    const config: RipcordConfig = {
      ...DEFAULT_CONFIG,
      shell: SHELL_PATHS[shell],
      args: options.args ?? [],
      cwd: home,
      env: {
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, '.config'),
        XDG_DATA_HOME: path.join(home, '.local/share'),
        ZDOTDIR: '',
        HISTFILE: '',
      },
      killGraceMs: 500,
      ...options.config,
    };
    // ZDOTDIR and HISTFILE from the test runner's own environment must not reach the shell.
    config.env = Object.fromEntries(Object.entries(config.env).filter(([, value]) => value !== ''));
    const reaper = ReaperClient.start({ killGraceMs: config.killGraceMs, script: this.reaperScript });
    const exits: number[] = [];
    const log = this.log as Logger;
    const decisions = new MainDecisions(
      new SessionExits({ config, log, reaper, host: { restore: () => {}, exit: (code) => exits.push(code) } }),
      log,
    );
    const result = await GuardedSession.start(testProgramOptions(config, log, reaper, decisions, { cols: 100, rows: 30 }));
    if (!result.ok) throw new Error(result.error);
    const guarded = result.value;
    decisions.attach(guarded);
    this.started.push({ session: guarded, reaper });
    let text = '';
    guarded.onOutput((data) => {
      text += data;
      guarded.ack(data.length);
    });
    guarded.run();
    const waitFor = async (predicate: () => boolean, what: string): Promise<void> => {
      const deadline = performance.now() + STEP_TIMEOUT_MS;
      while (!predicate() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (!predicate()) throw new Error(`gave up waiting for ${what}; output so far: ${JSON.stringify(text.slice(-600))}`);
    };
    const prompts = (): number => text.split(PROMPT_END).length - 1;
    const nextPrompt = async (before = prompts()): Promise<void> => waitFor(() => prompts() > before, 'the next prompt');
    const harness: ShellHarness = { guarded, exits, home, output: () => text, type: (t) => guarded.input(t), waitFor, nextPrompt, prompts };
    if (options.waitForPrompt !== false) await nextPrompt(0);
    return harness;
  }
}

/** Dotfiles that keep each shell quiet and plain (no greeting, no first-run wizard). */
export const QUIET_DOTFILES: Record<string, string> = {
  '.bashrc': "PS1='bash$ '\n",
  '.zshrc': "PS1='zsh$ '\n",
  '.config/fish/config.fish': 'set -g fish_greeting\nfunction fish_prompt; echo -n "fish> "; end\n',
};

/** Presses the keys one at a time, as typing does. */
export function typeKeys(h: ShellHarness, keys: string): void {
  for (const key of keys) h.type(key);
}
