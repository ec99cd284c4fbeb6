// Test helper: a real full disk. As root, a 64 KB tmpfs is mounted on a fresh directory and
// filled to the last byte, so every write to it fails with ENOSPC as on a full home partition.
import { execFile } from 'node:child_process';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Small enough to fill in one write, big enough for a few log lines before it is filled. */
const TMPFS_SIZE = '64k';

export interface FullDisk {
  dir: string;
  /**
   * Writes until the filesystem refuses (ENOSPC). tmpfs allocates by page, so a file already
   * open on it still takes bytes into its last page: `topUp` files get empty lines until even
   * that page is full.
   */
  fill(topUp?: readonly string[]): Promise<void>;
  dispose(): Promise<void>;
}

/** Why a full disk cannot be made here, or undefined when it can (root, tmpfs mountable). */
export function fullDiskUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'tmpfs mounts need Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  return undefined;
}

export async function mountSmallDisk(): Promise<FullDisk> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-full-disk-'));
  await run('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE},mode=0755`, 'tmpfs', dir]);
  return {
    dir,
    async fill(topUp = []) {
      await untilFull(() => writeFile(path.join(dir, 'filler'), Buffer.alloc(1024 * 1024)));
      for (const file of topUp) {
        for (const size of [512, 1])
          await untilFull(async () => {
            for (;;) await appendFile(file, '\n'.repeat(size));
          });
      }
    },
    async dispose() {
      // lazy: a process of a failed test may still hold a file open on it
      await run('umount', ['-l', dir]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function untilFull(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
}
