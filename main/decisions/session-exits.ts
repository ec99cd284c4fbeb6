import { LogEvent } from '../core/log-events';
import type { MonotonicClock } from '../core/clock';
import type { RipcordConfig } from '../core/config';
import { CtrlCState } from '../core/ctrl-c-state';
import { type Disposable, toDisposable } from '../core/disposable';
import { type Decision, ExitDecisionTable, type Trigger } from '../core/exit-decisions';
import type { Logger } from '../platform/log/log';
import type { ReaperClient } from '../platform/reaper-client/reaper-client';
import { ExitPath, type ExitPathHost } from './exit-path';
import type { RunningProgram } from '../program/running-program';

export interface SessionExitsOptions {
  config: Pick<RipcordConfig, 'debounceMs' | 'doublePressWindowMs'>;
  log: Logger;
  reaper: Pick<ReaperClient, 'killAll'>;
  host: ExitPathHost;
  clock?: MonotonicClock;
  /** one pane of a window (PaneWindow): its decided exits go there instead of to an exit path of its own */
  ending?: SessionEnding;
}

/**
 * Whose an exit is: the app's (a signal, the window's close, the global shortcut, a SIGINT
 * double press, an internal error) or the session's own (a double Ctrl+C, an exit command, the
 * program's end), which in a window of several panes ends only its pane.
 */
export type ExitScope = 'app' | 'session';

/** Where a pane's decided exits go: its window, which ends the pane or the app (PaneWindow). */
export interface SessionEnding {
  ended(code: number, reason: string, scope: ExitScope): void;
  /** the app's exit path's last words (ExitPath.onExit) */
  onExit(listener: () => void): Disposable;
}

/** The triggers that are the session's own; every other is the app's. */
const SESSION_TRIGGERS: ReadonlySet<Trigger['kind']> = new Set(['ctrl-c', 'exit-command', 'session-ended']);

/**
 * The one place a session decides what a trigger does (DESIGN §3): its Ctrl+C state machine,
 * its exit decisions (the only holder of its exit code) and what acts on an exit — its own exit
 * path (`ripcord run`), or its window's (`ending`: a pane's exit ends the pane or the app).
 * SessionLifecycle creates one per session, at the session's start; every trigger of that
 * session — a press, a signal, a close, the shortcut, an exit command, the root's end — comes
 * here, from the host before the spawn and from the running program after it, so a press before
 * the spawn and one after it are two presses of one machine.
 */
export class SessionExits {
  readonly state: CtrlCState;
  private readonly table: ExitDecisionTable;
  private readonly ending: SessionEnding;
  private program: Pick<RunningProgram, 'beforeDecision' | 'decided'> | undefined;

  constructor(private readonly options: SessionExitsOptions) {
    const { config, log, reaper, host } = options;
    this.state = new CtrlCState({
      clock: options.clock ?? (() => performance.now()),
      debounceMs: config.debounceMs,
      intervalMs: config.doublePressWindowMs,
    });
    this.table = new ExitDecisionTable(this.state);
    if (options.ending) this.ending = options.ending;
    else {
      const exitPath = new ExitPath({ reaper, log, host });
      this.ending = { ended: (code, reason) => exitPath.exitNow(code, reason), onExit: (listener) => exitPath.onExit(listener) };
    }
  }

  /** Edited settings: the press intervals apply from the next first press (CtrlCState.setTiming). */
  setTiming(config: Pick<RipcordConfig, 'debounceMs' | 'doublePressWindowMs'>): void {
    this.state.setTiming(config.debounceMs, config.doublePressWindowMs);
  }

  get exiting(): boolean {
    return this.table.exitCode !== undefined;
  }

  /** ExitPath.onExit: the last moment to tell other processes, inside the exit path. */
  onExit(listener: () => void): Disposable {
    return this.ending.onExit(listener);
  }

  /** The running program takes part in every decision until the returned Disposable is disposed. */
  attach(program: Pick<RunningProgram, 'beforeDecision' | 'decided'>): Disposable {
    this.program = program;
    return toDisposable(() => {
      if (this.program === program) this.program = undefined;
    });
  }

  /** Decides a trigger and logs it; an exit decision runs the exit path at once. */
  decide(trigger: Trigger): Decision {
    const { program } = this;
    program?.beforeDecision();
    const decision = this.table.decide(trigger);
    this.options.log.event(LogEvent.trigger, { kind: trigger.kind, action: decision.action, ...(program ? {} : { session: false }) });
    program?.decided(trigger, decision);
    if (decision.action === 'exit')
      this.ending.ended(decision.code, decision.reason, SESSION_TRIGGERS.has(trigger.kind) ? 'session' : 'app');
    return decision;
  }

  /** An exit the host chose (internal error, cannot start); the first exit decided wins. */
  exitNow(code: number, reason: string): void {
    const decision = this.table.exitWith(code, reason);
    if (decision.action === 'exit') this.ending.ended(decision.code, decision.reason, 'app');
  }

  /** The program could not be started: a window close then exits EXIT_CODE_START_FAILED. */
  markStartFailed(): void {
    this.table.markStartFailed();
  }
}
