import type { HintState } from '../../preload/api';
import type { Disposable } from '../core/disposable';
import { Emitter } from '../core/emitter';

/**
 * "Press Ctrl+C again to quit" (DESIGN §3): visible for the double-press window after a
 * cancel. It stays visible when the cancel is handled, because a second press in the window
 * still quits (ExitArmed) — hiding it then would hide the truth.
 */
export class DoublePressHint implements Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly hint = new Emitter<HintState>();
  readonly onHint = this.hint.event;

  constructor(
    private readonly windowMs: number,
    private readonly onExpire: () => void,
  ) {}

  show(): void {
    this.clearTimer();
    this.timer = setTimeout(() => this.hide(), this.windowMs);
    this.timer.unref?.();
    this.emit({ visible: true, remainingMs: this.windowMs });
  }

  hide(): void {
    if (this.timer === undefined) return;
    this.clearTimer();
    this.onExpire();
    this.emit({ visible: false, remainingMs: 0 });
  }

  dispose(): void {
    this.clearTimer();
    this.hint.dispose();
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private emit(hint: HintState): void {
    this.hint.fire(hint);
  }
}
