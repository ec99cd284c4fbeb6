import type { HintState } from '../../contracts/renderer';
import type { Result } from '../../contracts/result';
import { DisposableBase, toDisposable, type Disposable } from '../core/disposable';
import { Emitter, type Event } from '../core/emitter';
import type { Decision, Trigger } from '../core/exit-decisions';
import type { TerminalModeScanner } from '../core/terminal-mode-scanner';
import { openRuntimeDir } from '../platform/control/runtime-dir';
import type { Session } from '../platform/pty/session';
import type { SessionContainer } from '../platform/containment/session-container';
import type { Transcript } from '../platform/transcript/transcript';
import { CtrlCHandling } from './ctrl-c-handling';
import { InputGate } from './input-gate';
import { OutputPipeline } from './output-pipeline';
import { type StartedProgram, startProgram } from './program-start';
import type { ProgramOptions, RunningProgram } from './running-program';
import type { SessionControl } from './tools/session-control';
import { SessionTools } from './tools/session-tools';

/**
 * The start is over this long after the program's first output, when the rest of a first prompt
 * is on the screen too: then the reaper's Node stage (its own start, DESIGN §4) starts, the
 * control socket is published and the transcript makes its file — work the start the user
 * waits for need not share a core with.
 */
const START_OVER_AFTER_OUTPUT_MS = 100;
/** ...or this long after the spawn, for a program that prints nothing. */
const START_OVER_LATEST_MS = 1_000;

/**
 * One program run in this process (`ripcord run`, and each pane's in the session host), with the
 * behaviour of DESIGN §3 and §6, in four parts: its start (program-start.ts), the way of its
 * input (InputGate), what a Ctrl+C means for it (CtrlCHandling) and the way of its output
 * (OutputPipeline); and, when the host names its kind, its session tools (issue #16). It decides
 * nothing: a press, an exit command and the root's end go to main (ProgramDecisions), whose
 * SessionExits decides every trigger and hands each decision back here (decided).
 */
export class GuardedSession extends DisposableBase implements RunningProgram {
  readonly session: Session;
  readonly pid: number;
  /** the session's processes (DESIGN §4): its cgroup, its systemd scope or the process scan */
  readonly container: SessionContainer;
  /** the program's screen modes, as its output set them */
  readonly scanner: TerminalModeScanner;
  /** OutputPipeline.onOutput: output shown to the screen */
  readonly onOutput: Event<string>;
  /** OutputPipeline.onProgramOutput: all the program printed (the transcript records this) */
  readonly onProgramOutput: Event<string>;
  /** OutputPipeline.onFlush: right before the first output after an interrupt's cut */
  readonly onFlush: Event<void>;
  /** OutputPipeline.onHold: output is held for a cut (true), or a press holds nothing or no more (false) */
  readonly onHold: Event<boolean>;
  /** the process view and stop (issue #16), with the session tools */
  readonly control: SessionControl | undefined;
  readonly transcript: Pick<Transcript, 'dir' | 'kept'> | undefined;
  private readonly resized = this.register(new Emitter<{ cols: number; rows: number }>());
  private readonly startOver = this.register(new Emitter<void>());
  private readonly hint = this.register(new Emitter<HintState>());
  private readonly output: OutputPipeline;
  private readonly ctrlC: CtrlCHandling;
  private readonly gate: InputGate;
  private readonly tools: SessionTools | undefined;
  private readonly release: () => void;
  private pressNumber = 0;
  /** what the root's end waits for before main hears of it (waitBeforeEndReport); bounded by whoever sets it */
  private beforeEndReport: () => Promise<void> = () => Promise.resolve();

  /** The host resized the terminal (the transcript records it). */
  readonly onResize = this.resized.event;
  /** The start is over (START_OVER_AFTER_OUTPUT_MS): the host may start what waited for it (fires once). */
  readonly onStartOver = this.startOver.event;
  /** the double-press hint, with the stop key when the session tools are on */
  readonly onHint = this.hint.event;
  /** the shell integration's directory, which the spawned shell's arguments name (bash, fish); undefined without integration */
  readonly integrationDir: string | undefined;

  static async start(options: ProgramOptions): Promise<Result<GuardedSession>> {
    // the control socket's directory, checked beside the program's start (which takes longer),
    // so that a refused one is told with the start, before the program's first output (DESIGN §4)
    const [started, socketDir] = await Promise.all([
      startProgram(options),
      options.hostKind === undefined ? undefined : openRuntimeDir({ create: true }),
    ]);
    if (!started.ok) return started;
    return { ok: true, value: new GuardedSession(started.value, options, socketDir && !socketDir.ok ? socketDir.error : undefined) };
  }

  /** @param unreachable why the session's control socket cannot be published, if it cannot */
  private constructor(
    program: StartedProgram,
    options: ProgramOptions,
    readonly unreachable: string | undefined,
  ) {
    super();
    const { session, integration } = program;
    const { decisions, log, config } = options;
    this.session = session;
    this.pid = session.pid;
    this.integrationDir = integration?.dir;
    this.container = program.container;
    this.release = program.run;
    this.register(session);
    if (integration) this.register(integration);
    const output = this.register(
      new OutputPipeline(session, {
        log,
        integration,
        exitRequested: () => decisions.trigger({ kind: 'exit-command', line: 'shell integration' }),
        shown: () => ctrlC.answerShown(),
        cutWaitMs: options.cutWaitMs,
      }),
    );
    const ctrlC = this.register(new CtrlCHandling(session, output, decisions, log));
    const gate: InputGate = this.register(
      new InputGate(
        session,
        {
          log,
          exitCommands: config.exitCommands,
          findsPresses: !options.keyPressesReported,
          // docs/exit-commands.md: the shell's own hook when integrated, else keystrokes at a shell's
          // prompt — which shell is decided at the Enter, by what the root runs then (after `env … bash`)
          exitCommandKeys: !integration,
          spawnedInteractiveShell: program.interactiveShell,
          alternateScreen: () => output.scanner.alternateScreen,
          exiting: () => decisions.exiting,
        },
        {
          press: () => decisions.press(),
          keyPressed: () => decisions.keyPressed(),
          exitCommand: (line) => decisions.trigger({ kind: 'exit-command', line }),
        },
      ),
    );
    this.output = output;
    this.ctrlC = ctrlC;
    this.gate = gate;
    this.scanner = output.scanner;
    this.onOutput = output.onOutput;
    this.onProgramOutput = output.onProgramOutput;
    this.onFlush = output.onFlush;
    this.onHold = output.onHold;
    this.register(
      session.onExit(({ exitCode, signal }) => {
        output.releaseHeld();
        output.flushBatch();
        // the end is reported once its last output is kept (SessionTools: the transcript's file, bounded)
        void this.beforeEndReport().then(() => decisions.trigger({ kind: 'session-ended', exitCode, signal }));
      }),
    );
    // the session tools, when the host names its kind (issue #16); their hint adds the stop key to the double press's
    const host = options.hostKind;
    const ctrlCHint = (listener: (hint: HintState) => void): Disposable => ctrlC.onHint(listener);
    this.tools =
      host === undefined
        ? undefined
        : this.register(
            SessionTools.attach(
              {
                session,
                container: program.container,
                integrationDir: this.integrationDir,
                onProgramOutput: output.onProgramOutput,
                onResize: this.onResize,
                waitBeforeEndReport: (wait) => this.waitBeforeEndReport(wait),
                onHint: ctrlCHint,
              },
              {
                config,
                log,
                host,
                command: options.describedAs,
                cols: options.cols,
                rows: options.rows,
                killGraceMs: options.killGraceMs,
                hintRemainingMs: () => decisions.hintRemainingMs(),
                onExit: options.onExit,
                window: options.window,
              },
            ),
          );
    this.control = this.tools?.control;
    this.transcript = this.tools?.transcript;
    this.register((this.tools ?? { onHint: ctrlCHint }).onHint((hint) => this.hint.fire(hint)));
  }

  /**
   * What the root's end waits for before it is reported (and so before any exit it causes): the
   * session's tools keep its last output. `wait` must settle within its own bound; the user's
   * ways out (a press, the close, a signal) never wait for it.
   */
  waitBeforeEndReport(wait: () => Promise<void>): void {
    this.beforeEndReport = wait;
  }

  /** User input as the terminal sends it (keystrokes, pastes, replies): InputGate. */
  input(data: string): void {
    this.gate.input(data);
  }

  /** A trigger is about to be decided: what was read reaches the screen before anything the trigger causes. */
  beforeDecision(): void {
    this.output.flushBatch();
  }

  /**
   * Lets the program held in its container run (StartedProgram.run). Its first output comes in a
   * later turn of the loop, after the host's wiring, which runs beside the program's own start.
   */
  run(): void {
    this.release();
    this.whenStartIsOver(() => {
      this.tools?.startIsOver();
      this.startOver.fire();
    });
  }

  /** the session's transcript directory, when transcripts are on */
  get transcriptDir(): string | undefined {
    return this.transcript?.dir;
  }

  /**
   * The last numbered key press main decided for this program (0: none yet): a flush or a
   * hold's end answers it and every press before it (DESIGN §6).
   */
  get lastPress(): number {
    return this.pressNumber;
  }

  /** true when the program stopped itself (SIGSTOP), false when it runs again */
  onStopped(listener: (stopped: boolean) => void): Disposable {
    return this.register(this.session.onRootStopped(listener));
  }

  /** A stop reads the kill grace when it starts (ProgramOptions.killGraceMs): nothing to pass on. */
  configChanged(): void {}

  /** Main decided a trigger; a press's effect comes in order with the input typed before it. */
  decided(trigger: Trigger, decision: Decision): void {
    // before the decision is acted on: a hold's end it fires at once names this press
    if (trigger.kind === 'ctrl-c' && trigger.press !== undefined) this.pressNumber = Math.max(this.pressNumber, trigger.press);
    if (trigger.kind !== 'ctrl-c') {
      this.ctrlC.decided(trigger, decision);
      return;
    }
    this.gate.pressDecided(() => {
      this.ctrlC.decided(trigger, decision);
      // input typed after a cancel waits for its answer (CtrlCHandling.untilCancelAnswered)
      if (decision.action === 'cancel') this.gate.after(() => this.ctrlC.untilCancelAnswered());
    });
  }

  /** Any key but Ctrl+C reached main (DESIGN §2): the hint goes, in order with the input. */
  keyPressed(): void {
    this.gate.inOrder(() => this.ctrlC.keyPressed());
  }

  resize(cols: number, rows: number): void {
    this.session.resize(cols, rows);
    this.resized.fire({ cols, rows });
  }

  /** The screen parsed `chars` more characters of output. */
  ack(chars: number): void {
    this.output.ack(chars);
  }

  /** Runs `then` once, when the start is over (see START_OVER_AFTER_OUTPUT_MS); the timers never hold the process. */
  private whenStartIsOver(then: () => void): void {
    let timer = setTimeout(then, START_OVER_LATEST_MS).unref();
    const firstOutput = this.onOutput(() => {
      firstOutput.dispose();
      clearTimeout(timer);
      timer = setTimeout(then, START_OVER_AFTER_OUTPUT_MS).unref();
    });
    this.register(firstOutput);
    this.register(toDisposable(() => clearTimeout(timer)));
  }
}
