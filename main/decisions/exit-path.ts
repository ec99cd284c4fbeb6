import { LogEvent } from '../core/log-events';
import type { Disposable } from '../core/disposable';
import { Emitter } from '../core/emitter';
import type { Logger } from '../platform/log/log';
import type { ReaperClient } from '../platform/reaper-client/reaper-client';

/** What differs between hosts at the very end: what to restore, and how the process dies. */
export interface ExitPathHost {
  /** Emergency cleanup (terminal host: restore the outer terminal). Synchronous; may throw — it is contained. */
  restore(): void;
  /** `process.exit` / `app.exit`; `reason` is the exit decision's, as logged (exit-decisions.ts). */
  exit(code: number, reason: string): void;
}

export interface ExitPathOptions {
  reaper: Pick<ReaperClient, 'killAll'>;
  log: Logger;
  host: ExitPathHost;
}

/**
 * "Exit now" of DESIGN §3: the one function every exit trigger ends in. It never awaits:
 * reaper.killAll() writes cgroup.kill for every session cgroup itself (DESIGN §4 "the host
 * kills too") and gives the reaper one pipe write; the reaper finishes after this process is gone.
 */
export class ExitPath {
  private started = false;
  private readonly lastWords = new Emitter<void>();

  constructor(private readonly options: ExitPathOptions) {}

  /**
   * Fires once, synchronously, inside the exit path right after the session was killed: the
   * last moment to tell other processes (a `ripcord stop` waiting on the control socket) and
   * to remove what names this process (the socket file). A listener must not wait.
   */
  onExit(listener: () => void): Disposable {
    return this.lastWords.event(listener);
  }

  get exiting(): boolean {
    return this.started;
  }

  /**
   * Runs once, with the code ExitDecisionTable decided (its only owner: SessionExits calls this
   * after an 'exit' decision, never with a code of its own); later calls do nothing.
   */
  exitNow(code: number, reason: string): void {
    if (this.started) return;
    this.started = true;
    const { reaper, log, host } = this.options;
    log.event(LogEvent.exitBegin, { code, reason });
    this.step(LogEvent.exitReaper, () => reaper.killAll());
    this.step(LogEvent.exitUnpublish, () => this.lastWords.fire());
    this.step(LogEvent.exitRestore, () => host.restore());
    log.event(LogEvent.exitEnd, { code });
    // eslint-disable-next-line no-restricted-syntax -- the final log append: one of the exit path's two sync calls (DESIGN §3)
    this.step(LogEvent.exitFlush, () => log.flushSync());
    host.exit(code, reason);
  }

  /** A failing step is logged and skipped: nothing may stand between a trigger and the exit. */
  private step(name: string, run: () => void): void {
    try {
      run();
      this.options.log.event(name);
    } catch (error) {
      this.options.log.error(name, { error: String(error) });
    }
  }
}
