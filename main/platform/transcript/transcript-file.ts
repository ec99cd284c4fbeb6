// A transcript's file, written with positional write calls (transcript-format.ts is the layout).
// Each write is a pwrite(2) that returns once the bytes are in the page cache, so a kill -9 of the
// process a moment later takes nothing back: nothing is queued, nothing waits in memory for the
// disk, nothing is fsynced. Synchronous on purpose: a write is a copy into the page cache, a few
// microseconds, in the process that runs the session — the desktop's session host or `ripcord
// run` — never the desktop's main process; an asynchronous write would sit in a queue that a
// kill takes with it. That costs about twice the CPU of copying into a shared mapping of the file,
// within the noise of the throughput rows, and needs no native code and no SIGBUS handler
// (docs/benchmarks.md#transcripts). A write the disk refuses (full, a quota) fails, and the
// recording stops; the process goes on.
import { closeSync, constants, ftruncate, open, writeSync } from 'node:fs';
import { promisify } from 'node:util';
import { describeFileError, PRIVATE_FILE_MODE } from '../files/private-files';
import type { Result } from '../../../contracts/result';

/** Where the header page keeps the output head (bytes ever written), as transcript-format.ts reads it. */
const HEAD_AT = 0;
/** UTF-8 takes at most 3 bytes per UTF-16 unit. */
const UTF8_BYTES_PER_UNIT = 3;

export type TranscriptFileOpen = Result<TranscriptFile>;

const openFile = promisify(open);
const truncateFile = promisify(ftruncate);

export class TranscriptFile {
  private closed = false;
  /** output bytes ever written */
  private head = 0;
  private scratch = Buffer.alloc(0);
  private readonly headBytes = Buffer.alloc(8);

  private constructor(
    private readonly fd: number,
    private readonly metaBytes: number,
    private readonly dataBytes: number,
  ) {}

  /** Makes `file` (new, 0600, never through a symlink) of metaBytes + dataBytes, sparse. */
  static async open(file: string, metaBytes: number, dataBytes: number): Promise<TranscriptFileOpen> {
    let fd: number | undefined;
    try {
      fd = await openFile(file, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, PRIVATE_FILE_MODE);
      // sparse: blocks are taken as output first reaches them
      await truncateFile(fd, metaBytes + dataBytes);
      return { ok: true, value: new TranscriptFile(fd, metaBytes, dataBytes) };
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      return { ok: false, error: `${file}: ${describeFileError(error)}` };
    }
  }

  /** Appends text's UTF-8 to the output area (text shorter than a third of it), then the head; the bytes, or -1 once failed. */
  write(text: string): number {
    if (this.closed) return -1;
    if (this.scratch.length < text.length * UTF8_BYTES_PER_UNIT) this.scratch = Buffer.allocUnsafe(text.length * UTF8_BYTES_PER_UNIT);
    const bytes = this.scratch.write(text, 'utf8');
    const at = this.head % this.dataBytes;
    const first = Math.min(bytes, this.dataBytes - at);
    // the ring comes round: its start takes the rest
    const written =
      this.positioned(this.scratch, 0, first, this.metaBytes + at) &&
      (first === bytes || this.positioned(this.scratch, first, bytes - first, this.metaBytes));
    if (!written) return -1;
    const head = this.head + bytes;
    this.headBytes.writeUInt32LE(head % 2 ** 32, 0);
    this.headBytes.writeUInt32LE(Math.floor(head / 2 ** 32), 4);
    if (!this.positioned(this.headBytes, 0, 8, HEAD_AT)) return -1;
    this.head = head;
    return bytes;
  }

  /** Writes bytes into the header page or the index at offset; false once failed. */
  put(offset: number, bytes: Buffer): boolean {
    return !this.closed && this.positioned(bytes, 0, bytes.length, offset);
  }

  /** Closes; nothing is flushed: the page cache holds every byte already. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  /** One pwrite, whole; a refused or short write (a full disk) fails the file. */
  private positioned(buffer: Buffer, from: number, length: number, position: number): boolean {
    try {
      if (writeSync(this.fd, buffer, from, length, position) === length) return true;
    } catch {
      // the reason is the caller's to name: the recording stops either way
    }
    this.close();
    return false;
  }
}
