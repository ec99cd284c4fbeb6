import type { Disposable } from '../core/disposable';

/**
 * Fires once, when `quietMs` passed without activity() — but never later than `maxMs` after
 * start(): "let the pty drain, within a bound".
 */
export class SettleTimer implements Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
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

  /** Output came: wait for quiet again (until the deadline). */
  activity(): void {
    if (this.timer) this.arm();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.quietMs, (this.deadline ?? 0) - performance.now()));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, wait);
  }
}
