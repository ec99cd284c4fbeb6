// DESIGN §6: the screen acknowledges output only after xterm has parsed it, in batches,
// so the host's unacknowledged count is a true measure of what is still queued.

export class AckCounter {
  private pending = 0;

  constructor(
    private readonly everyChars: number,
    private readonly ack: (chars: number) => void,
  ) {
    if (!Number.isInteger(everyChars) || everyChars < 1)
      throw new RangeError(`ackEveryChars must be a positive integer, got ${everyChars}`);
  }

  /** called with the length of each chunk xterm has parsed (or the output queue dropped) */
  parsed(chars: number): void {
    this.pending += chars;
    if (this.pending < this.everyChars) return;
    const batch = this.pending;
    this.pending = 0;
    this.ack(batch);
  }

  get unacknowledged(): number {
    return this.pending;
  }
}
