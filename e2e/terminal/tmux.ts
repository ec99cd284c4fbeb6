// A real terminal for the terminal host's specs: one private tmux server per test.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import { childrenOf } from './processes';

const run = promisify(execFile);

/** Polling interval of every wait; the waits themselves are bounded by their timeout. */
const POLL_MS = 25;
export const DEFAULT_WAIT_MS = 20_000;

export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = DEFAULT_WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
    }
    await sleep(POLL_MS);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * One tmux server with one 100x30 pane running `argv` under a small sh that records the
 * program's exit status in a file. tmux's own #{pane_dead_status} is not used: tmux 3.3a now
 * and then leaves the exited program a zombie and never learns its status.
 */
export class TmuxPane {
  private control: ChildProcess | undefined;

  private constructor(
    private readonly socket: string,
    private readonly statusFile: string,
  ) {}

  static async start(argv: readonly string[], env: Record<string, string>, statusFile: string): Promise<TmuxPane> {
    const pane = new TmuxPane(`ripcord-test-${randomBytes(6).toString('hex')}`, statusFile);
    const assignments = Object.entries(env).map(([key, value]) => shellQuote(`${key}=${value}`));
    const recorder = `"$@"; echo $? > ${shellQuote(statusFile)}`;
    const command = ['exec', 'env', ...assignments, 'sh', '-c', shellQuote(recorder), 'sh', ...argv.map(shellQuote)].join(' ');
    // One tmux invocation: remain-on-exit is set before the pane can die.
    await pane.tmux(
      'start-server',
      ';',
      'set-option',
      '-g',
      'remain-on-exit',
      'on',
      ';',
      'new-session',
      '-d',
      '-x',
      '100',
      '-y',
      '30',
      command,
    );
    return pane;
  }

  async tmux(...args: string[]): Promise<string> {
    const { stdout } = await run('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
    return stdout;
  }

  /** tmux key names (`C-c`, `Enter`); several in one call reach the pane in one write. */
  async keys(...keys: string[]): Promise<void> {
    await this.tmux('send-keys', '-t', '0', ...keys);
  }

  /** `first`, then `second` `gapMs` later (see timedKeys). */
  async keysApart(first: string, gapMs: number, second: string): Promise<void> {
    await this.timedKeys([
      { afterMs: 0, keys: first },
      { afterMs: gapMs, keys: second },
    ]);
  }

  /**
   * send-keys arguments (`C-c`, `-l text`), each `afterMs` after the one before, through one
   * control-mode client that stays attached: no process is started between them, so the
   * gaps hold on a busy machine.
   */
  async timedKeys(steps: readonly { afterMs: number; keys: string }[]): Promise<void> {
    const control = await this.controlClient();
    for (const step of steps) {
      if (step.afterMs > 0) await sleep(step.afterMs);
      control.write(`send-keys -t 0 ${step.keys}\n`);
    }
  }

  private async controlClient(): Promise<Writable> {
    if (!this.control) {
      const client = spawn('tmux', ['-L', this.socket, '-f', '/dev/null', '-C', 'attach-session', '-f', 'ignore-size', '-t', '0'], {
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      this.control = client;
      // Every line of the first reply ("%begin ... %end") means the client is attached.
      await new Promise<void>((resolve, reject) => {
        client.once('error', reject);
        client.stdout.once('data', () => resolve());
      });
      client.stdout.resume(); // notifications of all pane output: read and dropped
    }
    if (!this.control.stdin) throw new Error('control client without stdin');
    return this.control.stdin;
  }

  /** Literal text, then Enter. */
  async typeLine(text: string): Promise<void> {
    await this.tmux('send-keys', '-t', '0', '-l', text);
    await this.keys('Enter');
  }

  async display(format: string): Promise<string> {
    return (await this.tmux('display-message', '-p', '-t', '0', format)).trimEnd();
  }

  /** The visible screen, trailing blanks trimmed. */
  async screen(): Promise<string> {
    return (await this.tmux('capture-pane', '-p', '-t', '0')).trimEnd();
  }

  async lines(): Promise<string[]> {
    return (await this.screen()).split('\n').map((line) => line.trimEnd());
  }

  /** The pid of the pane's program (the recording sh's child). */
  async pid(): Promise<number> {
    const recorder = Number(await this.display('#{pane_pid}'));
    return waitUntil("the pane's program to start", async () => (await childrenOf(recorder))[0]);
  }

  /** The program's exit status once it has ended. */
  async exit(): Promise<number | undefined> {
    const text = await readFile(this.statusFile, 'utf8').catch(() => '');
    return text.endsWith('\n') ? Number(text) : undefined;
  }

  async waitForScreen(what: string, test: (screen: string) => boolean, timeoutMs = DEFAULT_WAIT_MS): Promise<string> {
    return waitUntil(
      what,
      async () => {
        const screen = await this.screen();
        return test(screen) ? screen : undefined;
      },
      timeoutMs,
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}\nscreen now:\n${await this.screen().catch(() => '?')}`);
    });
  }

  /** Waits until the last non-empty line is exactly `prompt` (the shell waits for input). */
  async waitForPrompt(prompt = '$', timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    await this.waitForScreen(`the prompt '${prompt}'`, (screen) => lastLine(screen) === prompt, timeoutMs);
  }

  async waitForExit(timeoutMs = DEFAULT_WAIT_MS): Promise<number> {
    return waitUntil('the pane to exit', () => this.exit(), timeoutMs).catch(async (error: Error) => {
      throw new Error(`${error.message}\nscreen now:\n${await this.screen().catch(() => '?')}`);
    });
  }

  /** Kills the server and with it the pane's processes (SIGHUP); ignores a server already gone. */
  async kill(): Promise<void> {
    await this.tmux('kill-server').catch(() => undefined);
    this.control?.kill();
  }
}

export function lastLine(screen: string): string {
  const lines = screen
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
  return lines.at(-1) ?? '';
}
