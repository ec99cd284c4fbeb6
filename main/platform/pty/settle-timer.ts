import type { Disposable } from '../../core/disposable';

/**
 * Fires once, when `quietMs` passed without activity() — but never later than `maxMs` after
 * start(): "let the pty drain, within a bound". The one wait for a quiet pty: the session's last
 * output (session.ts) and the output gathered after a cut (output-batch.ts).
 *
 * Quiet means the loop looked for output and found none: a loop that comes back late (a busy
 * machine) runs its due timers before it polls for I/O, so output already waiting in the pty
 * would still be unread when the quiet time is up. The timer therefore only schedules the check,
 * and the check runs after the loop's next poll (setImmediate), where that output counts.
 */
export class SettleTimer implements Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private afterPoll: ReturnType<typeof setImmediate> | undefined;
  private deadline: number | undefined;

  constructor(
    private readonly quietMs: number,
    private readonly maxMs: number,
    private readonly fire: () => void,
  ) {}

  /** Starts waiting; a second call changes nothing. */
  start(): void {
    if (this.deadline !== undefined) return;
    this.deadline = performance.now() + this.maxMs;
    this.arm();
  }

  /** Output came: wait for quiet again (until the deadline, after which output no longer delays it). */
  activity(): void {
    const waiting = this.timer !== undefined || this.afterPoll !== undefined;
    if (waiting && performance.now() < (this.deadline ?? 0)) this.arm();
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearImmediate(this.afterPoll);
    this.timer = undefined;
    this.afterPoll = undefined;
  }

  private arm(): void {
    this.dispose();
    const wait = Math.max(0, Math.min(this.quietMs, (this.deadline ?? 0) - performance.now()));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.afterPoll = setImmediate(() => {
        this.afterPoll = undefined;
        this.fire();
      });
    }, wait);
  }
}
