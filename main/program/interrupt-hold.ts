import type { Disposable } from '../core/disposable';
import { INTERRUPT_ECHO } from '../core/control-chars';
import { HIGH_WATERMARK_CHARS } from '../core/flow-control';
import { SettleTimer } from '../platform/pty/settle-timer';

/**
 * The kernel echoes `^C` the moment it takes the interrupt (its clock starts when the byte is in
 * the pty: arm), so the cut is normally read within a ms; a program in raw mode gets the byte
 * instead and makes no cut, and its own answer to Ctrl+C should not wait longer than a few frames.
 */
export const CUT_WAIT_MS = 50;
/**
 * Held output beyond this pauses the pty until the wait ends: a bound on memory. The flood read
 * while the kernel has not yet taken the ^C can fill it (`yes` in a bare pty, 2 cores and four
 * busy loops: over 100 000 chars before the echo in 1 of 120 presses), so a full hold reads on
 * after the wait (its last look) before it gives up on the cut, at most this much again.
 */
export const HOLD_LIMIT_CHARS = HIGH_WATERMARK_CHARS;
/**
 * The last look ends when the pty is this quiet. The kernel hands the reader what it left before
 * the echo a read buffer (4 KB) at a time: draining a full pty, its reads came 0.03–0.07 ms apart
 * (median), 1.1 ms at most, idle and with four busy loops on the 2-core machine.
 */
export const LAST_LOOK_QUIET_MS = 10;

/**
 * What a kernel tty does with its output queue on an interrupt, for the output ripcord has
 * already read (DESIGN §6, §9): after a cancel, output is held until the interrupt's cut
 * (its echoed `^C`); what came before the cut is dropped and the rest passes on. With no cut
 * read within CUT_WAIT_MS of the ^C reaching the pty (raw mode, echo off), the pty read once
 * more after that time (a loop that comes back late has not read it yet), everything held
 * passes on unchanged. Until the ^C is in the pty the hold is not armed: what is read then is
 * output from before the interrupt, and the pty is read no faster than the screen keeps up
 * (OutputPipeline), so a write of the ^C that waits (a loaded machine's thread pool) cannot fill
 * the hold with it.
 */
export class InterruptHold implements Disposable {
  private held: string[] | undefined;
  private heldChars = 0;
  private deadline: SettleTimer | undefined;
  /** after a full hold's wait: its quiet wait, and the held size at which it gives up */
  private lastLook: { quiet: SettleTimer; giveUpAt: number } | undefined;
  private isArmed = false;

  constructor(
    /** the hold ended without a cut: what was held passes on, in order ('' when nothing came) */
    private readonly release: (data: string) => void,
    /** the cut was found: `chars` of output read before it were dropped */
    private readonly onCut: (droppedChars: number) => void,
    private readonly onChange: () => void,
    /** how long a cancel waits for its cut (tests on a loaded machine give the cut more room) */
    private readonly cutWaitMs: number = CUT_WAIT_MS,
  ) {}

  get holding(): boolean {
    return this.held !== undefined;
  }

  /** Held output reached HOLD_LIMIT_CHARS: stop reading until the wait ends. */
  get full(): boolean {
    return this.lastLook === undefined && this.heldChars >= HOLD_LIMIT_CHARS;
  }

  /** The ^C is in the pty: its cut is read now, within cutWaitMs. */
  get armed(): boolean {
    return this.isArmed;
  }

  /** A cancel is on its way to the pty. A hold already running keeps its deadline. */
  start(): void {
    if (this.held) return;
    this.held = [];
    this.onChange();
  }

  /** The cancel's ^C is in the pty: the wait for its cut begins. */
  arm(): void {
    if (!this.held || this.isArmed) return;
    this.isArmed = true;
    this.deadline = new SettleTimer(this.cutWaitMs, this.cutWaitMs, () => this.waitOver());
    this.deadline.start();
    this.onChange();
  }

  /** Every output chunk, in order; returns what passes on now. */
  feed(chunk: string): string | undefined {
    if (!this.held) return chunk;
    // the echo split between two reads: its ^ ends what is held
    const last = this.held.at(-1);
    if (last?.endsWith('^') && chunk.startsWith('C')) {
      this.held[this.held.length - 1] = last.slice(0, -1);
      this.heldChars -= 1;
      chunk = `^${chunk}`;
    }
    const cut = chunk.indexOf(INTERRUPT_ECHO);
    if (cut < 0) {
      this.held.push(chunk);
      this.heldChars += chunk.length;
      if (this.full) this.onChange();
      if (this.lastLook) this.lookedAt(this.lastLook);
      return undefined;
    }
    const dropped = this.heldChars + cut;
    this.end();
    this.onCut(dropped);
    return chunk.slice(cut);
  }

  /** Passes on what is held now (the session ended, or the wait is over). */
  releaseHeld(): void {
    if (!this.held) return;
    const data = this.held.join('');
    this.end();
    this.release(data);
  }

  dispose(): void {
    this.stopWaiting();
    this.held = undefined;
  }

  /**
   * The wait is over, and the loop has polled the pty since (SettleTimer): a cut read by then
   * was found. A full hold was not reading: the kernel may have cut meanwhile, leaving its echo
   * behind a few KB it had already passed on, so the hold reads on (its last look) until the
   * cut, HOLD_LIMIT_CHARS more without it (the program writes on: no cut is coming), or a quiet pty.
   */
  private waitOver(): void {
    if (!this.full) {
      this.releaseHeld();
      return;
    }
    const quiet = new SettleTimer(LAST_LOOK_QUIET_MS, this.cutWaitMs, () => this.releaseHeld());
    this.lastLook = { quiet, giveUpAt: this.heldChars + HOLD_LIMIT_CHARS };
    quiet.start();
    this.onChange();
  }

  private lookedAt(look: { quiet: SettleTimer; giveUpAt: number }): void {
    if (this.heldChars >= look.giveUpAt) this.releaseHeld();
    else look.quiet.activity();
  }

  private stopWaiting(): void {
    this.deadline?.dispose();
    this.deadline = undefined;
    this.lastLook?.quiet.dispose();
    this.lastLook = undefined;
  }

  private end(): void {
    this.stopWaiting();
    this.held = undefined;
    this.heldChars = 0;
    this.isArmed = false;
    this.onChange();
  }
}
