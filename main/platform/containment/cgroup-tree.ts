// Removing a cgroup and every cgroup below it (DESIGN §4), however deep and long-named: a session
// owns its cgroup and may nest children in it whose full path is far past PATH_MAX (20 levels of
// 250-character names), which rmdir("<full path>") meets with ENAMETOOLONG.
//
// The walk goes through directory descriptors, never a full path. Node has no openat/unlinkat,
// so each step names a directory by a descriptor it holds: `/proc/self/fd/<fd>/<name>` — the
// kernel resolves `/proc/self/fd/<fd>` to the opened directory itself (as openat does with a
// dirfd), so every path built here is short whatever the depth. `process.chdir` down the tree
// with relative names would do the same, but the working directory is the whole process's:
// every other await of the host (or the reaper's other sessions) would resolve relative paths
// against it meanwhile, and worker threads cannot chdir at all. At most two descriptors are open
// at a time: going back up is `..` of the held directory (cgroupfs has no symlinks, and renames
// a cgroup only within its parent, so `..` is the directory the walk came from).
import { constants } from 'node:fs';
import { open, readdir, rmdir, type FileHandle } from 'node:fs/promises';
import type { Result } from '../../../contracts/result';

/**
 * A walk that has not finished after this many directories is racing someone who makes cgroups
 * in the tree as fast as it removes them: it stops, and the caller's next attempt starts over.
 */
const WALK_STEPS_MAX = 200_000;

const at = (dir: FileHandle, name: string): string => `/proc/self/fd/${dir.fd}/${name}`;
const openDir = (file: string): Promise<FileHandle> => open(file, constants.O_RDONLY | constants.O_DIRECTORY);
const gone = (err: unknown): boolean => (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

async function subdirs(dir: FileHandle): Promise<string[]> {
  const entries = await readdir(`/proc/self/fd/${dir.fd}`, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => e.name);
}

/** One directory of the walk: its name in its parent (none for the top) and its children yet to remove. */
interface Level {
  name?: string;
  pending: string[];
}

/**
 * Removes `dir` and every cgroup below it, deepest first. A cgroup that still has processes
 * (EBUSY) or one made during the walk fails the walk with the kernel's error: nothing is forced.
 * A tree that is gone already counts as removed.
 */
export async function removeCgroupTree(dir: string): Promise<Result> {
  let held: FileHandle | undefined;
  try {
    let current = await openDir(dir);
    held = current;
    const levels: Level[] = [{ pending: await subdirs(current) }];
    for (let steps = 0; steps < WALK_STEPS_MAX; steps++) {
      const level = levels[levels.length - 1] as Level;
      const child = level.pending.pop();
      if (child === undefined && level.name === undefined) {
        // every cgroup below is gone: the top one, by its own (short) path
        await current.close();
        held = undefined;
        await rmdir(dir);
        return { ok: true, value: true };
      }
      // a leaf goes at once (most are); a child with cgroups of its own (EBUSY) is walked into
      if (
        child !== undefined &&
        (await rmdir(at(current, child)).then(
          () => true,
          (err: unknown) => gone(err),
        ))
      )
        continue;
      // down into that child; back up to the parent once a directory has none left
      const next = child !== undefined ? await openDir(at(current, child)).catch(unlessGone) : await openDir(at(current, '..'));
      if (next === undefined) continue;
      await current.close();
      current = next;
      held = current;
      if (child !== undefined) {
        levels.push({ name: child, pending: await subdirs(current) });
        continue;
      }
      levels.pop();
      await rmdir(at(current, level.name as string)).catch(unlessGone);
    }
    return { ok: false, error: `EAGAIN: ${dir} still had cgroups to remove after ${WALK_STEPS_MAX} steps` };
  } catch (err) {
    if (gone(err) && held === undefined) return { ok: true, value: true };
    const e = err as NodeJS.ErrnoException | undefined;
    return { ok: false, error: e?.code ? `${e.code}: ${e.message}` : String(err) };
  } finally {
    await held?.close().catch(() => undefined);
  }
}

/** A cgroup removed meanwhile (by another cleanup, or its own reaper) is what the walk wanted. */
function unlessGone(err: unknown): undefined {
  if (gone(err)) return undefined;
  throw err;
}
