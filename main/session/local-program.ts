import type { HintState } from '../../contracts/renderer';
import { DisposableStore, toDisposable, type Disposable } from '../core/disposable';
import { Emitter, type Event } from '../core/emitter';
import type { Decision, Trigger } from '../core/exit-decisions';
import type { TerminalModeScanner } from '../core/terminal-mode-scanner';
import type { SessionContainer } from '../platform/containment/session-container';
import type { Transcript } from '../platform/transcript/transcript';
import { GuardedSession } from './guarded-session';
import type { InProcessProgram, ProgramOptions, RunningProgram } from './running-program';
import type { SessionControl } from './tools/session-control';
import { SessionTools } from './tools/session-tools';
import { openRuntimeDir } from '../platform/control/runtime-dir';

/**
 * The start is over this long after the program's first output, when the rest of a first prompt
 * is on the screen too: then the reaper's Node stage (its own start, DESIGN §4) starts, the
 * control socket is published and the transcript makes its file — work the start the user
 * waits for need not share a core with.
 */
const START_OVER_AFTER_OUTPUT_MS = 100;
/** ...or this long after the spawn, for a program that prints nothing. */
const START_OVER_LATEST_MS = 1_000;

export type LocalProgramStart = { ok: true; program: LocalProgram } | { ok: false; error: string };

/**
 * One program started in this process for a lifecycle: the GuardedSession and, when the host
 * asked for them, its session tools (issue #16), with the moment the start is over. What it
 * shows goes out as events (output, flush, hold, hint); what main decides comes in as
 * KeyFollowingProgram calls.
 */
export class LocalProgram implements RunningProgram, InProcessProgram {
  readonly pid: number;
  readonly container: Pick<SessionContainer, 'kind' | 'reason'>;
  /** the program's screen modes, as its output set them */
  readonly scanner: TerminalModeScanner;
  readonly control: SessionControl | undefined;
  readonly transcript: Pick<Transcript, 'dir' | 'kept'> | undefined;
  readonly onOutput: Event<string>;
  readonly onFlush: Event<void>;
  readonly onHold: Event<boolean>;
  readonly onHint: Event<HintState>;
  private readonly disposables = new DisposableStore();
  private readonly startOver = this.disposables.add(new Emitter<void>());
  private readonly hint = this.disposables.add(new Emitter<HintState>());
  private readonly tools: SessionTools | undefined;
  private pressNumber = 0;

  /** The start is over (START_OVER_AFTER_OUTPUT_MS): the host may start what waited for it (fires once). */
  readonly onStartOver = this.startOver.event;

  get transcriptDir(): string | undefined {
    return this.transcript?.dir;
  }

  get local(): LocalProgram {
    return this;
  }

  static async start(options: ProgramOptions): Promise<LocalProgramStart> {
    // the control socket's directory, checked beside the program's start (which takes longer),
    // so that a refused one is told with the start, before the program's first output (DESIGN §4)
    const [started, socketDir] = await Promise.all([GuardedSession.start(options), options.hostKind === undefined ? undefined : openRuntimeDir({ create: true })]);
    if (!started.ok) return started;
    return { ok: true, program: new LocalProgram(started.guarded, options, socketDir && !socketDir.ok ? socketDir.error : undefined) };
  }

  /** @param unreachable why the session's control socket cannot be published, if it cannot */
  private constructor(private readonly guarded: GuardedSession, options: ProgramOptions, readonly unreachable: string | undefined) {
    const { config, log } = options;
    this.disposables.add(guarded);
    this.pid = guarded.session.pid;
    this.container = guarded.container;
    this.scanner = guarded.scanner;
    this.onOutput = guarded.onOutput;
    this.onFlush = guarded.onFlush;
    this.onHold = guarded.onHold;
    this.onHint = this.hint.event;
    const host = options.hostKind;
    this.tools = host === undefined ? undefined : this.disposables.add(
      SessionTools.attach(guarded, {
        config, log, host, command: options.describedAs, cols: options.cols, rows: options.rows, killGraceMs: options.killGraceMs,
        hintRemainingMs: () => options.decisions.hintRemainingMs(), onExit: options.onExit,
        ...(options.window ? { window: options.window } : {}),
      }),
    );
    this.control = this.tools?.control;
    this.transcript = this.tools?.transcript;
    this.disposables.add((this.tools ?? guarded).onHint((hint) => this.hint.fire(hint)));
  }

  /** true when the program stopped itself (SIGSTOP), false when it runs again */
  onStopped(listener: (stopped: boolean) => void): Disposable {
    return this.disposables.add(this.guarded.session.onRootStopped(listener));
  }

  /**
   * Lets the program held in its container run. Its first output comes in a later turn of the
   * loop, after the host's wiring, which runs beside the program's own start.
   */
  run(): void {
    this.guarded.run();
    this.whenStartIsOver(() => {
      this.tools?.startIsOver();
      this.startOver.fire();
    });
  }

  input(data: string): void {
    this.guarded.input(data);
  }

  resize(cols: number, rows: number): void {
    this.guarded.resize(cols, rows);
  }

  ack(chars: number): void {
    this.guarded.ack(chars);
  }

  /** A stop reads the kill grace when it starts (ProgramOptions.killGraceMs): nothing to pass on. */
  configChanged(): void {}

  beforeDecision(): void {
    this.guarded.beforeDecision();
  }

  /**
   * The last numbered key press main decided for this program (0: none yet): a flush or a
   * hold's end answers it and every press before it (DESIGN §6).
   */
  get lastPress(): number {
    return this.pressNumber;
  }

  decided(trigger: Trigger, decision: Decision): void {
    // before the decision is acted on: a hold's end it fires at once names this press
    if (trigger.kind === 'ctrl-c' && trigger.press !== undefined) this.pressNumber = Math.max(this.pressNumber, trigger.press);
    this.guarded.decided(trigger, decision);
  }

  keyPressed(): void {
    this.guarded.keyPressed();
  }

  dispose(): void {
    this.disposables.dispose();
  }

  /** Runs `then` once, when the start is over (see START_OVER_AFTER_OUTPUT_MS); the timers never hold the process. */
  private whenStartIsOver(then: () => void): void {
    let timer = setTimeout(then, START_OVER_LATEST_MS).unref();
    const firstOutput = this.guarded.onOutput(() => {
      firstOutput.dispose();
      clearTimeout(timer);
      timer = setTimeout(then, START_OVER_AFTER_OUTPUT_MS).unref();
    });
    this.disposables.add(firstOutput);
    this.disposables.add(toDisposable(() => clearTimeout(timer)));
  }
}
