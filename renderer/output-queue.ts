// Output waits here, not inside xterm, so that an interrupt can drop what is not parsed yet —
// what a kernel tty does with its own queue on an interrupt (DESIGN §6, §9). xterm gets at
// most PARSER_BACKLOG_CHARS at a time; once xterm holds data it cannot be taken back.
// CAN aborts an escape sequence the dropped output may have left open (xterm ignores it otherwise).
import { CAN } from '../main/core/control-chars';

/**
 * What xterm may hold unparsed: a few ms of parsing, so a prompt after Ctrl+C is not kept
 * waiting behind it (docs/benchmarks.md#interrupt-under-a-flood).
 */
export const PARSER_BACKLOG_CHARS = 4_096;
/**
 * The host ends a hold within its cut wait (50 ms) plus the trip here; a hold whose end never
 * comes (the host gone in the middle) stops holding output back after this.
 */
export const HOLD_MAX_MS = 1_000;

export interface ParsingScreen {
  write(data: string, parsed: () => void): void;
}

export class OutputQueue {
  private readonly queued: string[] = [];
  private inParser = 0;
  private droppedSinceWrite = false;
  /** set while the host holds output for an interrupt's cut: nothing more goes to xterm */
  private holdTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly screen: ParsingScreen,
    /** chars that left the queue: parsed by xterm, or dropped (both count as acknowledged) */
    private readonly done: (chars: number) => void,
  ) {}

  push(data: string): void {
    this.queued.push(data);
    this.pump();
  }

  /**
   * The host holds the program's output until an interrupt's cut (true): what is queued is
   * output from before the interrupt, which the cut's flush drops — parsing it meanwhile would
   * only keep the page busy (and draw frames) when the prompt arrives. false: the hold ended
   * without a cut, everything queued is shown.
   */
  hold(holding: boolean): void {
    clearTimeout(this.holdTimer);
    this.holdTimer = holding ? setTimeout(() => this.hold(false), HOLD_MAX_MS) : undefined;
    if (!holding) this.pump();
  }

  /** Drops everything not yet handed to xterm and ends a hold; returns how many chars were dropped. */
  flush(): number {
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    let dropped = 0;
    for (const chunk of this.queued.splice(0)) dropped += chunk.length;
    if (dropped > 0) {
      this.droppedSinceWrite = true;
      this.done(dropped);
    }
    return dropped;
  }

  get queuedChars(): number {
    return this.queued.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  private pump(): void {
    while (this.holdTimer === undefined && this.inParser < PARSER_BACKLOG_CHARS && this.queued.length > 0) {
      // the host sends a turn's output as one message: xterm gets it a backlog's worth at a time
      let chunk = this.queued.shift() as string;
      if (chunk.length > PARSER_BACKLOG_CHARS) {
        this.queued.unshift(chunk.slice(PARSER_BACKLOG_CHARS));
        chunk = chunk.slice(0, PARSER_BACKLOG_CHARS);
      }
      const data = this.droppedSinceWrite ? CAN + chunk : chunk;
      this.droppedSinceWrite = false;
      this.inParser += chunk.length;
      this.screen.write(data, () => {
        this.inParser -= chunk.length;
        this.done(chunk.length);
        this.pump();
      });
    }
  }
}
