import type { RipcordConfig } from '../core/config';
import type { Disposable } from '../core/disposable';
import type { Event } from '../core/emitter';
import type { SessionContainer } from '../platform/containment/session-container';
import type { LocalProgram, LocalProgramOptions } from './local-program';
import type { KeyFollowingProgram } from './program-decisions';

/**
 * A lifecycle's running program, wherever it runs: in this process (LocalProgram, `ripcord run`)
 * or in the session host (HostedProgram, the desktop and the harness). It follows main's
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
  readonly local?: LocalProgram;
}

export type ProgramStart = { ok: true; program: RunningProgram } | { ok: false; error: string };

/** Where a lifecycle starts its program: LocalProgram.start, or a session host's launch. */
export type ProgramLauncher = (options: LocalProgramOptions) => Promise<ProgramStart>;
