// Reads of the kernel's own files (/proc, cgroup files in /sys/fs/cgroup, /dev/urandom) made at
// once, synchronously. The kernel makes them up on read and never waits for a disk, so a read
// takes microseconds — while fs/promises.readFile is four trips through the thread pool (open,
// stat, read, close), each waiting for the main loop: on a loaded machine a millisecond or more
// apiece. For the session's start, which waits for each of them (DESIGN §4), and for the reaper
// (its writes of a pid to a cgroup.procs too: the kernel acts on them at once).
import { appendFileSync, closeSync, constants, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import type { ProcReader } from '../processes/process-table';

export const procNow: ProcReader = {
  readdir: async (dir) => readdirSync(dir),
  readFile: async (file) => readFileSync(file, 'utf8'),
};

/** A kernel file's text; throws as readFileSync does (the file is gone, or was never there). */
export const readKernelFileNow = (file: string): string => readFileSync(file, 'utf8');

/**
 * Appends `text` to a kernel file at once (a pid to a cgroup's cgroup.procs: one pid a write);
 * throws as appendFileSync does (ESRCH: the process is gone; EACCES: not ours to move).
 */
export const appendKernelFileNow = (file: string, text: string): void => appendFileSync(file, text);

/**
 * A descriptor of a kernel directory (a cgroup), to read below it through
 * `/proc/self/fd/<fd>/…` however long its own path is; undefined when it cannot be opened (gone,
 * or no descriptor left).
 */
export function openDirectoryNow(dir: string): number | undefined {
  try {
    return openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  } catch {
    return undefined;
  }
}

export function closeNow(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // closed already
  }
}

/** The names of the directories (a cgroup's children); [] when it is gone. */
export function subdirectoriesNow(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * A descriptor of a pty's slave side (/dev/pts/N, which devpts makes up), opened without making
 * it our controlling terminal; undefined when it cannot be opened.
 */
export function openTerminalNow(device: string): number | undefined {
  try {
    return openSync(device, constants.O_RDWR | constants.O_NOCTTY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
}

/**
 * `count` bytes from the kernel's random source, which never blocks once the system is up. The
 * same source crypto.randomBytes draws on, without loading node:crypto (docs/benchmarks.md#start).
 */
export function randomBytesNow(count: number): Buffer {
  const bytes = Buffer.alloc(count);
  const fd = openSync('/dev/urandom', 'r');
  try {
    for (let filled = 0; filled < count;) {
      const read = readSync(fd, bytes, filled, count - filled, null);
      if (read === 0) throw new Error('/dev/urandom ended');
      filled += read;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}
