// Output waits here, not inside xterm, so that an interrupt can drop what is not parsed yet —
// what a kernel tty does with its own queue on an interrupt (DESIGN §6, §9). xterm gets at
// most PARSER_BACKLOG_CHARS at a time; once xterm holds data it cannot be taken back.
// CAN aborts an escape sequence the dropped output may have left open (xterm ignores it otherwise).
import { CAN } from '../main/core/control-chars';

/**
 * What xterm may hold unparsed: a few ms of parsing, so a prompt after Ctrl+C is not kept
 * waiting (16 384 took ~20 ms of a `yes` flood to parse on the 2-core bench machine).
 */
export const PARSER_BACKLOG_CHARS = 4_096;

export interface ParsingScreen {
  write(data: string, parsed: () => void): void;
}

export class OutputQueue {
  private readonly queued: string[] = [];
  private inParser = 0;
  private droppedSinceWrite = false;

  constructor(
    private readonly screen: ParsingScreen,
    /** chars that left the queue: parsed by xterm, or dropped (both count as acknowledged) */
    private readonly done: (chars: number) => void,
  ) {}

  push(data: string): void {
    this.queued.push(data);
    this.pump();
  }

  /** Drops everything not yet handed to xterm; returns how many chars were dropped. */
  flush(): number {
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
    while (this.inParser < PARSER_BACKLOG_CHARS && this.queued.length > 0) {
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
