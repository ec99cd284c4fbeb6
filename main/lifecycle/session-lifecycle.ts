import { LogEvent } from '../core/log-events';
import type { HintState } from '../../contracts/renderer';
import type { MonotonicClock } from '../core/clock';
import type { RipcordConfig } from '../core/config';
import { DisposableBase, type Disposable } from '../core/disposable';
import { Emitter } from '../core/emitter';
import { EXIT_CODE_INTERNAL_ERROR } from '../core/exit-codes';
import type { Trigger } from '../core/exit-decisions';
import type { Logger } from '../platform/log/log';
import type { SessionReaper } from '../platform/containment/containment-spawn';
import type { SessionInfo } from '../../contracts/control-socket';
import type { SessionContainer } from '../platform/containment/session-container';
import type { SessionControl } from '../program/tools/session-control';
import type { Transcript } from '../platform/transcript/transcript';
import type { ExitPathHost } from '../decisions/exit-path';
import { GuardedSession } from '../program/guarded-session';
import type { ProgramLauncher, RunningProgram } from '../program/running-program';
import { MainDecisions } from '../decisions/program-decisions';
import { SessionExits, type SessionEnding } from '../decisions/session-exits';

/** Keystrokes typed in the few ms between the first size and the spawn; more is not typing. */
const MAX_EARLY_INPUT_CHARS = 65_536;

export interface SessionLifecycleOptions {
  config: RipcordConfig;
  log: Logger;
  reaper: SessionReaper;
  /** what differs between hosts at the very end: what to restore, how the process dies */
  host: ExitPathHost;
  clock?: MonotonicClock;
  /** overrides config.shell / config.args */
  command?: { file: string; args: string[] };
  /** overrides config.cwd */
  cwd?: string;
  /** `ripcord run`: the program keeps the outer terminal's TERM/COLORTERM */
  inheritTerminalType?: boolean;
  /** the host reports real key presses through pressCtrlC() and keyPressed() (the key entry: the desktop's and the harness's key events) */
  keyPressesReported?: boolean;
  /** which host's session tools the program gets (control socket, transcript, still-running hint); none in unit tests */
  hostKind?: SessionInfo['host'];
  /** where `config` was read from: a start that fails on a setting names the setting and this file */
  settingsFile?: string;
  /** where the program runs: this process (default), or a session host (SessionHostProcess.launcher) */
  programs?: ProgramLauncher;
  /** one pane of a window: its decided exits go to the window (PaneWindow), not to an exit path of its own */
  ending?: SessionEnding;
}

/** What a host may know of the running program: its pid, and the output modes to undo at exit. */
export interface SpawnedSession {
  pid: number;
  /** the program's output modes to undo at exit, when it runs in this process (`ripcord run`) */
  modes?: { readonly inUnterminatedSequence: boolean; resetSequence(): string };
  /** the process view and stop (issue #16), when the host asked for the session tools */
  control?: SessionControl;
  /** the session's transcript (its directory, whether it was made and no file error stopped it), when transcripts are on */
  transcript?: Pick<Transcript, 'dir' | 'kept'>;
  /** what holds the session's processes, and why (DESIGN §4: told to the user when it is no container) */
  containment: Pick<SessionContainer, 'kind' | 'reason'>;
  /** why `ripcord ps` / `ripcord stop` cannot reach the session (no control socket), told to the user as a missing container is */
  unreachable?: string;
  /** true when the program stopped itself (SIGSTOP), false when it runs again; when it runs in this process */
  onStopped?: (listener: (stopped: boolean) => void) => Disposable;
}

/**
 * One pane's session (the one session of `ripcord run`), from its start to its exit (DESIGN §3): it alone owns the Ctrl+C
 * state machine, the exit decisions (and so the exit code) and the exit path. It spawns the
 * program at the first size, keeps input typed before the spawn for it, and routes every
 * trigger — before the spawn, while it runs, after it failed — through the same decisions.
 * Hosts see events (output, hint, flush, spawned, start failed) and give commands (input,
 * resize, ack, pressCtrlC, trigger, exitNow); nothing inside is reachable.
 */
export class SessionLifecycle extends DisposableBase {
  private readonly exits: SessionExits;
  private readonly decisions: MainDecisions;
  private program: RunningProgram | undefined;
  private phase: 'waiting' | 'starting' | 'running' | 'failed' | 'closed' = 'waiting';
  private latestSize: { cols: number; rows: number } | undefined;
  private earlyInput: string[] = [];
  private earlyInputChars = 0;
  private readonly output = new Emitter<string>();
  private readonly hint = new Emitter<HintState>();
  private readonly flush = new Emitter<void>();
  private readonly spawned = new Emitter<SpawnedSession>();
  private readonly startFailed = new Emitter<string>();
  private readonly holding = new Emitter<boolean>();
  private readonly unguarded = new Emitter<string>();
  /** the settings as last edited: the start reads them, the running session keeps its own */
  private config: RipcordConfig;

  /** Output of the program, in order. */
  readonly onOutput = this.output.event;
  /** The double-press hint changed. */
  readonly onHint = this.hint.event;
  /**
   * Fires right before the first output after an interrupt's cut: the kernel dropped the
   * program's queued output there, so a screen may drop what it still holds unparsed.
   */
  readonly onFlush = this.flush.event;
  /** Output is held for an interrupt's cut (true), or the hold ended without one (false): GuardedSession.onHold. */
  readonly onHold = this.holding.event;
  /** The program runs (fires once). */
  readonly onSpawned = this.spawned.event;
  /** The program could not be started: why, for the user. A window close then exits EXIT_CODE_START_FAILED. */
  readonly onStartFailed = this.startFailed.event;
  /**
   * The session would run on without a reaper (it kept killing ripcord's: DESIGN §4): why, for
   * the user. Fires right before the exit path ends the session with EXIT_CODE_INTERNAL_ERROR.
   */
  readonly onUnguarded = this.unguarded.event;

  constructor(private readonly options: SessionLifecycleOptions) {
    super();
    this.exits = new SessionExits(options);
    this.decisions = new MainDecisions(this.exits, options.log);
    this.register(this.decisions);
    this.config = options.config;
    for (const emitter of [this.output, this.hint, this.flush, this.holding, this.spawned, this.startFailed, this.unguarded])
      this.register(emitter);
    this.register(
      options.reaper.onGaveUp((message) => {
        options.log.error(LogEvent.sessionUnguarded, { message });
        this.unguarded.fire(message);
        this.exits.exitNow(EXIT_CODE_INTERNAL_ERROR, 'the session kept killing the reaper');
      }),
    );
  }

  get exiting(): boolean {
    return this.exits.exiting;
  }

  /** The session's transcript directory once its program runs, when transcripts are on. */
  get transcriptDir(): string | undefined {
    return this.program?.transcriptDir;
  }

  /** The program's pid once it runs (its session's root: what the reaper knows it by). */
  get pid(): number | undefined {
    return this.program?.pid;
  }

  /** The screen's size. The first one starts the program, at that size. */
  resize(cols: number, rows: number): void {
    if (this.program) {
      this.program.resize(cols, rows);
      return;
    }
    this.latestSize = { cols, rows };
    if (this.phase !== 'waiting' || this.exits.exiting) return;
    this.phase = 'starting';
    this.start(cols, rows).catch((error: unknown) => this.failStart(String(error)));
  }

  /** User input as the terminal sends it; before the spawn it waits for the program (bounded). */
  input(data: string): void {
    if (this.program) {
      this.program.input(data);
      return;
    }
    if (this.phase !== 'starting') return; // no program, and none coming yet: nothing to type into
    if (this.earlyInputChars + data.length > MAX_EARLY_INPUT_CHARS) {
      this.options.log.warn('session.early-input-dropped', { chars: data.length });
      return;
    }
    this.earlyInput.push(data);
    this.earlyInputChars += data.length;
  }

  /** The screen parsed `chars` more characters of output (flow control, DESIGN §6). */
  ack(chars: number): void {
    this.program?.ack(chars);
  }

  /** A Ctrl+C press from the key entry (key-entry.ts: the window's key events before the page has them); decided at once, a running program follows in order with its input. */
  pressCtrlC = (press?: number): void => {
    this.decisions.press(press);
  };

  /** Any other real key, from a host that reports key presses: a double press is two presses in a row. */
  keyPressed = (): void => {
    this.decisions.keyPressed();
  };

  /** Every exit trigger of every host (signals, close, shortcut, hang-up) comes in here, and goes to SessionExits. */
  trigger = (trigger: Trigger): void => {
    this.exits.decide(trigger);
  };

  /**
   * The settings file was edited: the Ctrl+C intervals apply from the next first press; the
   * program, its arguments, environment and working directory, the exit commands and the kill
   * grace from the next session (a running one was started with its own).
   */
  updateConfig(config: RipcordConfig): void {
    this.config = config;
    this.exits.setTiming(config);
    this.options.reaper.setKillGrace(config.killGraceMs);
    this.program?.configChanged(config);
  }

  /** An exit the host chose (internal error, cannot start): the same exit path, the reaper cleans up. */
  exitNow(code: number, reason: string): void {
    this.exits.exitNow(code, reason);
  }

  /**
   * The pane closed while the app runs on (PaneWindow): the session's container is killed now —
   * or as soon as a start under way ends — and its program closed. The app's exit path is not run.
   */
  close(): void {
    const { pid } = this;
    this.phase = 'closed';
    if (pid !== undefined) this.options.reaper.endSession(pid);
    this.dispose();
  }

  private async start(cols: number, rows: number): Promise<void> {
    const { log, reaper, command, cwd, inheritTerminalType, keyPressesReported, hostKind } = this.options;
    const { config } = this;
    const launch = this.options.programs ?? ((options) => GuardedSession.start(options));
    const started = await launch({
      config,
      log,
      reaper,
      cols,
      rows,
      decisions: this.decisions,
      describedAs: this.describeCommand(),
      killGraceMs: () => this.config.killGraceMs,
      onExit: (listener) => this.exits.onExit(listener),
      command,
      cwd,
      inheritTerminalType,
      keyPressesReported,
      hostKind,
    });
    if (!started.ok) {
      this.failStart(this.blameSetting(started.error));
      return;
    }
    const program = started.value;
    if (this.phase === 'closed') {
      // the pane closed while its program was being spawned, before anyone knew its pid
      reaper.endSession(program.pid);
      program.dispose();
      return;
    }
    this.register(program);
    if (this.exits.exiting) {
      // The exit ran while the program was being spawned, before the reaper knew it: once more.
      log.event(LogEvent.exitLateSession, { sessionPid: program.pid });
      reaper.killAll();
      program.dispose();
      return;
    }
    this.phase = 'running';
    this.program = program;
    this.register(this.decisions.attach(program));
    program.run();
    this.register(program.onStartOver(() => reaper.takeOver()));
    // a program run in this process shows its output here (`ripcord run`); a hosted one's goes from the session host to the page
    const local = program instanceof GuardedSession ? program : undefined;
    if (local) {
      this.register(local.onFlush(() => this.flush.fire()));
      this.register(local.onHold((holding) => this.holding.fire(holding)));
      this.register(local.onOutput((data) => this.output.fire(data)));
      this.register(local.onHint((hint) => this.hint.fire(hint)));
    }
    const { kind, reason } = program.container;
    this.spawned.fire({
      pid: program.pid,
      containment: { kind, reason },
      modes: local?.scanner,
      onStopped: local && ((listener) => local.onStopped(listener)),
      control: local?.control,
      transcript: local?.transcript,
      unreachable: local?.unreachable,
    });
    const size = this.latestSize;
    if (size && (size.cols !== cols || size.rows !== rows)) program.resize(size.cols, size.rows);
    const early = this.earlyInput;
    this.earlyInput = [];
    this.earlyInputChars = 0;
    for (const data of early) program.input(data);
  }

  /** What runs, for `ripcord ps` and the transcript header. */
  private describeCommand(): string {
    const { config } = this;
    const { command } = this.options;
    const program = command ?? { file: config.shell ?? process.env.SHELL ?? '/bin/sh', args: config.args };
    return [program.file, ...program.args].join(' ');
  }

  /**
   * The program or the working directory the start failed on, when it came from the settings:
   * the message names the setting and its file, which the user must fix (docs/settings.md).
   */
  private blameSetting(error: string): string {
    const { config, command, cwd, settingsFile } = this.options;
    if (settingsFile === undefined) return error;
    const setting =
      command === undefined && config.shell !== undefined && error.startsWith(`cannot start "${config.shell}"`)
        ? 'shell'
        : cwd === undefined && config.cwd !== undefined && error.startsWith('cannot use working directory')
          ? 'cwd'
          : undefined;
    return setting === undefined ? error : `${error} (the "${setting}" setting in ${settingsFile})`;
  }

  private failStart(message: string): void {
    if (this.phase === 'closed') return;
    this.phase = 'failed';
    this.earlyInput = [];
    this.earlyInputChars = 0;
    this.options.log.error(LogEvent.sessionStartFailed, { error: message });
    this.exits.markStartFailed();
    this.startFailed.fire(message);
  }
}
