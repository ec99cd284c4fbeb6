// Starting `ripcord run` (the dist/cli.js bundle) in a tmux pane, and cleaning up after it.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type TestInfo } from '@playwright/test';
import { MARKER_VARIABLE, newMarker, processesWithMarker } from './processes';
import { shellQuote, TmuxPane, waitUntil } from './tmux';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
export const FIXTURES = path.join(__dirname, 'fixtures');
/** Short, so the reaper's last stage (SIGKILL) comes soon in the specs. */
export const KILL_GRACE_MS = 800;
/** A shell with a stable prompt and nothing from the user's dotfiles. */
export const BASH = ['bash', '--norc', '--noprofile'];
export const SHELL_ENV = { PS1: '$ ', HISTFILE: '/dev/null', INPUTRC: '/dev/null' };
/** The pane's processes (ripcord, its reaper, the session) may take the grace plus this to go. */
const CLEANUP_SLACK_MS = 5_000;

export function assertBundleBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` before the terminal specs`);
}

/** Options every spec passes: its own log file, no user settings, a short grace. */
export function ripcordRunArgs(testInfo: TestInfo): string[] {
  return [CLI, 'run', '--kill-grace', String(KILL_GRACE_MS), '--log', testInfo.outputPath('ripcord.log')];
}

/**
 * A test's terminal: a tmux pane whose processes all carry the test's marker, so the cleanup
 * can prove (and force) that none of them outlives the test.
 */
export class TerminalFixture {
  readonly marker = newMarker();
  /** more variables for the pane's programs (a test's own runtime or state directory) */
  extraEnv: Record<string, string> = {};
  private panes: TmuxPane[] = [];

  constructor(private readonly testInfo: TestInfo) {}

  get env(): Record<string, string> {
    return {
      ...SHELL_ENV,
      [MARKER_VARIABLE]: this.marker,
      RIPCORD_CONFIG: this.testInfo.outputPath('no-config.json'),
      RIPCORD_LOG: this.testInfo.outputPath('ripcord.log'),
      // transcripts stay with the test
      XDG_STATE_HOME: this.testInfo.outputPath('state'),
      ...this.extraEnv,
    };
  }

  /** `ripcord run [--] command` as the pane's program; `env` is laid over ripcord's environment. */
  async ripcord(command: readonly string[], extraOptions: readonly string[] = [], env: Record<string, string> = {}): Promise<TmuxPane> {
    const assignments = Object.entries(env).map(([key, value]) => `${key}=${value}`);
    const prefix = assignments.length > 0 ? ['env', ...assignments] : [];
    return this.pane([...prefix, process.execPath, ...ripcordRunArgs(this.testInfo), ...extraOptions, '--', ...command]);
  }

  /** An interactive shell (bash unless told) as the pane's program, to start ripcord from as a user does (job control on). */
  async shell(argv: readonly string[] = BASH): Promise<TmuxPane> {
    return this.pane(argv);
  }

  /** `ripcord run` started from a script, as from a shell prompt (see inspect). */
  async ripcordThenInspect(command: readonly string[], options: { stdin?: string } = {}): Promise<TmuxPane> {
    return this.inspect([process.execPath, ...ripcordRunArgs(this.testInfo), '--', ...command], options);
  }

  /**
   * Runs `program` from a script, as from a shell prompt: afterwards the script reports the
   * exit code and whether the tty settings are exactly those from before, then hands the
   * terminal to `cat -v`, which shows any bytes a still-active mode would send.
   */
  async inspect(program: readonly string[], options: { stdin?: string } = {}): Promise<TmuxPane> {
    const input = options.stdin === undefined ? '' : ` < ${shellQuote(options.stdin)}`;
    const script = [
      'before=$(stty -g)',
      `"$@"${input}`,
      'code=$?',
      '[ "$(stty -g)" = "$before" ] && echo tty-unchanged',
      'echo "ripcord exited $code"',
      'exec cat -v',
    ].join('\n');
    return this.pane(['sh', '-c', script, 'sh', ...program]);
  }

  async cleanup(): Promise<void> {
    for (const pane of this.panes) await pane.kill();
    this.panes = [];
    const leftovers = await waitUntil(
      "the test's processes to end",
      async () => ((await processesWithMarker(this.marker)).length === 0 ? [] : undefined),
      KILL_GRACE_MS + CLEANUP_SLACK_MS,
    ).catch(async () => processesWithMarker(this.marker));
    for (const pid of leftovers) killQuietly(pid);
    expect(leftovers, 'processes of the test still alive after the tmux server was killed').toEqual([]);
  }

  /** Any program as the pane's program (a ripcord started as another user). */
  async program(argv: readonly string[]): Promise<TmuxPane> {
    return this.pane(argv);
  }

  private async pane(argv: readonly string[]): Promise<TmuxPane> {
    const pane = await TmuxPane.start(argv, this.env, this.testInfo.outputPath(`exit-status-${this.panes.length}`));
    this.panes.push(pane);
    return pane;
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Cleans up every one of `terms` — each pane's tmux server killed, each checked for leftovers —
 * even after one of them found leftovers; then throws the first such failure.
 */
export async function cleanupAll(terms: readonly TerminalFixture[]): Promise<void> {
  const failures: unknown[] = [];
  for (const each of terms) await each.cleanup().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
}

/** `term`: the test's terminal fixture, cleaned up (and checked for leftovers) after each test. */
export const test = base.extend<{ term: TerminalFixture }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  term: async ({}, use, testInfo) => {
    assertBundleBuilt();
    // no settings: an empty one (a missing file ripcord was pointed at is a warning on the screen)
    await writeFile(testInfo.outputPath('no-config.json'), '{}');
    const term = new TerminalFixture(testInfo);
    try {
      await use(term);
    } finally {
      await term.cleanup();
    }
  },
});
export { expect };
