// Input towards the program, written to the pty's master side by ripcord itself (DESIGN §6):
// node-pty's own writer queues without bound and retries a full pty on every turn of the loop,
// so a program that does not read made the host's memory grow and kept a core busy.
import { write } from 'node:fs';
import { CTRL_C } from '../core/control-chars';

/**
 * A pty the program does not read is full at a few KB (its line discipline's buffer and the
 * kernel's flip buffers); the next try waits this long — short beside a key's travel, long
 * enough not to spin.
 */
const FULL_PTY_RETRY_MS = 2;

/** Writes in order, counting what waits; what waits is dropped at an interrupt, as a tty does. */
export class PtyWriter {
  private readonly queue: Buffer[] = [];
  /** bytes of queue[0] already written */
  private offset = 0;
  private waiting = 0;
  private writing = false;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly fd: number) {}

  /** Bytes handed to write() and not yet in the pty. */
  get queuedBytes(): number {
    return this.waiting;
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
   * bytes dropped. A write already under way finishes first (it cannot be taken back).
   */
  interrupt(): number {
    const kept = this.writing ? this.queue.splice(0, 1) : [];
    const dropped = this.waiting - (kept[0] ? kept[0].length - this.offset : 0);
    if (!this.writing) this.offset = 0;
    this.queue.length = 0;
    this.queue.push(...kept);
    this.waiting -= dropped;
    this.write(CTRL_C);
    return dropped;
  }

  dispose(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.queue.length = 0;
    this.waiting = 0;
  }

  private pump(): void {
    const head = this.queue[0];
    if (this.writing || this.retry || this.closed || !head) return;
    this.writing = true;
    write(this.fd, head, this.offset, head.length - this.offset, null, (error, written) => {
      this.writing = false;
      if (this.closed) return;
      if (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
          this.retry = setTimeout(() => {
            this.retry = undefined;
            this.pump();
          }, FULL_PTY_RETRY_MS);
          return;
        }
        this.dispose(); // EIO: the program's side is gone, nothing more can be written
        return;
      }
      this.offset += written;
      this.waiting -= written;
      if (this.offset >= head.length) {
        this.queue.shift();
        this.offset = 0;
      }
      this.pump();
    });
  }
}
