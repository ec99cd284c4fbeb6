import type { MonotonicClock } from '../core/clock';
import type { RipcordConfig } from '../core/config';
import { CtrlCState } from '../core/ctrl-c-state';
import { type Decision, ExitDecisions, type Trigger } from '../core/exit-decisions';
import type { Logger } from '../platform/log/log';
import type { ReaperClient } from '../platform/reaper/reaper-client';
import { ExitPath, type ExitPathHost } from './exit-path';

export interface SessionExitsOptions {
  config: Pick<RipcordConfig, 'debounceMs' | 'doublePressWindowMs'>;
  log: Logger;
  reaper: Pick<ReaperClient, 'killAll'>;
  host: ExitPathHost;
  clock?: MonotonicClock;
}

/**
 * The one Ctrl+C state machine, the one set of exit decisions (the only holder of the exit
 * code) and the one exit path of a process (DESIGN §3). SessionLifecycle creates it at process
 * start; the GuardedSession it spawns later decides with the same objects, so a press before the
 * spawn and one after it are two presses of one machine.
 */
export class SessionExits {
  readonly state: CtrlCState;
  readonly decisions: ExitDecisions;
  readonly exitPath: ExitPath;

  constructor(options: SessionExitsOptions) {
    const { config, log, reaper, host } = options;
    this.state = new CtrlCState({ clock: options.clock ?? (() => performance.now()), debounceMs: config.debounceMs, windowMs: config.doublePressWindowMs });
    this.decisions = new ExitDecisions(this.state);
    this.exitPath = new ExitPath({ reaper, log, host });
  }

  /** Edited settings: the press intervals apply from the next first press (CtrlCState.setTiming). */
  setTiming(config: Pick<RipcordConfig, 'debounceMs' | 'doublePressWindowMs'>): void {
    this.state.setTiming(config.debounceMs, config.doublePressWindowMs);
  }

  get exiting(): boolean {
    return this.decisions.exitCode !== undefined;
  }

  /** Decides a trigger; an exit decision runs the exit path at once. */
  decide(trigger: Trigger): Decision {
    const decision = this.decisions.decide(trigger);
    if (decision.action === 'exit') this.exitPath.exitNow(decision.code, decision.reason);
    return decision;
  }

  /** An exit the host chose (internal error, cannot start); the first exit decided wins. */
  exitNow(code: number, reason: string): void {
    const decision = this.decisions.exitWith(code, reason);
    if (decision.action === 'exit') this.exitPath.exitNow(decision.code, decision.reason);
  }
}
