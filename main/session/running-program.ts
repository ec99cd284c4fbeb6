import type { HintState } from '../../contracts/renderer';
import type { SessionInfo } from '../../contracts/control-socket';
import type { RipcordConfig } from '../core/config';
import type { Disposable } from '../core/disposable';
import type { Event } from '../core/emitter';
import type { TerminalModeScanner } from '../core/terminal-mode-scanner';
import type { SessionContainer } from '../platform/containment/session-container';
import type { Transcript } from '../platform/transcript/transcript';
import type { GuardedSessionOptions } from './guarded-session';
import type { KeyFollowingProgram } from './program-decisions';
import type { SessionControl } from './tools/session-control';
import type { SessionToolsOptions } from './tools/session-tools';

/** What a lifecycle starts its program with, wherever the program runs (ProgramLauncher). */
export interface ProgramOptions extends GuardedSessionOptions {
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

/**
 * A program run in the lifecycle's own process (LocalProgram, `ripcord run`): what it shows and
 * its tools are the lifecycle's to pass on, where a hosted program's go to the page from the host.
 */
export interface InProcessProgram {
  readonly onOutput: Event<string>;
  readonly onFlush: Event<void>;
  readonly onHold: Event<boolean>;
  readonly onHint: Event<HintState>;
  /** the program's screen modes, as its output set them */
  readonly scanner: TerminalModeScanner;
  readonly control: SessionControl | undefined;
  readonly transcript: Pick<Transcript, 'dir' | 'kept'> | undefined;
  /** why the session's control socket cannot be published, if it cannot */
  readonly unreachable: string | undefined;
  /** true when the program stopped itself (SIGSTOP), false when it runs again */
  onStopped(listener: (stopped: boolean) => void): Disposable;
}

/**
 * A lifecycle's running program, wherever it runs: in this process (LocalProgram, `ripcord run`)
 * or in the session host (SessionHostProcess.launcher, the desktop and the harness). It follows main's
 * decisions (KeyFollowingProgram) and takes the host's input.
 */
export interface RunningProgram extends KeyFollowingProgram, Disposable {
  readonly pid: number;
  readonly container: Pick<SessionContainer, 'kind' | 'reason'>;
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
  /** the session's transcript directory, when transcripts are on */
  readonly transcriptDir: string | undefined;
  /** the program itself, when it runs in this process: its output and tools are the host's to show */
  readonly local?: InProcessProgram;
}

export type ProgramStart = { ok: true; program: RunningProgram } | { ok: false; error: string };

/** Where a lifecycle starts its program: LocalProgram.start, or a session host's launch. */
export type ProgramLauncher = (options: ProgramOptions) => Promise<ProgramStart>;
