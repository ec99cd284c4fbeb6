// Input towards the program, written to the pty's master side by ripcord itself (DESIGN §6):
// node-pty's own writer queues without bound and retries a full pty on every turn of the loop,
// so a program that does not read made the host's memory grow and kept a core busy.
import { writev } from 'node:fs';
import { CTRL_C } from '../../core/control-chars';

/**
 * A pty the program does not read is full at a few KB (its line discipline's buffer and the
 * kernel's flip buffers); the next try waits this long — short beside a key's travel, long
 * enough not to spin.
 */
const FULL_PTY_RETRY_MS = 2;
/** Pieces per system call: a flood of small replies is one write, not one each (Linux's IOV_MAX is 1024). */
const MAX_PIECES_PER_WRITE = 256;

/** Writes in order, counting what waits; what waits is dropped at an interrupt, as a tty does. */
export class PtyWriter {
  private readonly queue: Buffer[] = [];
  /** bytes of queue[0] already written */
  private offset = 0;
  private waiting = 0;
  /** pieces of the write under way (0: none) */
  private inFlight = 0;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** interrupts on their way: bytes still to write up to and including each one's ^C, and who waits for it */
  private readonly interrupts: { left: number; inPty: () => void }[] = [];

  constructor(private readonly fd: number) {}

  /** Bytes handed to write() and not yet in the pty. */
  get queuedBytes(): number {
    return this.waiting;
  }

  /** A write is under way in the thread pool: the descriptor must stay open until it returns. */
  get writing(): boolean {
    return this.inFlight > 0;
  }

  write(data: string): void {
    if (this.closed || data === '') return;
    const bytes = Buffer.from(data, 'utf8');
    this.queue.push(bytes);
    this.waiting += bytes.length;
    this.pump();
  }

  /**
   * Ctrl+C never waits behind queued input: an interrupt flushes a tty's input queue (unless
   * NOFLSH), so what still waits here is dropped the same way and `^C` is next. Returns the
   * bytes dropped. What a write already under way holds is kept (it cannot be taken back).
   * `inPty` is called once the ^C is in the pty (or the pty is gone), so the line discipline has taken it.
   */
  interrupt(inPty: () => void = () => undefined): number {
    const kept = this.queue.splice(0, this.inFlight);
    const keptBytes = kept.reduce((sum, piece) => sum + piece.length, 0) - (kept.length > 0 ? this.offset : 0);
    const dropped = this.waiting - keptBytes;
    if (kept.length === 0) this.offset = 0;
    this.queue.length = 0;
    this.queue.push(...kept);
    this.waiting = keptBytes;
    for (const waiter of this.interrupts) waiter.left = Math.min(waiter.left, keptBytes);
    if (this.closed) inPty();
    else {
      this.write(CTRL_C);
      this.interrupts.push({ left: this.waiting, inPty });
    }
    return dropped;
  }

  dispose(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.queue.length = 0;
    this.waiting = 0;
    // nothing more reaches the pty: no one waits for it
    for (const waiter of this.interrupts.splice(0)) waiter.inPty();
  }

  /** `written` bytes from the queue's start are in the pty. */
  private consume(written: number): void {
    this.waiting -= written;
    for (const waiter of this.interrupts) waiter.left -= written;
    while (this.interrupts[0] !== undefined && this.interrupts[0].left <= 0) this.interrupts.shift()?.inPty();
    let left = written;
    while (left > 0) {
      const head = this.queue[0];
      if (!head) break;
      const rest = head.length - this.offset;
      if (left < rest) {
        this.offset += left;
        return;
      }
      left -= rest;
      this.queue.shift();
      this.offset = 0;
    }
  }

  private pump(): void {
    const head = this.queue[0];
    if (this.inFlight > 0 || this.retry || this.closed || !head) return;
    const pieces = this.queue.slice(0, MAX_PIECES_PER_WRITE);
    pieces[0] = head.subarray(this.offset);
    this.inFlight = pieces.length;
    writev(this.fd, pieces, null, (error, written) => {
      this.inFlight = 0;
      if (this.closed) return;
      if (error) {
        if (error.code === 'EAGAIN') {
          this.retry = setTimeout(() => {
            this.retry = undefined;
            this.pump();
          }, FULL_PTY_RETRY_MS);
          return;
        }
        this.dispose(); // EIO: the program's side is gone, nothing more can be written
        return;
      }
      this.consume(written);
      this.pump();
    });
  }
}
