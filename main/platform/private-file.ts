// The one place transcripts open a file: new, 0600, never through a symlink (DESIGN §8).
// Kept to one small function so the shared private-file helpers can replace it.
import { constants } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';

/** Creates `file` for appending: O_EXCL (never an existing file), O_NOFOLLOW, mode 0600. */
export function createPrivateFile(file: string): Promise<FileHandle> {
  return open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_APPEND | constants.O_NOFOLLOW, 0o600);
}

/** mkdir -p with 0700 for every directory it creates. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}
