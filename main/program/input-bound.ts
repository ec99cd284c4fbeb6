import { LogEvent } from '../core/log-events';
import type { Logger } from '../platform/log/log';

/**
 * Input queued towards a program that does not read stops here (DESIGN §6): a terminal answers
 * a program's queries however fast it asks, and a program that asks without reading would
 * otherwise grow the host without end. A paste of this size still goes through whole.
 */
export const MAX_QUEUED_INPUT_BYTES = 1_048_576;
/** While input is dropped, the count goes to the log this often: a flood costs one line a second. */
const DROPPED_REPORT_MS = 1_000;

/**
 * What goes past the bound is dropped: replies to queries quietly, counted in the log every
 * second while it lasts and when the program reads again; typed keys with one warning per time
 * the program stopped reading. A Ctrl+C press never meets the bound: it is a press, not input
 * (Session.cancel).
 */
export class InputBound {
  private droppedReplyBytes = 0;
  private droppedKeyBytes = 0;
  /** keys were dropped since the program last took input: warned once */
  private keysWarned = false;
  private reportTimer: NodeJS.Timeout | undefined;

  constructor(private readonly log: Logger) {}

  /** Whether `text` may join the `queuedBytes` already waiting for the program. */
  admits(queuedBytes: number, text: string, typed: boolean): boolean {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (queuedBytes + bytes <= MAX_QUEUED_INPUT_BYTES) {
      this.keysWarned = false;
      this.report();
      return true;
    }
    if (typed) {
      if (!this.keysWarned)
        this.log.warn(LogEvent.inputKeysDropped, {
          queuedBytes,
          note: 'the program does not read its input; typed keys are dropped until it does',
        });
      this.keysWarned = true;
      this.droppedKeyBytes += bytes;
    } else {
      this.droppedReplyBytes += bytes;
    }
    this.reportTimer ??= setTimeout(() => this.report(), DROPPED_REPORT_MS).unref();
    return false;
  }

  /** How much was dropped since the last report (the program reads again, a second passed, the session ends). */
  report(): void {
    clearTimeout(this.reportTimer);
    this.reportTimer = undefined;
    if (this.droppedReplyBytes === 0 && this.droppedKeyBytes === 0) return;
    this.log.event(LogEvent.inputDropped, { replyBytes: this.droppedReplyBytes, keyBytes: this.droppedKeyBytes });
    this.droppedReplyBytes = 0;
    this.droppedKeyBytes = 0;
  }
}
