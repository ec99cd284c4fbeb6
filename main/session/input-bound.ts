import type { Logger } from '../platform/log';

/**
 * Input queued towards a program that does not read stops here (DESIGN §6): a terminal answers
 * a program's queries however fast it asks, and a program that asks without reading would
 * otherwise grow the host without end. A paste of this size still goes through whole.
 */
export const MAX_QUEUED_INPUT_BYTES = 1_048_576;

/**
 * What goes past the bound is dropped: replies to queries quietly, counted in the log when the
 * program reads again (or the session ends); typed keys with one warning per time the program
 * stopped reading. A Ctrl+C press never meets the bound: it is a press, not input (Session.cancel).
 */
export class InputBound {
  private droppedReplyBytes = 0;
  private droppedKeyBytes = 0;

  constructor(private readonly log: Logger) {}

  /** Whether `text` may join the `queuedBytes` already waiting for the program. */
  admits(queuedBytes: number, text: string, typed: boolean): boolean {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (queuedBytes + bytes <= MAX_QUEUED_INPUT_BYTES) {
      this.report();
      return true;
    }
    if (typed) {
      if (this.droppedKeyBytes === 0) this.log.warn('input.keys-dropped', { queuedBytes, note: 'the program does not read its input; typed keys are dropped until it does' });
      this.droppedKeyBytes += bytes;
    } else {
      this.droppedReplyBytes += bytes;
    }
    return false;
  }

  /** The program reads again, or the session ends: how much was dropped meanwhile. */
  report(): void {
    if (this.droppedReplyBytes === 0 && this.droppedKeyBytes === 0) return;
    this.log.event('input.dropped', { replyBytes: this.droppedReplyBytes, keyBytes: this.droppedKeyBytes });
    this.droppedReplyBytes = 0;
    this.droppedKeyBytes = 0;
  }
}
