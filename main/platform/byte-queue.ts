// Text on its way to a file, encoded once into a few reused buffers. Measured on the 2-core
// machine (100 MB of 4 KB pty chunks, batches of 256 KB): joining the chunks into one string or
// Buffer per write cost ~600 ms of CPU (every large allocation is fresh memory: page faults,
// then garbage); a Buffer per chunk written with writev ~100 ms; encoding into reused buffers
// ~25 ms. Memory is bounded: when every buffer is full or being written, text is refused.

/** One buffer: a flood's batch for one write is one or a few of them. */
export const BYTE_QUEUE_BUFFER_BYTES = 256 * 1024;
/** UTF-8 takes at most 3 bytes per UTF-16 code unit (a surrogate pair: 4 for 2). */
const MAX_BYTES_PER_UNIT = 3;

interface Block { buffer: Buffer; used: number; pooled: boolean }

export class ByteQueue {
  private readonly free: Buffer[] = [];
  private queued: Block[] = [];
  private taken: Block[] = [];
  /** bytes of buffers allocated and not released: the queue's memory */
  private held = 0;
  private queuedBytes = 0;

  /** @param maxBytes the most the queue holds, queued and being written together */
  constructor(private readonly maxBytes: number, private readonly bufferBytes = BYTE_QUEUE_BUFFER_BYTES) {}

  /** Bytes queued and not yet taken. */
  get size(): number {
    return this.queuedBytes;
  }

  /** Encodes `text` at the end of the queue; its size in bytes, or undefined when there is no room (nothing was added). */
  append(text: string): number | undefined {
    const worst = text.length * MAX_BYTES_PER_UNIT;
    const last = this.queued.at(-1);
    if (last?.pooled && last.buffer.length - last.used >= worst) return this.encode(last, text);
    if (worst <= this.bufferBytes) {
      const block = this.newBlock();
      return block && this.encode(block, text);
    }
    // more than one buffer holds (rare: pty reads are a few KB): its own exact allocation
    const bytes = Buffer.from(text, 'utf8');
    if (this.held + bytes.length > this.maxBytes) return undefined;
    this.held += bytes.length;
    this.queued.push({ buffer: bytes, used: bytes.length, pooled: false });
    this.queuedBytes += bytes.length;
    return bytes.length;
  }

  /**
   * Everything queued, for one write; the buffers stay the caller's until `release`. One
   * take at a time: the previous one must be released first.
   */
  take(): Buffer[] {
    if (this.taken.length > 0) throw new Error('ByteQueue: take before release');
    this.taken = this.queued;
    this.queued = [];
    this.queuedBytes = 0;
    return this.taken.map((block) => block.buffer.subarray(0, block.used));
  }

  /** The taken buffers were written (or given up): they can be filled again. */
  release(): void {
    for (const block of this.taken) {
      if (block.pooled) this.free.push(block.buffer);
      else this.held -= block.buffer.length;
    }
    this.taken = [];
  }

  /** Drops everything queued (a failed disk); taken buffers still wait for `release`. */
  clear(): void {
    for (const block of this.queued) {
      if (block.pooled) this.free.push(block.buffer);
      else this.held -= block.buffer.length;
    }
    this.queued = [];
    this.queuedBytes = 0;
  }

  private newBlock(): Block | undefined {
    let buffer = this.free.pop();
    if (!buffer) {
      if (this.held + this.bufferBytes > this.maxBytes) return undefined;
      buffer = Buffer.allocUnsafe(this.bufferBytes);
      this.held += this.bufferBytes;
    }
    const block = { buffer, used: 0, pooled: true };
    this.queued.push(block);
    return block;
  }

  private encode(block: Block, text: string): number {
    const written = block.buffer.write(text, block.used, 'utf8');
    block.used += written;
    this.queuedBytes += written;
    return written;
  }
}
