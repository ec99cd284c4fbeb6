/** Pause the pty beyond this many unparsed chars: bounds what a Ctrl+C's prompt queues behind. */
export const HIGH_WATERMARK_CHARS = 100_000;
/**
 * Resume while the screen still has half a window to parse, so it does not run dry during the
 * ack's round trip, as with VS Code's 5 000 (docs/benchmarks.md#flow-control-window); far
 * enough below the high mark that pause/resume does not flap every chunk.
 */
export const LOW_WATERMARK_CHARS = 50_000;
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
  /** chars sent before the screen's last flush whose acks are still to come (see onFlush) */
  private absorbing = 0;
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
    // the screen acknowledges in order: first what was sent before its flush, then the rest
    const absorbed = Math.min(this.absorbing, chars);
    this.absorbing -= absorbed;
    this.pending = Math.max(0, this.pending - (chars - absorbed));
    return this.resumeIfLow();
  }

  /**
   * The screen was told to drop the output it has not parsed yet (an interrupt's cut, DESIGN §6).
   * What was sent before stops holding the pty back at once — waiting for its acks would keep
   * the prompt in the pty for a round trip through a busy screen. Its acks (parsed or dropped)
   * still come and are absorbed first, so output sent from now on is counted exactly, and the
   * screen never holds more than a high watermark of new output plus what it had in its parser.
   */
  onFlush(): 'resume' | undefined {
    this.absorbing += this.pending;
    this.pending = 0;
    return this.resumeIfLow();
  }

  private resumeIfLow(): 'resume' | undefined {
    if (!this.isPaused || this.pending >= this.low) return undefined;
    this.isPaused = false;
    return 'resume';
  }
}

function isCount(chars: number): boolean {
  return Number.isFinite(chars) && chars > 0;
}
