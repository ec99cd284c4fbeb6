// Files ripcord writes (DESIGN §8): the log, its rotated copies, the schema copy, and whatever
// later features add (transcripts …). They hold cwd, program paths, opened URLs and config
// values, so they are created 0600 in directories ripcord creates 0700, and never through a
// symlink planted at the file's own path (O_NOFOLLOW): a link there is refused, its target
// untouched. A directory the user names is used as it is, never chmod-ed.
import { close, closeSync, constants, fchmodSync, fstat, fstatSync, mkdirSync, open as openFd, openSync } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Result } from '../../../contracts/result';

const openDescriptor = promisify(openFd);
const fstatDescriptor = promisify(fstat);
const closeDescriptor = promisify(close);

/** Owner read/write only. */
export const PRIVATE_FILE_MODE = 0o600;
/** Owner only, for the directories ripcord itself creates. */
export const PRIVATE_DIR_MODE = 0o700;
/** Group/other bits: an existing ripcord file that has any of them is narrowed to 0600. */
const SHARED_BITS = 0o077;

// O_NOFOLLOW: a symlink at the path fails the open (ELOOP) instead of being followed.
// O_NONBLOCK: a FIFO at the path fails at once (ENXIO) instead of waiting for a reader.
const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_NEW_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

export type OpenResult = Result<number>;
export type WriteResult = Result;

/** One short reason for a refused or failed file operation. */
export function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ELOOP':
      return 'is a symbolic link, which ripcord does not follow when writing';
    case 'ENXIO':
      return 'is a FIFO or socket, not a regular file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** Creates `dir` (and missing parents) 0700; an existing directory is left exactly as it is. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Startup twin of ensurePrivateDir. */
export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Opens `file` for appending, creating it 0600 (and its directory 0700). Refused: a symlink at
 * the path, anything that is not a regular file. Startup only (synchronous).
 */
export function openPrivateAppendSync(file: string): OpenResult {
  let fd: number;
  try {
    ensurePrivateDirSync(path.dirname(file));
    fd = openSync(file, APPEND_FLAGS, PRIVATE_FILE_MODE);
  } catch (error) {
    return { ok: false, error: describeFileError(error) };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      closeSync(fd);
      return { ok: false, error: 'is not a regular file' };
    }
    // A log an older ripcord created 0644 holds the same private lines as a new one.
    if ((stat.mode & SHARED_BITS) !== 0 && stat.uid === process.getuid?.()) fchmodSync(fd, PRIVATE_FILE_MODE);
    return { ok: true, value: fd };
  } catch (error) {
    closeSync(fd);
    return { ok: false, error: describeFileError(error) };
  }
}

/** openPrivateAppendSync for a running process (log rotation). The descriptor is the caller's to close. */
export async function openPrivateAppend(file: string): Promise<OpenResult> {
  let fd: number;
  try {
    await ensurePrivateDir(path.dirname(file));
    // A plain descriptor the caller owns (a FileHandle would close it when garbage-collected).
    fd = await openDescriptor(file, APPEND_FLAGS, PRIVATE_FILE_MODE);
  } catch (error) {
    return { ok: false, error: describeFileError(error) };
  }
  try {
    if ((await fstatDescriptor(fd)).isFile()) return { ok: true, value: fd };
    await closeDescriptor(fd);
    return { ok: false, error: 'is not a regular file' };
  } catch (error) {
    await closeDescriptor(fd).catch(() => undefined);
    return { ok: false, error: describeFileError(error) };
  }
}

let tempFiles = 0;

/**
 * Replaces `file` with `data` all at once: a 0600 temp file beside it (O_EXCL, O_NOFOLLOW),
 * then rename. A symlink at `file` is replaced by the new file, never written through; a reader
 * sees the old content or the new one, never half of it. `file`'s directory is created 0700.
 */
export async function writePrivateFileAtomic(file: string, data: string): Promise<WriteResult> {
  // a name no other writer uses (a leftover of a crashed one with this pid: not this millisecond);
  // O_EXCL and the 0700 directory do the guarding
  const temp = `${file}.${process.pid}.${Date.now()}.${++tempFiles}.tmp`;
  try {
    await ensurePrivateDir(path.dirname(file));
    const handle = await open(temp, CREATE_NEW_FLAGS, PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    return { ok: true, value: true };
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    return { ok: false, error: describeFileError(error) };
  }
}
