// The words of a running program and of what decides for it (DESIGN §3), wherever the program
// runs: in this process (GuardedSession, `ripcord run`) or in the session host (the desktop and
// the harness, through SessionHostProcess.launcher). One interface each: RunningProgram is what
// runs a program, ProgramDecisions what decides for it.
import type { SessionInfo } from '../../contracts/control-socket';
import type { Result } from '../../contracts/result';
import type { RipcordConfig } from '../core/config';
import type { Disposable } from '../core/disposable';
import type { Event } from '../core/emitter';
import type { Decision, Trigger } from '../core/exit-decisions';
import type { SessionContainer } from '../platform/containment/session-container';
import type { ProgramStartOptions } from './program-start';
import type { SessionToolsOptions } from './tools/session-tools';

/**
 * Whether a cancel was handled is known from /proc a few ms after the press. What comes sooner
 * (a fast double tap, two presses in one read, typed input) waits for that answer this long at
 * most — well under the 200 ms debounce — so a second press at an idle prompt quits however fast
 * it comes (DESIGN §2) instead of meeting a machine that has not heard the answer yet.
 */
export const CANCEL_ANSWER_WAIT_MS = 50;

/** The triggers a running program finds itself: an exit command or request, and its own end. */
export type ProgramTrigger = Extract<Trigger, { kind: 'exit-command' | 'session-ended' }>;

/**
 * What decides for a running program, as the program sees it (DESIGN §3): it finds triggers and
 * reports them; main decides and hands each decision back (RunningProgram.decided). In main this
 * is MainDecisions; in the session host, main's DecisionService for the pane (pane-link.ts).
 */
export interface ProgramDecisions {
  /** a Ctrl+C found in the input (a host that does not report its key presses) */
  press(): void;
  /** any other key found in the input */
  keyPressed(): void;
  /** an exit command at the root's prompt, the shell's exit request, or the root's end */
  trigger(trigger: ProgramTrigger): void;
  /** the root took the terminal back after a cancel */
  cancelHandled(): void;
  /** the double-press interval's time left, on the Ctrl+C machine's clock (CtrlCState.hintRemainingMs) */
  hintRemainingMs(): number;
  /** an exit was decided: input goes nowhere */
  readonly exiting: boolean;
}

/** What a lifecycle starts its program with, wherever the program runs (ProgramLauncher). */
export interface ProgramOptions extends ProgramStartOptions {
  /** main's decisions: what happens in the program is decided there, and handed back (decided) */
  decisions: ProgramDecisions;
  /**
   * The host reports key presses itself through keyPressed() (the key entry: the desktop's and
   * the harness's key events), instead of the program's input gate finding them in the input,
   * which also carries a program's replies.
   */
  keyPressesReported?: boolean;
  /** how long a cancel's hold waits for the cut (OutputPipeline; default CUT_WAIT_MS) */
  cutWaitMs?: number;
  /** which host's session tools the program gets (control socket, transcript, still-running hint); none in unit tests */
  hostKind?: SessionInfo['host'];
  /** what runs, for `ripcord ps` and the transcript header */
  describedAs: string;
  /** the grace of a job stop, as the settings say when the stop starts (they may be edited) */
  killGraceMs: () => number;
  /** the exit path's last words (SessionExits.onExit): the control socket is answered and removed there */
  onExit: (listener: () => void) => Disposable;
  /** one pane of a window (the session host): named by its root's pid, listed with its tab */
  window?: SessionToolsOptions['window'];
}

/** A lifecycle's running program, wherever it runs: it follows main's decisions and takes the host's input. */
export interface RunningProgram extends Disposable {
  readonly pid: number;
  readonly container: Pick<SessionContainer, 'kind' | 'reason'>;
  /** the session's transcript directory, when transcripts are on */
  readonly transcriptDir: string | undefined;
  /** The start is over: the reaper's Node stage may start (fires once). */
  readonly onStartOver: Event<void>;
  /** Lets the program held in its container run, once main has it attached to its decisions. */
  run(): void;
  input(data: string): void;
  resize(cols: number, rows: number): void;
  /** the screen parsed `chars` more characters (a hosted program's screen acks to the host itself) */
  ack(chars: number): void;
  /** the settings were edited: what applies to a running program (a stop's kill grace) */
  configChanged(config: RipcordConfig): void;
  /** A trigger is about to be decided: what was read reaches the screen before anything the trigger causes. */
  beforeDecision(): void;
  /** A trigger was decided (a cancel is the program's to carry out); before the exit path runs on an exit. */
  decided(trigger: Trigger, decision: Decision): void;
  /** any key but Ctrl+C reached main: the hint goes, in order with the input */
  keyPressed(): void;
}

/** Where a lifecycle starts its program: GuardedSession.start, or a session host's launcher. */
export type ProgramLauncher = (options: ProgramOptions) => Promise<Result<RunningProgram>>;
