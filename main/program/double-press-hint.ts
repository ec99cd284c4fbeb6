import type { HintState } from '../../contracts/renderer';
import type { Disposable } from '../core/disposable';
import { Emitter } from '../core/emitter';
import { CUT_WAIT_MS } from './interrupt-hold';
import { SETTLE_MAX_MS } from './output-batch';

/**
 * The latest a press's answer goes to the screen: the hold waits this long for the cut, then the
 * output after it settles. A hint with no answer to ride on (nothing printed) goes then. A hold
 * that was full reads on after its wait (its last look, interrupt-hold.ts); the hint does not
 * wait for that rare longer hold and may then come a frame before the answer.
 */
const HINT_REVEAL_MAX_MS = CUT_WAIT_MS + SETTLE_MAX_MS;

/**
 * "Press Ctrl+C again to quit" (DESIGN §3): visible for the double-press interval after a
 * cancel. It stays visible when the cancel is handled, because a second press in the interval
 * still quits (ExitArmed) — hiding it then would hide the truth.
 *
 * The interval starts at the press, but the screen hears of the hint with the press's answer
 * (`reveal`, the first output after the cut), not before it: a hint drawn first costs a busy
 * screen a frame before the prompt (docs/benchmarks.md#interrupt-under-a-flood).
 */
export class DoublePressHint implements Disposable {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private revealTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly hint = new Emitter<HintState>();
  readonly onHint = this.hint.event;

  constructor(
    /**
     * The time left of the double-press interval the press just made opened, on the Ctrl+C
     * machine's clock (CtrlCState.hintRemainingMs): a fake clock in a test drives both.
     */
    private readonly remainingMs: () => number,
    private readonly onExpire: () => void,
  ) {}

  show(): void {
    this.clearTimers();
    this.timer = setTimeout(() => this.hide(), this.remainingMs());
    this.timer.unref();
    this.revealTimer = setTimeout(() => this.reveal(), HINT_REVEAL_MAX_MS);
    this.revealTimer.unref();
  }

  /** The press's answer went to the screen: the hint follows it, with the interval's time left. */
  reveal(): void {
    if (this.revealTimer === undefined) return;
    clearTimeout(this.revealTimer);
    this.revealTimer = undefined;
    this.emit({ visible: true, remainingMs: this.remainingMs() });
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
