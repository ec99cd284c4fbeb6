import type { App, GlobalShortcut } from 'electron';
import type { MonotonicClock } from '../core/clock';
import type { RipcordConfig } from '../core/config';
import { CtrlCState } from '../core/ctrl-c-state';
import { ExitDecisions, type Trigger } from '../core/exit-decisions';
import { ExitPath, type ExitPathHost } from '../session/exit-path';
import type { GuardedSession } from '../session/guarded-session';
import type { Logger } from '../platform/log';
import type { ReaperClient } from '../platform/reaper-client';

/** Exit code when the window is closed after the program could not be started: the run failed. */
export const START_FAILED_EXIT_CODE = 1;

/**
 * DESIGN §3 step 3-4 for Electron: nothing of an OS terminal to restore, but the global shortcut
 * is given back; then `app.exit`, which closes the window without 'before-quit' or asking anyone.
 */
export function desktopExitHost(deps: { app: Pick<App, 'exit'>; shortcuts: Pick<GlobalShortcut, 'unregisterAll'> }): ExitPathHost {
  return {
    restore: () => deps.shortcuts.unregisterAll(),
    exit: (code) => deps.app.exit(code),
  };
}

type RoutedSession = Pick<GuardedSession, 'pressCtrlC' | 'trigger' | 'exitPath'>;

/**
 * Every desktop trigger (key, signal, close, shortcut) goes through here into the one exit path.
 * Once the session runs, that is the session's own state machine and exit path; before it runs
 * (the window is loading) or when it could not start, an exit path of the same core makes the
 * same decisions, so a signal or a close at any moment still exits with the right code.
 */
export class ExitRouter {
  private guarded: RoutedSession | undefined;
  private readonly decisions: ExitDecisions;
  private readonly fallback: ExitPath;
  private fallbackCode: number | undefined;
  private startFailed = false;

  constructor(
    private readonly options: {
      config: Pick<RipcordConfig, 'debounceMs' | 'doublePressWindowMs'>;
      log: Logger;
      reaper: Pick<ReaperClient, 'killAll'>;
      host: ExitPathHost;
      clock?: MonotonicClock;
    },
  ) {
    const { config, log, reaper, host } = options;
    const state = new CtrlCState({ clock: options.clock ?? (() => performance.now()), debounceMs: config.debounceMs, windowMs: config.doublePressWindowMs });
    this.decisions = new ExitDecisions(state);
    this.fallback = new ExitPath({ state, reaper, log, host });
  }

  get exiting(): boolean {
    return this.fallbackCode !== undefined || (this.guarded?.exitPath.exiting ?? false);
  }

  /** The session is running: from now on its state machine decides. */
  attach(guarded: RoutedSession): void {
    this.guarded = guarded;
    // An exit that happened while the session was being spawned still covers the new session.
    if (this.fallbackCode !== undefined) guarded.exitPath.exitNow(this.fallbackCode, 'exit while the session was starting');
  }

  /** The program could not be started; the window shows why until it is closed. */
  markStartFailed(): void {
    this.startFailed = true;
  }

  pressCtrlC = (): void => {
    if (this.guarded) this.guarded.pressCtrlC();
    else this.decideWithoutSession({ kind: 'ctrl-c' });
  };

  trigger = (trigger: Trigger): void => {
    if (this.guarded) this.guarded.trigger(trigger);
    else this.decideWithoutSession(trigger);
  };

  /** A fatal host error: exit through the same path, with the reaper cleaning up. */
  exitNow(code: number, reason: string): void {
    if (this.guarded) this.guarded.exitPath.exitNow(code, reason);
    else this.exitWithoutSession(code, reason);
  }

  private decideWithoutSession(trigger: Trigger): void {
    const decision = this.decisions.decide(trigger);
    this.options.log.event('trigger', { kind: trigger.kind, action: decision.action, session: false });
    if (decision.action !== 'exit') return;
    const code = this.startFailed && trigger.kind === 'window-close' ? START_FAILED_EXIT_CODE : decision.code;
    this.exitWithoutSession(code, decision.reason);
  }

  private exitWithoutSession(code: number, reason: string): void {
    this.fallbackCode ??= code;
    this.fallback.exitNow(code, reason);
  }
}
