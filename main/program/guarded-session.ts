import { DisposableStore, type Disposable } from '../core/disposable';
import { Emitter, type Event } from '../core/emitter';
import type { Decision, Trigger } from '../core/exit-decisions';
import type { TerminalModeScanner } from '../core/terminal-mode-scanner';
import type { HintState } from '../../contracts/renderer';
import type { Session } from '../platform/pty/session';
import type { SessionContainer } from '../platform/containment/session-container';
import { CtrlCHandling } from './ctrl-c-handling';
import { InputGate } from './input-gate';
import { OutputPipeline } from './output-pipeline';
import type { KeyFollowingProgram, ProgramDecisions } from '../decisions/program-decisions';
import { type ProgramStartOptions, type StartedProgram, startProgram } from './program-start';

export interface GuardedSessionOptions extends ProgramStartOptions {
  /**
   * The host reports key presses itself through keyPressed() (the key entry: the desktop's and
   * the harness's key events), instead of GuardedSession finding them in the input, which also
   * carries a program's replies.
   */
  keyPressesReported?: boolean;
  /** main's decisions: what happens here is decided there, and handed back (decided) */
  decisions: ProgramDecisions;
  /** how long a cancel's hold waits for the cut (OutputPipeline; default CUT_WAIT_MS) */
  cutWaitMs?: number;
}

export type GuardedSessionStart = { ok: true; guarded: GuardedSession } | { ok: false; error: string };

/**
 * One running program with the behaviour of DESIGN §3 and §6, shared by every host, in four
 * parts: its start (program-start.ts), the way of its input (InputGate), what a Ctrl+C means
 * for it (CtrlCHandling) and the way of its output (OutputPipeline). It decides nothing: a
 * press, an exit command and the root's end go to main (ProgramDecisions), whose SessionExits
 * decides every trigger and hands each decision back here (decided).
 */
export class GuardedSession implements KeyFollowingProgram, Disposable {
  readonly session: Session;
  /** the session's processes (DESIGN §4): its cgroup, its systemd scope or the process scan */
  readonly container: SessionContainer;
  /** lets the program held in its container run (StartedProgram.run) */
  readonly run: () => void;
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
  private readonly disposables = new DisposableStore();
  private readonly resized = this.disposables.add(new Emitter<{ cols: number; rows: number }>());
  private readonly output: OutputPipeline;
  private readonly ctrlC: CtrlCHandling;
  private readonly gate: InputGate;
  /** what the root's end waits for before main hears of it (waitBeforeEndReport); bounded by whoever sets it */
  private beforeEndReport: () => Promise<void> = () => Promise.resolve();

  /** The host resized the terminal (the transcript records it). */
  readonly onResize = this.resized.event;
  /** the shell integration's directory, which the spawned shell's arguments name (bash, fish); undefined without integration */
  readonly integrationDir: string | undefined;

  static async start(options: GuardedSessionOptions): Promise<GuardedSessionStart> {
    const started = await startProgram(options);
    if (!started.ok) return started;
    return { ok: true, guarded: new GuardedSession(started.program, options) };
  }

  private constructor(program: StartedProgram, options: GuardedSessionOptions) {
    const { session, integration } = program;
    const { decisions, log, config } = options;
    this.session = session;
    this.integrationDir = integration?.dir;
    this.container = program.container;
    this.run = program.run;
    this.disposables.add(session);
    if (integration) this.disposables.add(integration);
    const output = this.disposables.add(
      new OutputPipeline(session, {
        log,
        integration,
        exitRequested: () => decisions.trigger({ kind: 'exit-command', line: 'shell integration' }),
        shown: () => ctrlC.answerShown(),
        ...(options.cutWaitMs === undefined ? {} : { cutWaitMs: options.cutWaitMs }),
      }),
    );
    const ctrlC = this.disposables.add(new CtrlCHandling(session, output, decisions, log));
    const gate: InputGate = this.disposables.add(
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
    this.disposables.add(
      session.onExit(({ exitCode, signal }) => {
        output.releaseHeld();
        output.flushBatch();
        // the end is reported once its last output is kept (SessionTools: the transcript's file, bounded)
        void this.beforeEndReport().then(() => decisions.trigger({ kind: 'session-ended', exitCode, signal }));
      }),
    );
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

  /** Main decided a trigger; a press's effect comes in order with the input typed before it. */
  decided(trigger: Trigger, decision: Decision): void {
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

  onHint(listener: (hint: HintState) => void): Disposable {
    return this.ctrlC.onHint(listener);
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
