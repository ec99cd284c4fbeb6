// A transcript's file, written through a shared memory mapping by our native module
// (native/transcript-ring; this is the only file that loads it). Output is copied into the page
// cache as it passes: no write call, no thread-pool round trip, nothing waiting in memory for
// the disk, so a kill -9 right after takes nothing back; under a flood it costs a fraction of
// what batched asynchronous appends do (docs/benchmarks.md#transcripts). A page that cannot be
// backed — a full disk, the file cut short by someone else — fails the write (the native side
// catches its SIGBUS), and the recording stops; the process goes on.
import { constants } from 'node:os';
import { loadNativeModule, type NativeLoaded } from '../files/native-module';
import { describeFileError } from '../files/private-files';

/** Area sizes are multiples of this: the largest page size of the platforms ripcord builds for (64 KB arm64 kernels). */
export const TRANSCRIPT_RING_ALIGN = 64 * 1024;

interface NativeRing {
  open(file: string, metaBytes: number, dataBytes: number): Promise<NativeHandle>;
  /** UTF-8 bytes appended, or -1 once the ring failed */
  write(ring: NativeHandle, text: string): number;
  /** false once the ring failed */
  put(ring: NativeHandle, offset: number, bytes: Buffer): boolean;
  close(ring: NativeHandle): void;
}
declare const nativeHandle: unique symbol;
type NativeHandle = { readonly [nativeHandle]: true };

/** Loaded at the first transcript's open, not at import: the start and `ripcord last` do without it. */
let loaded: NativeLoaded<NativeRing> | undefined;
const loadNative = (): NativeLoaded<NativeRing> => loadNativeModule('transcript-ring', 'transcript_ring.node', 'the transcript module');

export type RingOpen = { ok: true; ring: TranscriptRing } | { ok: false; error: string };

export class TranscriptRing {
  private closed = false;

  private constructor(private readonly native: NativeRing, private readonly handle: NativeHandle) {}

  /** Makes `file` (new, 0600, never through a symlink) of metaBytes + dataBytes, sparse, and maps it. */
  static async open(file: string, metaBytes: number, dataBytes: number): Promise<RingOpen> {
    loaded ??= loadNative();
    if (!loaded.ok) return loaded;
    try {
      return { ok: true, ring: new TranscriptRing(loaded.native, await loaded.native.open(file, metaBytes, dataBytes)) };
    } catch (error) {
      const errno = (error as { errno?: number }).errno;
      const code = Object.entries(constants.errno).find(([, value]) => value === errno)?.[0];
      return { ok: false, error: `${file}: ${code ? describeFileError(Object.assign(new Error(String(error)), { code })) : String(error)}` };
    }
  }

  /** Appends text's UTF-8 to the output area (text shorter than a third of it); the bytes, or -1 once failed. */
  write(text: string): number {
    return this.closed ? -1 : this.native.write(this.handle, text);
  }

  /** Copies bytes into the header page or the index at offset; false once failed. */
  put(offset: number, bytes: Buffer): boolean {
    return !this.closed && this.native.put(this.handle, offset, bytes);
  }

  /** Unmaps and closes; nothing is flushed: the page cache holds every byte already. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.native.close(this.handle);
  }
}
