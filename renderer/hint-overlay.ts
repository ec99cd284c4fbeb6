import type { HintState } from '../contracts/renderer';
import { secondPressEnds } from '../main/core/hint-text';
import { ACTIONS } from '../main/core/actions';

/** How often the countdown text refreshes; a tenth of a second is what it shows. */
const COUNTDOWN_TICK_MS = 100;

/** `closes`: what a double press ends — the app, or (several panes, the "pane" setting) this pane. */
/** `stopJobKey`: the stop key as bound (the table's by default). */
export function hintText(
  remainingMs: number,
  jobStillRunning = false,
  closes: 'pane' | 'app' = 'app',
  what?: HintState['ends'],
  stopJobKey = ACTIONS.stopJob.keys.join(' / '),
): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 100) / 10);
  // by name: "quits ripcord — node and 2 other processes end too" (main/core/hint-text.ts)
  const ends = secondPressEnds(closes, what);
  if (jobStillRunning) return `still running — ${stopJobKey} stops the job · Ctrl+C twice ${ends} (${seconds.toFixed(1)} s)`;
  if (what) return `Ctrl+C again ${ends} (${seconds.toFixed(1)} s)`;
  return closes === 'pane'
    ? `Ctrl+C again closes this pane (${seconds.toFixed(1)} s)`
    : `Press Ctrl+C again to quit (${seconds.toFixed(1)} s)`;
}

/**
 * The "Press Ctrl+C again to quit" overlay (DESIGN §3). The host says when it shows and how
 * long the double-press interval has left; the overlay counts down locally and hides itself
 * when the interval runs out, or at once when the host says the cancel was handled.
 */
export class HintOverlay {
  private readonly element: HTMLElement;
  private deadline = 0;
  private jobStillRunning = false;
  private ends: HintState['ends'];
  private closes: 'pane' | 'app' = 'app';
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    parent: HTMLElement,
    private readonly stopJobKey: () => string,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.element = document.createElement('div');
    this.element.className = 'ripcord-hint';
    this.element.setAttribute('role', 'status');
    this.element.hidden = true;
    parent.appendChild(this.element);
  }

  update(hint: HintState): void {
    if (!hint.visible || hint.remainingMs <= 0) {
      this.hide();
      return;
    }
    this.deadline = this.now() + hint.remainingMs;
    this.jobStillRunning = hint.jobStillRunning === true;
    this.ends = hint.ends;
    this.element.hidden = false;
    this.render();
    this.timer ??= setInterval(() => this.render(), COUNTDOWN_TICK_MS);
  }

  /** What the hint says a double press ends (its window has one pane or several). */
  setDoublePressCloses(closes: 'pane' | 'app'): void {
    this.closes = closes;
    if (!this.element.hidden) this.render();
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  private render(): void {
    const remaining = this.deadline - this.now();
    if (remaining <= 0) {
      this.hide();
      return;
    }
    this.element.textContent = hintText(remaining, this.jobStillRunning, this.closes, this.ends, this.stopJobKey());
  }

  private hide(): void {
    this.element.hidden = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.hide();
    this.element.remove();
  }
}
