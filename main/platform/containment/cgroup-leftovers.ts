// Leftover session cgroups (DESIGN §4): a `ripcord-<host pid>-…` cgroup whose session is over
// but whose directory stayed — its host and reaper were killed at the same instant, or a start
// was cut short before the reaper held it. Each leaks one entry against cgroup.max.descendants
// (and a tree the session made below it, more), so each reaper removes them under its parent
// when it first holds a cgroup there, and `ripcord doctor` does before its trial.
//
// Several ripcords run at once, so "over" must be proved, never guessed: the cgroup is empty
// (`populated 0`: no process in it or below it) *and* its host pid is dead. A live host of any
// user keeps its cgroups (kill(pid, 0) succeeds or says EPERM); a host pid reused by another
// process only delays the removal to a later start. An empty cgroup whose host lives is a session
// still starting (its root joins a cgroup made empty) or a reaper finishing its removal; a
// populated one whose host is dead is a session its reaper is killing, or one nobody kills any
// more (host and reaper killed together): the proof of a failure someone should see — left.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pidAlive } from '../processes/process-tree';
import { CGROUP_PREFIX, CgroupDir } from './cgroup';

const HOST_PID = new RegExp(`^${CGROUP_PREFIX}(\\d+)-`);

export interface LeftoverCleanup {
  removed: string[];
  failed: { name: string; error: string }[];
}

/** Removes, with everything below them, the empty `ripcord-*` cgroups in `parent` whose host is dead. */
export async function removeLeftoverCgroups(parent: string): Promise<LeftoverCleanup> {
  const cleanup: LeftoverCleanup = { removed: [], failed: [] };
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names) {
    const host = HOST_PID.exec(name);
    if (!host || pidAlive(Number(host[1]))) continue;
    const leftover = new CgroupDir(path.join(parent, name));
    if (await leftover.populated()) continue;
    const removed = await leftover.remove();
    if (removed.ok) cleanup.removed.push(name);
    else cleanup.failed.push({ name, error: removed.error });
  }
  return cleanup;
}
