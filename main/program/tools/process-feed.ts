// The process view's data for a window (desktop or browser harness): a view every second while
// the view is open and nothing while it is closed, the process count and the foreground program
// every few seconds for the tab's title, and stop requests with their outcome in words.
import type { ProcessView, StopOutcome } from '../../../contracts/renderer';
import type { Disposable } from '../../core/disposable';
import type { EventLog } from '../../platform/log/event-log';
import type { SessionControl } from './session-control';

/** The view refreshes this often while it is open (issue #16: every second). */
const VIEW_REFRESH_MS = 1_000;
/** The count and the program in the title: fresh enough at a glance, one /proc scan per period. */
const COUNT_REFRESH_MS = 2_000;

export interface ProcessFeedSink {
  view(view: ProcessView): void;
  count(count: number): void;
  /** the foreground program's name, when it changes */
  foreground(program: string): void;
  outcome(outcome: StopOutcome): void;
}

export class ProcessFeed implements Disposable {
  private viewTimer: ReturnType<typeof setInterval> | undefined;
  private readonly countTimer: ReturnType<typeof setInterval>;
  private viewing = false;
  private counting = false;
  private lastCount = -1;
  private lastForeground: string | undefined;

  constructor(
    private readonly control: SessionControl,
    private readonly sink: ProcessFeedSink,
    private readonly log: EventLog,
  ) {
    this.countTimer = setInterval(() => void this.sendCount(), COUNT_REFRESH_MS);
    this.countTimer.unref();
  }

  watch(open: boolean): void {
    if (open && !this.viewTimer) {
      this.viewTimer = setInterval(() => void this.sendView(), VIEW_REFRESH_MS);
      this.viewTimer.unref();
      void this.sendView();
    } else if (!open && this.viewTimer) {
      clearInterval(this.viewTimer);
      this.viewTimer = undefined;
    }
  }

  stopJob(): void {
    this.report(this.control.stopJob());
  }

  stopProcess(pid: number): void {
    this.report(this.control.stopProcess(pid));
  }

  dispose(): void {
    clearInterval(this.countTimer);
    this.watch(false);
  }

  private report(stop: Promise<{ ok: boolean; message: string }>): void {
    stop.then(
      (result) => {
        this.sink.outcome({ ok: result.ok, message: result.message });
        if (this.viewTimer) void this.sendView();
      },
      (error: unknown) => this.sink.outcome({ ok: false, message: `stop failed: ${String(error)}` }),
    );
  }

  /** One refresh at a time: on a loaded machine a slow scan is skipped, never queued. */
  private async sendView(): Promise<void> {
    if (this.viewing) return;
    this.viewing = true;
    try {
      const view = await this.control.view();
      if (this.viewTimer) this.sink.view(view);
      this.publishCount(view.rows.length);
    } catch (error) {
      this.log.warn('process-view.failed', { error: String(error) });
    } finally {
      this.viewing = false;
    }
  }

  private async sendCount(): Promise<void> {
    if (this.counting) return;
    this.counting = true;
    try {
      const [count, program] = await Promise.all([this.control.count(), this.control.foreground()]);
      this.publishCount(count);
      if (program !== undefined && program !== this.lastForeground) {
        this.lastForeground = program;
        this.sink.foreground(program);
      }
    } catch (error) {
      this.log.warn('process-count.failed', { error: String(error) });
    } finally {
      this.counting = false;
    }
  }

  private publishCount(count: number): void {
    if (count === this.lastCount) return;
    this.lastCount = count;
    this.sink.count(count);
  }
}
