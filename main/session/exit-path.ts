import { LogEvent } from '../core/log-events';
import type { Logger } from '../platform/log';
import type { ReaperClient } from '../platform/reaper-client';

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

  constructor(private readonly options: ExitPathOptions) {}

  get exiting(): boolean {
    return this.started;
  }

  /**
   * Runs once, with the code ExitDecisions decided (its only owner: SessionExits calls this
   * after an 'exit' decision, never with a code of its own); later calls do nothing.
   */
  exitNow(code: number, reason: string): void {
    if (this.started) return;
    this.started = true;
    const { reaper, log, host } = this.options;
    log.event(LogEvent.exitBegin, { code, reason });
    this.step(LogEvent.exitReaper, () => reaper.killAll());
    this.step(LogEvent.exitRestore, () => host.restore());
    log.event(LogEvent.exitEnd, { code });
    // eslint-disable-next-line no-restricted-syntax -- the final log append is the one sync write the exit path makes (DESIGN §4)
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
