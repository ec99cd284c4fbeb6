import { LogEvent } from '../core/log-events';
import type { MonotonicClock } from '../core/clock';
import type { RipcordConfig } from '../core/config';
import { CutSequenceGuard } from '../core/cut-sequence-guard';
import type { CtrlCState } from '../core/ctrl-c-state';
import { type Disposable, DisposableStore } from '../core/disposable';
import { Emitter } from '../core/emitter';
import type { Decision, ExitDecisions, Trigger } from '../core/exit-decisions';
import { ExitLineTracker } from '../core/exit-line-tracker';
import { isInteractiveShellCommandLine } from '../core/interactive-shell';
import { FlowControl } from '../core/flow-control';
import { ShellOutputFilter } from '../core/osc-exit-request';
import { TerminalModeScanner } from '../core/terminal-mode-scanner';
import type { HintState } from '../../contracts/renderer';
import { DoublePressHint } from './double-press-hint';
import type { ExitPath, ExitPathHost } from './exit-path';
import { InputBound } from './input-bound';
import { InterruptHold } from './interrupt-hold';
import { OutputBatch } from './output-batch';
import type { Logger } from '../platform/log/log';
import { type SessionReaper, spawnContained } from '../platform/containment/containment-spawn';
import type { Session } from '../platform/pty/session';
import type { SessionContainer } from '../platform/containment/session-container';
import { prepareShellIntegration, type PreparedProgram } from './shell-integration/prepare';
import { SessionExits } from './session-exits';
import { SessionInput } from './session-input';

/** Bound on each /proc read behind an exit command; past it the line goes to the program. */
const FOREGROUND_CHECK_TIMEOUT_MS = 250;
/**
 * Whether a cancel was handled is known from /proc a few ms after the press. Input arriving
 * sooner (a fast double tap, two presses in one read) waits for that answer this long at most —
 * well under the 200 ms debounce — so a second press at an idle prompt quits however fast it
 * comes (DESIGN §2) instead of meeting a machine that has not heard the answer yet.
 */
const CANCEL_ANSWER_WAIT_MS = 50;

export interface GuardedSessionOptions {
  config: RipcordConfig;
  log: Logger;
  reaper: SessionReaper;
  host: ExitPathHost;
  cols: number;
  rows: number;
  clock?: MonotonicClock;
  /** overrides config.shell / config.args */
  command?: { file: string; args: string[] };
  /** overrides config.cwd */
  cwd?: string;
  /** `ripcord run`: the program keeps the outer terminal's TERM/COLORTERM */
  inheritTerminalType?: boolean;
  /**
   * The host reports key presses itself through keyPressed() (the key entry: the desktop's and
   * the harness's key events), instead of GuardedSession finding them in the input, which also
   * carries a program's replies.
   */
  keyPressesReported?: boolean;
  /** the lifecycle's state machine, decisions and exit path; a session started alone (tests) makes its own */
  exits?: SessionExits;
}

export type GuardedSessionStart = { ok: true; guarded: GuardedSession } | { ok: false; error: string };

/**
 * One session with the whole behaviour of DESIGN §3 and §6, shared by every host: the Ctrl+C
 * state machine, exit commands, exit triggers, the cut-sequence guard and flow control. Hosts
 * only move bytes and translate their events into `input`, `pressCtrlC` and `trigger`.
 */
export class GuardedSession implements Disposable {
  readonly state: CtrlCState;
  readonly exitPath: ExitPath;
  readonly scanner = new TerminalModeScanner();
  private readonly decisions: ExitDecisions;
  private readonly tracker: ExitLineTracker;
  private readonly guard = new CutSequenceGuard(this.scanner);
  private readonly flow = new FlowControl();
  private readonly hint: DoublePressHint;
  private readonly hold: InterruptHold;
  private readingPaused = false;
  private readonly output = new Emitter<string>();
  private readonly programOutput = new Emitter<string>();
  private readonly batch = new OutputBatch((data) => {
    this.output.fire(data);
    // output after the hold is the press's answer (or what the program printed instead)
    if (!this.hold.holding) this.hint.reveal();
  });
  private readonly flush = new Emitter<void>();
  private readonly holding = new Emitter<boolean>();
  private readonly resized = new Emitter<{ cols: number; rows: number }>();
  private readonly disposables = new DisposableStore();
  /** Input waits behind a pending exit-command check, so keystrokes keep their order. */
  private inputQueue: Promise<void> = Promise.resolve();
  private queuedInputs = 0;
  private readonly exitCommandKeys: boolean;
  private readonly keys: SessionInput;
  private readonly bound: InputBound;
  /** the spawned program is a shell at its prompt: the answer where /proc cannot say what runs now */
  private readonly spawnedInteractiveShell: boolean;

  static async start(options: GuardedSessionOptions): Promise<GuardedSessionStart> {
    const { config } = options;
    const prepared = prepareShellIntegration(
      { file: options.command?.file ?? config.shell, args: options.command?.args ?? config.args, env: config.env },
      { enabled: config.shellIntegration, exitCommands: config.exitCommands },
    );
    if (prepared.problem) options.log.warn('shell-integration.unavailable', { problem: prepared.problem });
    const spawned = await spawnContained({
      ...prepared.program,
      cwd: options.cwd ?? config.cwd,
      inheritTerminalType: options.inheritTerminalType,
      cols: options.cols,
      rows: options.rows,
      log: options.log,
      reaper: options.reaper,
    });
    if (!spawned.ok) {
      prepared.integration?.dispose();
      options.log.error(LogEvent.sessionSpawnFailed, { error: spawned.error });
      return spawned;
    }
    options.log.event(LogEvent.sessionStarted, { sessionPid: spawned.session.pid, containment: spawned.container.kind });
    options.log.event('session.exit-commands', { by: prepared.integration ? `${prepared.integration.shell} integration` : 'keys at a shell\'s prompt' });
    return { ok: true, guarded: new GuardedSession(spawned.session, spawned.container, spawned.run, options, prepared) };
  }

  private constructor(
    readonly session: Session,
    /** the session's processes (DESIGN §4): its cgroup, or the process scan */
    readonly container: SessionContainer,
    /**
     * The program is held in its container until this is called (once the host listens to its
     * output): a start then gives the program a core of its own instead of one shared with the
     * host's wiring.
     */
    readonly run: () => void,
    private readonly options: GuardedSessionOptions,
    prepared: PreparedProgram,
  ) {
    const { config } = options;
    const exits = options.exits ?? new SessionExits(options);
    this.state = exits.state;
    this.decisions = exits.decisions;
    this.exitPath = exits.exitPath;
    this.tracker = new ExitLineTracker(config.exitCommands);
    this.bound = new InputBound(options.log);
    this.keys = this.disposables.add(
      new SessionInput(
        { pressCtrlC: () => this.pressCtrlC(), keyPressed: () => this.keyPressed(), forward: (text, typed) => this.forward(text, typed) },
        !options.keyPressesReported,
      ),
    );
    this.hint = this.disposables.add(new DoublePressHint(() => this.state.windowMs, () => this.guard.disarm()));
    this.hold = this.disposables.add(
      new InterruptHold(
        (held) => {
          this.holding.fire(false);
          if (held) this.show(held);
        },
        (droppedChars) => options.log.event(LogEvent.cancelDropped, { chars: droppedChars }),
        () => this.syncReading(),
      ),
    );
    this.disposables.add(session);
    // docs/exit-commands.md: the shell's own hook when integrated, else keystrokes at a shell's
    // prompt — which shell is decided at the Enter, by what the root runs then (after `env … bash`)
    this.exitCommandKeys = !prepared.integration;
    this.spawnedInteractiveShell = prepared.interactiveShell;
    if (prepared.integration) this.disposables.add(prepared.integration);
    const integration = prepared.integration;
    const shellOutput = integration && new ShellOutputFilter(integration.secret);
    this.disposables.add(
      session.onData((raw) => {
        const data = shellOutput ? this.fromShell(shellOutput, raw) : raw;
        this.programOutput.fire(data);
        // the shell has read its start-up files once it shows a prompt: its temp dir can go now,
        // not only at a dispose that process.exit never reaches
        if (integration && shellOutput?.phase !== 'starting') integration.dispose();
        const passed = this.hold.feed(data);
        if (passed !== undefined) this.show(passed);
      }),
    );
    this.disposables.add(
      session.onForegroundReturned(() => {
        this.state.markCancelHandled();
        options.log.event(LogEvent.cancelHandled);
      }),
    );
    this.disposables.add(
      session.onExit(({ exitCode, signal }) => {
        this.hold.releaseHeld();
        this.trigger({ kind: 'session-ended', exitCode, signal });
      }),
    );
  }

  /** User input as the terminal sends it (keystrokes, pastes, replies), read sequence by sequence (SessionInput, DESIGN §3). */
  input(data: string): void {
    if (this.exitPath.exiting) return;
    this.keys.input(data);
  }

  /** Bytes for the program; `typed` when a key press is among them, not only replies and reports. */
  private forward(data: string, typed: boolean): void {
    if (this.exitPath.exiting) return;
    if (!this.exitCommandKeys || this.scanner.alternateScreen) {
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

  /** Any key but Ctrl+C: a double press is two presses in a row (DESIGN §2). Kept in order with queued presses. */
  keyPressed(): void {
    const endWindow = (): void => {
      this.state.reset();
      this.hint.hide();
    };
    if (this.queuedInputs > 0) this.enqueue(endWindow);
    else endWindow();
  }

  /** A Ctrl+C press; the desktop host calls this from before-input-event. */
  pressCtrlC(): void {
    if (this.queuedInputs > 0) this.enqueue(() => this.press());
    else this.press();
  }

  private press(): void {
    this.tracker.clear();
    const decision = this.trigger({ kind: 'ctrl-c' });
    if (decision.action === 'cancel') this.enqueue(() => this.untilCancelAnswered());
  }

  trigger(trigger: Trigger): Decision {
    // what was read before the trigger reaches the screen before anything the trigger causes
    this.batch.flush();
    const decision = this.decisions.decide(trigger);
    this.options.log.event(LogEvent.trigger, { kind: trigger.kind, action: decision.action });
    if (decision.action === 'cancel') {
      if (!this.hold.holding) {
        this.hold.start();
        this.holding.fire(true);
      }
      const dropped = this.session.cancel();
      if (dropped > 0) this.options.log.event(LogEvent.inputInterrupted, { droppedBytes: dropped });
      this.guard.arm();
      this.hint.show();
      return decision;
    }
    // this press holds nothing back: a screen that stopped parsing at the key goes on
    if (trigger.kind === 'ctrl-c' && !this.hold.holding) this.holding.fire(false);
    if (decision.action === 'exit') this.exitPath.exitNow(decision.code, decision.reason);
    return decision;
  }

  resize(cols: number, rows: number): void {
    this.session.resize(cols, rows);
    this.resized.fire({ cols, rows });
  }

  /** The host resized the terminal (the transcript records it). */
  readonly onResize = this.resized.event;

  /** The screen parsed `chars` more characters of output. */
  ack(chars: number): void {
    this.flow.onAck(chars);
    this.syncReading();
  }

  /**
   * Output shown to the screen. The first prompt is not missed by a listener that subscribes
   * right after start() resolves: Session hands the pty's early output over a turn later.
   */
  readonly onOutput = this.output.event;

  /**
   * All the program printed, in order, before the interrupt hold drops anything — without exit
   * requests and the secret of the shell's marks (the transcript records this).
   */
  readonly onProgramOutput = this.programOutput.event;

  /**
   * Fires right before the first output after an interrupt's cut: the kernel dropped the
   * program's queued output there, so a screen may drop what it still holds unparsed.
   */
  readonly onFlush = this.flush.event;

  /**
   * true when a press starts holding output for an interrupt's cut: what a screen still holds
   * unparsed may be about to be dropped (onFlush, which also ends the hold), so it may stop
   * parsing it; false when the hold ended without a cut (raw mode, the session ended), or a
   * press started none, and nothing is dropped. Every press gets one of the two.
   */
  readonly onHold = this.holding.event;

  onHint(listener: (hint: HintState) => void): Disposable {
    return this.hint.onHint(listener);
  }

  dispose(): void {
    this.bound.report();
    this.batch.dispose();
    this.output.dispose();
    this.programOutput.dispose();
    this.flush.dispose();
    this.holding.dispose();
    this.resized.dispose();
    this.disposables.dispose();
  }

  /** Exit requests leave the output here; one with the secret, at the root's prompt, exits. */
  private fromShell(filter: ShellOutputFilter, raw: string): string {
    const { data, exitRequested } = filter.filter(raw);
    if (exitRequested) this.trigger({ kind: 'exit-command', line: 'shell integration' });
    return data;
  }

  private show(data: string): void {
    const { data: shown, interrupted } = this.guard.filter(data);
    if (interrupted) {
      this.batch.flush();
      this.options.log.event(LogEvent.cancelCut);
      this.flush.fire();
      this.flow.onFlush();
      this.batch.settle();
    }
    this.flow.onSent(shown.length);
    this.syncReading();
    this.batch.push(shown);
  }

  /**
   * The pty is read while the screen keeps up (flow control) — and while a cancel waits for
   * its cut, which must be read to be found; held output has its own bound.
   */
  private syncReading(): void {
    const pause = this.hold.full || (this.flow.paused && !this.hold.holding);
    if (pause === this.readingPaused) return;
    this.readingPaused = pause;
    if (pause) this.session.pause();
    else this.session.resume();
  }

  /** Input for the program, within the bound on what waits for it (InputBound). */
  private send(data: string, typed: boolean): void {
    if (this.queuedInputs === 0) this.write(data, typed);
    else this.enqueue(() => this.write(data, typed));
  }

  private write(data: string, typed: boolean): void {
    if (this.bound.admits(this.session.queuedInputBytes, data, typed)) this.session.write(data);
  }

  private enqueue(step: () => void | Promise<void>): void {
    this.queuedInputs++;
    this.inputQueue = this.inputQueue
      .then(step)
      .catch((error: unknown) => this.options.log.error('input.failed', { error: String(error) }))
      .finally(() => this.queuedInputs--);
  }

  /**
   * An exit command quits only when the root program, as it runs now, is a shell, holds the
   * foreground and the screen is not the alternate one (DESIGN §3). The check runs before the
   * Enter reaches the program — once the shell has the line it hands the foreground to the
   * command it starts.
   */
  private gateExitCommand(data: string, line: string): void {
    this.enqueue(async () => {
      const atPrompt = !this.scanner.alternateScreen && (await this.bounded(() => this.rootIsShell())) && (await this.bounded(() => this.session.rootHoldsForeground()));
      if (atPrompt) this.trigger({ kind: 'exit-command', line });
      else this.write(data, true);
    });
  }

  private untilCancelAnswered(): Promise<void> {
    if (this.state.phase !== 'cancel-requested') return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        answered.dispose();
        resolve();
      };
      const timer = setTimeout(done, CANCEL_ANSWER_WAIT_MS);
      const answered = this.session.onForegroundReturned(done);
    });
  }

  private async rootIsShell(): Promise<boolean> {
    const argv = await this.session.rootCommandLine();
    return argv ? isInteractiveShellCommandLine(argv) : this.spawnedInteractiveShell;
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
