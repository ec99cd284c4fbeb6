/** Pause the pty beyond this many unparsed chars: bounds what a Ctrl+C's prompt queues behind. */
export const HIGH_WATERMARK_CHARS = 100_000;
/** Resume only once the screen has nearly caught up, so pause/resume does not flap every chunk. */
export const LOW_WATERMARK_CHARS = 5_000;
/**
 * The screen acknowledges this often: fine enough to resume promptly, coarse enough to be cheap.
 * At most LOW_WATERMARK_CHARS: a smaller remainder left unacknowledged must still resume the pty.
 */
export const ACK_EVERY_CHARS = 5_000;

/**
 * Acknowledgement-based flow control (DESIGN §6): counts chars sent to the screen and not yet
 * parsed there, and says when to pause and resume the pty. Acks come from another process, so
 * a bad count (negative, not finite) is ignored and over-acknowledging only empties the count.
 */
export class FlowControl {
  private pending = 0;
  private isPaused = false;

  constructor(
    private readonly high: number = HIGH_WATERMARK_CHARS,
    private readonly low: number = LOW_WATERMARK_CHARS,
  ) {
    if (!(low >= 0 && high > low && Number.isFinite(high))) {
      throw new RangeError(`watermarks need 0 <= low < high, got low ${low}, high ${high}`);
    }
  }

  get unacknowledged(): number {
    return this.pending;
  }

  get paused(): boolean {
    return this.isPaused;
  }

  onSent(chars: number): 'pause' | undefined {
    if (!isCount(chars)) return undefined;
    this.pending += chars;
    if (this.isPaused || this.pending <= this.high) return undefined;
    this.isPaused = true;
    return 'pause';
  }

  onAck(chars: number): 'resume' | undefined {
    if (!isCount(chars)) return undefined;
    this.pending = Math.max(0, this.pending - chars);
    if (!this.isPaused || this.pending >= this.low) return undefined;
    this.isPaused = false;
    return 'resume';
  }
}

function isCount(chars: number): boolean {
  return Number.isFinite(chars) && chars > 0;
}
