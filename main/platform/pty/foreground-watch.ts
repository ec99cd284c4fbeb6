import { DisposableBase } from '../../core/disposable';
import { Emitter } from '../../core/emitter';

/** Poll period: well under the 200 ms debounce of a second press. */
const FOREGROUND_POLL_MS = 25;
/** How long a cancel is watched for the foreground coming back (a job may take time to die). */
const FOREGROUND_WATCH_MS = 5_000;

/**
 * After a cancel: whether the session's root holds the terminal's foreground again (the job it
 * cancelled died or stopped), polled until it does or FOREGROUND_WATCH_MS pass. A newer cancel
 * starts the watch over.
 */
export class ForegroundWatch extends DisposableBase {
  private watch: { timer: ReturnType<typeof setTimeout>; until: number } | undefined;
  private readonly returned = this.register(new Emitter<void>());

  /** Fires once a watch finds the root holding the foreground. */
  readonly onReturned = this.returned.event;

  constructor(private readonly rootHoldsForeground: () => Promise<boolean>) {
    super();
  }

  /** A cancel went to the program: watch from now. */
  start(): void {
    this.stop();
    this.watch = { timer: setTimeout(() => void this.poll(), 0), until: performance.now() + FOREGROUND_WATCH_MS };
  }

  /** Nothing more to watch (the program ended). */
  stop(): void {
    if (this.watch) clearTimeout(this.watch.timer);
    this.watch = undefined;
  }

  override dispose(): void {
    this.stop();
    super.dispose();
  }

  private async poll(): Promise<void> {
    const watch = this.watch;
    if (!watch) return;
    const holds = await this.rootHoldsForeground();
    if (this.watch !== watch) return; // a newer cancel took over, or the watch stopped
    if (holds) {
      this.watch = undefined;
      this.returned.fire();
    } else if (performance.now() < watch.until) {
      watch.timer = setTimeout(() => void this.poll(), FOREGROUND_POLL_MS);
    } else {
      this.watch = undefined;
    }
  }
}
