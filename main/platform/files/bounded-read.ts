// Files ripcord reads (DESIGN §8): opened non-blocking, so a FIFO or a device at the path cannot
// hang start-up; checked on the opened descriptor to be a regular file (a symlink to one, as
// dotfile managers make, is fine — the check is on what was opened, so nothing can be swapped in
// between); and size-capped, so /dev/zero or a huge file cannot eat the memory. At startup the
// read is synchronous; while the app runs (the settings file edited) the same read is async.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { describeFileError } from './private-files';

const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

export type BoundedRead =
  | { ok: true; text: string }
  /** missing: no file at the path (a normal case for settings: defaults apply) */
  | { ok: false; missing: boolean; error: string };

function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Reads a whole small text file (UTF-8) at startup. Never throws, never blocks on the file's
 * kind; refusals say why in a few words ("is a FIFO, not a regular file", "is 50.0 MB, more than
 * the 1.0 MB limit").
 */
export function readRegularFileSync(file: string, maxBytes: number): BoundedRead {
  let fd: number;
  try {
    fd = openSync(file, READ_FLAGS);
  } catch (error) {
    return openFailed(error);
  }
  try {
    const refused = refusal(fstatSync(fd), maxBytes);
    if (refused) return refused;
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) {
      read = readSync(fd, buffer, length, buffer.length - length, null);
    }
    return bytesRead(buffer, length, maxBytes);
  } catch (error) {
    return readFailed(error);
  } finally {
    closeSync(fd);
  }
}

/** readRegularFileSync without blocking the thread: the same checks and answers. */
export async function readRegularFile(file: string, maxBytes: number): Promise<BoundedRead> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, READ_FLAGS);
  } catch (error) {
    return openFailed(error);
  }
  try {
    const refused = refusal(await handle.stat(), maxBytes);
    if (refused) return refused;
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) {
      read = (await handle.read(buffer, length, buffer.length - length, null)).bytesRead;
    }
    return bytesRead(buffer, length, maxBytes);
  } catch (error) {
    return readFailed(error);
  } finally {
    await handle.close();
  }
}

function openFailed(error: unknown): BoundedRead {
  const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
  return { ok: false, missing, error: missing ? 'does not exist' : `cannot be read: ${describeFileError(error)}` };
}

function readFailed(error: unknown): BoundedRead {
  return { ok: false, missing: false, error: `cannot be read: ${describeFileError(error)}` };
}

/** Why the opened file is not read at all, or undefined when it may be. */
function refusal(stat: Stats, maxBytes: number): BoundedRead | undefined {
  if (!stat.isFile()) return { ok: false, missing: false, error: `is ${kindOf(stat)}, not a regular file` };
  if (stat.size > maxBytes)
    return { ok: false, missing: false, error: `is ${sizeText(stat.size)}, more than the ${sizeText(maxBytes)} limit` };
  return undefined;
}

/** One byte over the cap tells a file that grew since the stat. */
function bytesRead(buffer: Buffer, length: number, maxBytes: number): BoundedRead {
  if (length > maxBytes) return { ok: false, missing: false, error: `is more than the ${sizeText(maxBytes)} limit` };
  return { ok: true, text: buffer.toString('utf8', 0, length) };
}
