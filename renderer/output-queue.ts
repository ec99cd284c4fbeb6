// Output waits here, not inside xterm, so that an interrupt can drop what is not parsed yet —
// what a kernel tty does with its own queue on an interrupt (DESIGN §6, §9). xterm gets at
// most PARSER_BACKLOG_CHARS at a time; once xterm holds data it cannot be taken back. A pane
// without the keys, which no Ctrl+C reaches, gets a turn's chars at a time (UnfocusedPacer).
// CAN aborts an escape sequence the dropped output may have left open (xterm ignores it otherwise).
import { CAN, ESC } from '../main/core/control-chars';

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
/**
 * Panes without the keys hand xterm their output in turns, one pane per turn, this far apart:
 * their parsing and drawing then come as one pane's few tasks per turn, not as a share of every
 * frame, and the page answers the focused pane's keys and Ctrl+C in between
 * (docs/benchmarks.md#panes). About two frames: a turn's parse and draw, then room.
 */
export const UNFOCUSED_TURN_MS = 33;
/**
 * What one turn hands xterm: ~1 MB/s for all panes without the keys together, an eighth of what
 * the 2-core machine's page parses of a colored flood (twice this kept the page as busy as no
 * pacing; docs/benchmarks.md#panes).
 */
export const UNFOCUSED_CHARS_PER_TURN = 32_768;

/**
 * DEC mode 2026, synchronized output: between its set and its reset xterm parses but draws
 * nothing (a frame already requested included). A hold sets it: the frames the rest of the flood
 * would draw show output the cut drops, and a frame being drawn keeps the page from the answer
 * (on a software WebGL, tens of ms; docs/benchmarks.md#interrupt-under-a-flood). xterm ends it by
 * itself after a second; the hold ends sooner (HOLD_MAX_MS at most).
 */
const DRAW_NOTHING = `${ESC}[?2026h`;
const DRAW_AGAIN = `${ESC}[?2026l`;

/** A queue the pacer gives turns to. */
interface PacedQueue {
  takeTurn(chars: number): void;
}

/**
 * The page's one schedule for panes without the keys: while any has output waiting, a turn every
 * UNFOCUSED_TURN_MS for the one that has waited longest.
 */
export class UnfocusedPacer {
  private readonly waiting = new Set<PacedQueue>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  want(queue: PacedQueue): void {
    this.waiting.add(queue);
    this.timer ??= setTimeout(() => this.turn(), UNFOCUSED_TURN_MS);
  }

  drop(queue: PacedQueue): void {
    this.waiting.delete(queue);
  }

  private turn(): void {
    this.timer = undefined;
    const [next] = this.waiting;
    if (next === undefined) return;
    this.waiting.delete(next);
    if (this.waiting.size > 0) this.timer = setTimeout(() => this.turn(), UNFOCUSED_TURN_MS);
    next.takeTurn(UNFOCUSED_CHARS_PER_TURN);
  }
}

const PAGE_PACER = new UnfocusedPacer();

export interface ParsingScreen {
  write(data: string, parsed: () => void): void;
}

export class OutputQueue {
  private readonly queued: string[] = [];
  private inParser = 0;
  private droppedSinceWrite = false;
  /** set while the host holds output for an interrupt's cut: nothing more goes to xterm */
  private holdTimer: ReturnType<typeof setTimeout> | undefined;
  /** the last key press main held output for, and the last the host answered (DESIGN §6) */
  private heldPress = 0;
  private answeredPress = 0;
  /** set while the pane has not the keys: output goes to xterm in the pacer's turns */
  private paced = false;
  private parsed = 0;

  constructor(
    private readonly screen: ParsingScreen,
    /** chars that left the queue: parsed by xterm, or dropped (both count as acknowledged) */
    private readonly done: (chars: number) => void,
    private readonly pacer: UnfocusedPacer = PAGE_PACER,
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
    this.setHolding(holding);
    if (!holding) this.pump();
  }

  /**
   * Main held the pane's output at the key event of press `press`. Main's messages and the
   * host's screen travel on different channels, which nothing orders: a hold whose press the
   * host already answered came late and is ignored, so it cannot hold the prompt back.
   */
  holdFor(press: number): void {
    if (press <= this.answeredPress) return;
    this.heldPress = Math.max(this.heldPress, press);
    this.hold(true);
  }

  /**
   * The host answered press `press` and every one before it: with the cut's flush ('cut': what
   * is queued is dropped) or without one. A hold for a later press goes on. Returns the chars dropped.
   */
  answered(press: number, how: 'cut' | 'no-cut'): number {
    this.answeredPress = Math.max(this.answeredPress, press);
    const dropped = how === 'cut' ? this.drop() : 0;
    if (this.heldPress <= this.answeredPress) this.hold(false);
    return dropped;
  }

  /** The pane lost the keys (true) or got them (false): see UnfocusedPacer. */
  pace(paced: boolean): void {
    this.paced = paced;
    if (paced) return;
    this.pacer.drop(this);
    this.pump();
  }

  /** The pacer's turn: up to `chars` go to xterm now. */
  takeTurn(chars: number): void {
    this.handOver(chars);
  }

  dispose(): void {
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    this.pacer.drop(this);
    this.queued.length = 0;
  }

  /** Drops everything not yet handed to xterm and ends a hold; returns how many chars were dropped. */
  flush(): number {
    this.setHolding(false);
    return this.drop();
  }

  /** Starts (restarting its bound) or ends a hold, and with it the screen's synchronized update. */
  private setHolding(holding: boolean): void {
    const was = this.holdTimer !== undefined;
    clearTimeout(this.holdTimer);
    this.holdTimer = holding ? setTimeout(() => this.hold(false), HOLD_MAX_MS) : undefined;
    if (holding !== was) this.screen.write(holding ? DRAW_NOTHING : DRAW_AGAIN, () => undefined);
  }

  private drop(): number {
    let dropped = 0;
    for (const chunk of this.queued.splice(0)) dropped += chunk.length;
    if (dropped > 0) {
      this.droppedSinceWrite = true;
      this.done(dropped);
    }
    return dropped;
  }

  /** a hold is on: nothing more goes to xterm until it ends */
  get holding(): boolean {
    return this.holdTimer !== undefined;
  }

  /** output goes to xterm in the pacer's turns (the pane has not the keys) */
  get pacedByTurns(): boolean {
    return this.paced;
  }

  /** chars xterm has parsed since the pane opened (what it drew), dropped ones not counted */
  get parsedChars(): number {
    return this.parsed;
  }

  get queuedChars(): number {
    return this.queued.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  private pump(): void {
    if (!this.paced) this.handOver(PARSER_BACKLOG_CHARS);
    else if (this.queued.length > 0) this.pacer.want(this);
  }

  private handOver(backlog: number): void {
    while (this.holdTimer === undefined && this.inParser < backlog && this.queued.length > 0) {
      // the host sends a turn's output as one message: xterm gets it a backlog's worth at a time
      let chunk = this.queued.shift() as string;
      if (chunk.length > backlog) {
        this.queued.unshift(chunk.slice(backlog));
        chunk = chunk.slice(0, backlog);
      }
      const data = this.droppedSinceWrite ? CAN + chunk : chunk;
      this.droppedSinceWrite = false;
      this.inParser += chunk.length;
      this.screen.write(data, () => {
        this.inParser -= chunk.length;
        this.parsed += chunk.length;
        this.done(chunk.length);
        this.pump();
      });
    }
  }
}
