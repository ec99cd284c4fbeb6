import type { HintState } from '../../contracts/renderer';
import type { Disposable } from '../core/disposable';
import { Emitter } from '../core/emitter';
import { CUT_WAIT_MS } from './interrupt-hold';
import { SETTLE_MAX_MS } from './output-batch';

/**
 * The latest a press's answer goes to the screen: the hold waits this long for the cut, then the
 * output after it settles. A hint with no answer to ride on (nothing printed) goes then.
 */
const HINT_REVEAL_MAX_MS = CUT_WAIT_MS + SETTLE_MAX_MS;

/**
 * "Press Ctrl+C again to quit" (DESIGN §3): visible for the double-press window after a
 * cancel. It stays visible when the cancel is handled, because a second press in the window
 * still quits (ExitArmed) — hiding it then would hide the truth.
 *
 * The window starts at the press, but the screen hears of the hint with the press's answer
 * (`reveal`, the first output after the cut), not before it: a hint drawn first costs a busy
 * screen a frame before the prompt (A/B in the harness, WebGL `yes` flood, 12 alternating runs
 * each: median 62 ms with the hint sent at the press, 46 ms with it sent after the answer).
 */
export class DoublePressHint implements Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private revealTimer: ReturnType<typeof setTimeout> | undefined;
  private deadline = 0;
  private readonly hint = new Emitter<HintState>();
  readonly onHint = this.hint.event;

  constructor(
    /** the window of the press just made (the settings can change it between presses) */
    private readonly windowMs: () => number,
    private readonly onExpire: () => void,
  ) {}

  show(): void {
    this.clearTimers();
    const windowMs = this.windowMs();
    this.deadline = performance.now() + windowMs;
    this.timer = setTimeout(() => this.hide(), windowMs);
    this.timer.unref?.();
    this.revealTimer = setTimeout(() => this.reveal(), HINT_REVEAL_MAX_MS);
    this.revealTimer.unref?.();
  }

  /** The press's answer went to the screen: the hint follows it, with the window's time left. */
  reveal(): void {
    if (this.revealTimer === undefined) return;
    clearTimeout(this.revealTimer);
    this.revealTimer = undefined;
    this.emit({ visible: true, remainingMs: Math.max(0, this.deadline - performance.now()) });
  }

  hide(): void {
    if (this.timer === undefined) return;
    this.reveal(); // listeners see every hint shown before it is hidden
    this.clearTimers();
    this.onExpire();
    this.emit({ visible: false, remainingMs: 0 });
  }

  dispose(): void {
    this.clearTimers();
    this.hint.dispose();
  }

  private clearTimers(): void {
    clearTimeout(this.timer);
    clearTimeout(this.revealTimer);
    this.timer = undefined;
    this.revealTimer = undefined;
  }

  private emit(hint: HintState): void {
    this.hint.fire(hint);
  }
}
