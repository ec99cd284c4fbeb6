// The files of one session's transcript (transcript-format.ts): numbered segments, each an
// output file and its index, of at most `segmentMax` bytes together. Starting the next segment
// deletes the one before the previous, so the directory keeps the end of the output within the
// cap. Every segment after the first starts with a reset, so a transcript whose start was cut
// renders from a clean terminal.
import type { FileHandle } from 'node:fs/promises';
import { unlink } from 'node:fs/promises';
import { createPrivateFile } from './private-files';
import { CUT_RESET, formatEntry, formatHeader, indexFile, outputFile, type IndexHeader } from './transcript-format';

export class TranscriptSegments {
  private out: FileHandle | undefined;
  private index: FileHandle | undefined;
  private segment = 0;
  /** bytes in the current segment's two files */
  private segmentBytes = 0;
  /** size of the current segment's output file: where the next output starts */
  private outBytes = 0;

  constructor(
    private readonly dir: string,
    private readonly header: Omit<IndexHeader, 'segment'>,
    private readonly segmentMax: number,
  ) {}

  /** The files are open: closed before the first segment and after `close`. */
  get open(): boolean {
    return this.out !== undefined;
  }

  /** Where the next output starts in the current segment's output file. */
  get offset(): number {
    return this.outBytes;
  }

  /** `bytes` more would overflow the current segment, which holds output already. */
  wouldOverflow(bytes: number): boolean {
    return this.outBytes > CUT_RESET.length && this.segmentBytes + bytes > this.segmentMax;
  }

  /** Makes the first segment's files. */
  start(): Promise<void> {
    return this.startSegment(0);
  }

  /** @param at the time of the reset that starts it: that of the output it comes before */
  async next(at: number): Promise<void> {
    this.close();
    const stale = this.segment - 1;
    this.segment += 1;
    await this.startSegment(at);
    if (stale >= 0) await Promise.all([removeIfThere(outputFile(this.dir, stale)), removeIfThere(indexFile(this.dir, stale))]);
  }

  async appendOutput(parts: Buffer[]): Promise<void> {
    this.outBytes += parts.reduce((n, part) => n + part.length, 0);
    await this.append(this.out, parts);
  }

  appendIndex(lines: string): Promise<void> {
    return this.append(this.index, [Buffer.from(lines, 'utf8')]);
  }

  close(): void {
    const handles = [this.out, this.index];
    this.out = undefined;
    this.index = undefined;
    for (const handle of handles) void handle?.close().catch(() => undefined);
  }

  private async startSegment(at: number): Promise<void> {
    const index = await createPrivateFile(indexFile(this.dir, this.segment));
    this.index = index;
    const out = await createPrivateFile(outputFile(this.dir, this.segment));
    this.out = out;
    this.segmentBytes = 0;
    this.outBytes = 0;
    await this.append(index, [Buffer.from(formatHeader({ ...this.header, segment: this.segment }))]);
    if (this.segment === 0) return;
    await this.append(out, [Buffer.from(CUT_RESET)]);
    this.outBytes = CUT_RESET.length;
    await this.append(index, [Buffer.from(formatEntry({ type: 'o', at, end: this.outBytes }))]);
  }

  private async append(handle: FileHandle | undefined, parts: Buffer[]): Promise<void> {
    const size = parts.reduce((n, part) => n + part.length, 0);
    if (!handle || size === 0) return;
    const { bytesWritten } = parts.length === 1 ? await handle.write(parts[0] as Buffer) : await handle.writev(parts);
    this.segmentBytes += bytesWritten;
    if (bytesWritten < size) throw new Error(`short write: ${bytesWritten} of ${size} bytes (disk full?)`);
  }
}

/** unlink, where rm would lstat first: a rotation every 4 MB of a flood makes two. */
async function removeIfThere(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
