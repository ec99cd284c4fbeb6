// A program in a real pty driven by the bench, the way a user's terminal drives it: the
// bench types into the master side and reads the screen bytes back.
import * as pty from 'node-pty';

/** Kept from the output: enough to see a prompt after a flood without holding the flood. */
const TAIL_CHARS = 64 * 1024;
const POLL_MS = 5;

export interface PtyProgramOptions {
  /** added to the bench's environment; `undefined` removes a variable */
  env?: Record<string, string | undefined>;
  cwd?: string;
  cols?: number;
  rows?: number;
}

export class PtyProgram {
  private tail = '';
  private received = 0;
  private exitInfo: { exitCode: number; signal?: number } | undefined;
  private readonly proc: pty.IPty;
  /** checked on every chunk of output (whenOutput) */
  private readonly watchers = new Set<() => void>();
  readonly exited: Promise<{ exitCode: number; signal?: number }>;

  constructor(file: string, args: readonly string[], options: PtyProgramOptions = {}) {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...process.env, ...options.env })) if (value !== undefined) env[key] = value;
    this.proc = pty.spawn(file, [...args], {
      name: 'xterm-256color',
      cols: options.cols ?? 120,
      rows: options.rows ?? 40,
      cwd: options.cwd ?? process.cwd(),
      env,
    });
    this.proc.onData((data) => {
      this.received += data.length;
      this.tail = (this.tail + data).slice(-TAIL_CHARS);
      for (const watcher of this.watchers) watcher();
    });
    this.exited = new Promise((resolve) => {
      this.proc.onExit((exit) => {
        this.exitInfo = exit;
        resolve(exit);
      });
    });
  }

  get pid(): number {
    return this.proc.pid;
  }

  get exit(): { exitCode: number; signal?: number } | undefined {
    return this.exitInfo;
  }

  /** chars of output so far */
  get outputChars(): number {
    return this.received;
  }

  output(): string {
    return this.tail;
  }

  /** Typing into a program that has exited goes nowhere, as on a real terminal. */
  write(data: string): void {
    if (!this.exitInfo) this.proc.write(data);
  }

  /** Clears the kept output, so a later waitFor sees only what comes after. */
  forget(): void {
    this.tail = '';
  }

  /** Resolves when the kept output matches, rejects after timeoutMs. */
  async waitFor(what: string, test: (output: string) => boolean, timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!test(this.tail)) {
      if (this.exitInfo)
        throw new Error(
          `program exited (${JSON.stringify(this.exitInfo)}) while waiting for ${what}; output: ${JSON.stringify(this.tail.slice(-300))}`,
        );
      if (performance.now() > deadline)
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; output: ${JSON.stringify(this.tail.slice(-300))}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /**
   * Resolves with performance.now() of the output chunk that made `test` true, checked as the
   * chunk arrives (no polling interval in the time); rejects after timeoutMs.
   */
  whenOutput(what: string, test: (output: string) => boolean, timeoutMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        this.watchers.delete(check);
      };
      const check = (): void => {
        if (!test(this.tail)) return;
        done();
        resolve(performance.now());
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; output: ${JSON.stringify(this.tail.slice(-300))}`));
      }, timeoutMs);
      this.watchers.add(check);
      check();
    });
  }

  /**
   * The prompt is the last thing on the screen. With `nudgeAfterMs`, a missing prompt is asked
   * for again once with an Enter (setup only: a measurement must never nudge).
   */
  async waitForPrompt(prompt: string, timeoutMs: number, nudgeAfterMs?: number): Promise<void> {
    const what = `the prompt ${JSON.stringify(prompt)}`;
    if (nudgeAfterMs === undefined || nudgeAfterMs >= timeoutMs) return this.waitFor(what, (out) => out.endsWith(prompt), timeoutMs);
    try {
      await this.waitFor(what, (out) => out.endsWith(prompt), nudgeAfterMs);
    } catch {
      if (this.exitInfo) throw new Error(`program exited (${JSON.stringify(this.exitInfo)}) before ${what}`);
      this.write('\r');
      await this.waitFor(what, (out) => out.endsWith(prompt), timeoutMs - nudgeAfterMs);
    }
  }

  /** Ends the pty and whatever still holds it (the bench's own cleanup, not a measured exit). */
  dispose(): void {
    if (this.exitInfo) return;
    try {
      this.proc.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}
