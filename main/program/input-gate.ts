import { DisposableBase, toDisposable } from '../core/disposable';
import { ExitLineTracker } from '../core/exit-line-tracker';
import { isInteractiveShellCommandLine } from '../core/interactive-shell';
import type { Logger } from '../platform/log/log';
import type { Session } from '../platform/pty/session';
import { InputBound } from './input-bound';
import { SessionInput } from './session-input';

/** Bound on each /proc read behind an exit command; past it the line goes to the program. */
const FOREGROUND_CHECK_TIMEOUT_MS = 250;

/** What the input gate found in the input, in the order it was typed (main decides; ProgramDecisions). */
export interface InputGateTarget {
  /** a Ctrl+C press */
  press(): void;
  /** any other key press */
  keyPressed(): void;
  /** an exit command submitted at the root shell's prompt (DESIGN §3, the fallback without integration) */
  exitCommand(line: string): void;
}

export interface InputGateOptions {
  log: Logger;
  exitCommands: readonly string[];
  /** the input is searched for presses (`ripcord run`); the desktop and the browser harness report them from their key events */
  findsPresses: boolean;
  /** exit commands are found in the keys typed at a shell's prompt: the shell has no integration whose hook says so */
  exitCommandKeys: boolean;
  /** the spawned program is a shell at its prompt: the answer where /proc cannot say what runs now */
  spawnedInteractiveShell: boolean;
  /** the screen is the alternate one: keys go to a full-screen program */
  alternateScreen: () => boolean;
  /** an exit was decided: input goes nowhere */
  exiting: () => boolean;
}

/**
 * The way from the user's input to the program (DESIGN §2, §3, §6): the input read sequence
 * by sequence (SessionInput), an exit command checked before its Enter reaches the program,
 * input waiting behind that check so keystrokes keep their order, and the bound on what waits
 * for a program that does not read (InputBound).
 */
export class InputGate extends DisposableBase {
  /** Input waits behind a pending exit-command check, so keystrokes keep their order. */
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private readonly tracker: ExitLineTracker;
  private readonly keys: SessionInput;
  private readonly bound: InputBound;

  constructor(
    private readonly session: Session,
    private readonly options: InputGateOptions,
    private readonly target: InputGateTarget,
  ) {
    super();
    this.tracker = new ExitLineTracker(options.exitCommands);
    this.bound = new InputBound(options.log);
    // what was dropped is counted in the log once more at the end
    this.register(toDisposable(() => this.bound.report()));
    this.keys = this.register(
      new SessionInput(
        { pressCtrlC: () => target.press(), keyPressed: () => target.keyPressed(), forward: (text, typed) => this.forward(text, typed) },
        options.findsPresses,
      ),
    );
  }

  /** User input as the terminal sends it (keystrokes, pastes, replies), read sequence by sequence (SessionInput, DESIGN §3). */
  input(data: string): void {
    if (this.options.exiting()) return;
    this.keys.input(data);
  }

  /** What a decided press does to the program, in order with queued input; the prompt's line is no longer known. */
  pressDecided(effect: () => void): void {
    this.inOrder(() => {
      this.tracker.clear();
      effect();
    });
  }

  /** Runs `step` now, or after the input queued now when some waits. */
  inOrder(step: () => void): void {
    if (this.queued > 0) this.after(step);
    else step();
  }

  /** Runs `step` once the input queued now reached the program (a cancel's answer awaited behind a press). */
  after(step: () => void | Promise<void>): void {
    this.queued++;
    this.queue = this.queue
      .then(step)
      .catch((error: unknown) => this.options.log.error('input.failed', { error: String(error) }))
      .finally(() => this.queued--);
  }

  /** Bytes for the program; `typed` when a key press is among them, not only replies and reports. */
  private forward(data: string, typed: boolean): void {
    if (this.options.exiting()) return;
    if (!this.options.exitCommandKeys || this.options.alternateScreen()) {
      // Keys for a full-screen program (`q` to leave less) are not part of the prompt's line.
      this.tracker.clear();
      this.send(data, typed);
      return;
    }
    // a reply reaches the shell's line as it does the tracker's: the line is then not known
    const submission = this.tracker.feed(data);
    if (submission?.isExitCommand && submission.line !== undefined) {
      this.gateExitCommand(data, submission.line);
    } else {
      this.send(data, typed);
    }
  }

  /** Input for the program, within the bound on what waits for it (InputBound). */
  private send(data: string, typed: boolean): void {
    if (this.queued === 0) this.write(data, typed);
    else this.after(() => this.write(data, typed));
  }

  private write(data: string, typed: boolean): void {
    if (this.bound.admits(this.session.queuedInputBytes, data, typed)) this.session.write(data);
  }

  /**
   * An exit command quits only when the root program, as it runs now, is a shell, holds the
   * foreground and the screen is not the alternate one (DESIGN §3). The check runs before the
   * Enter reaches the program — once the shell has the line it hands the foreground to the
   * command it starts.
   */
  private gateExitCommand(data: string, line: string): void {
    this.after(async () => {
      const atPrompt =
        !this.options.alternateScreen() &&
        (await this.bounded(() => this.rootIsShell())) &&
        (await this.bounded(() => this.session.rootHoldsForeground()));
      if (atPrompt) this.target.exitCommand(line);
      else this.write(data, true);
    });
  }

  private async rootIsShell(): Promise<boolean> {
    const argv = await this.session.rootCommandLine();
    return argv ? isInteractiveShellCommandLine(argv) : this.options.spawnedInteractiveShell;
  }

  /** A /proc check behind an exit command; false when it fails or takes too long. */
  private async bounded(check: () => Promise<boolean>): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), FOREGROUND_CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([check(), timeout]);
    } catch (error) {
      this.options.log.warn('exit-command.check-failed', { error: String(error) });
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
