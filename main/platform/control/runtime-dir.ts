// The per-user runtime directory where each running ripcord publishes its control socket
// (issue #16): $XDG_RUNTIME_DIR/ripcord, or ripcord-<uid> in the system temp dir where that is
// unset. It must be ours and private: a directory another user owns, or one others may enter,
// could hand us their sockets or read ours — it is refused, never repaired.
import { lstat, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Result } from '../../../contracts/result';

export type RuntimeDir = Result<string>;

/** Where the directory is for this user; no file system access. */
export function runtimeDirPath(env: NodeJS.ProcessEnv = process.env, uid = process.getuid?.() ?? 0, tmp = os.tmpdir()): string {
  const xdg = env.XDG_RUNTIME_DIR;
  return xdg && path.isAbsolute(xdg) ? path.join(xdg, 'ripcord') : path.join(tmp, `ripcord-${uid}`);
}

/** Checks (and with `create`, first makes) the directory: a real directory, ours, mode 0700 or narrower. */
export async function openRuntimeDir(options: { create: boolean; dir?: string }): Promise<RuntimeDir> {
  const dir = options.dir ?? runtimeDirPath();
  if (options.create) {
    try {
      await mkdir(dir, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return { ok: false, error: `cannot create ${dir}: ${String(error)}` };
    }
  }
  let info;
  try {
    info = await lstat(dir);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      ok: false,
      error: missing ? `${dir} does not exist (no ripcord has run as this user)` : `cannot read ${dir}: ${String(error)}`,
    };
  }
  const uid = process.getuid?.();
  if (!info.isDirectory()) return { ok: false, error: `${dir} is not a directory (a symlink or file is refused)` };
  if (uid !== undefined && info.uid !== uid)
    return { ok: false, error: `${dir} belongs to uid ${info.uid}, not to this user (${uid}): refused` };
  if ((info.mode & 0o077) !== 0) return { ok: false, error: `${dir} has mode ${(info.mode & 0o777).toString(8)}, wider than 700: refused` };
  return { ok: true, value: dir };
}
