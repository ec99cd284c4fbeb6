// DESIGN §4 the container's kill reaches every thread group: a session cgroup and every cgroup
// below it (a session owns its cgroup and may make children, threaded ones included) are walked
// for their processes — cgroup.procs, and cgroup.threads mapped to each thread's Tgid — and each
// gets kill(tgid, SIGKILL). `cgroup.kill` alone does not end a process whose leader thread has
// exited while another thread lives (kernel 6.18: the kill reaches the zombie leader only);
// kill() of its pid does. Read at once (kernel-reads.ts): the exit path calls this and cannot
// wait. Walked while the cgroup is frozen, nothing forks meanwhile and no pid read is reused
// before its signal (a frozen task still dies of SIGKILL). The walk goes through directory
// descriptors, never a full path, as the removal does (cgroup-tree.ts): a session may nest
// cgroups whose full path is past PATH_MAX, and a process in one would be reached by
// cgroup.kill alone. At most two descriptors are open at a time: up is `..` of the held one.
import { closeNow, openDirectoryNow, readKernelFileNow, subdirectoriesNow } from '../files/kernel-reads';
import type { EventLog } from '../log/event-log';
import { procStatusNow } from '../processes/proc-files';
import { signalProcess } from '../processes/staged-kill';

export interface TreeWalkBounds {
  /** cgroups read at most (the exit path's cost stays bounded; the reaper's walk is whole) */
  maxCgroups?: number;
  /** threads mapped to their process at most (one /proc read each) */
  maxThreads?: number;
  /** false: cgroup.procs only (a cheap look while waiting) */
  threads?: boolean;
}

const ids = (file: string): number[] => {
  try {
    return readKernelFileNow(file)
      .split('\n')
      .filter((l) => /^\d+$/.test(l))
      .map(Number);
  } catch {
    return []; // gone, or a threaded cgroup's cgroup.procs (EOPNOTSUPP)
  }
};

const at = (fd: number, name = ''): string => `/proc/self/fd/${fd}${name === '' ? '' : `/${name}`}`;

/** Every process with a thread in `dir` or below it, as far as the bounds let the walk go. */
export function threadGroupsNow(dir: string, bounds: TreeWalkBounds = {}): number[] {
  const { maxCgroups = Infinity, maxThreads = Infinity, threads = true } = bounds;
  const found = new Set<number>();
  let mapped = 0;
  const read = (fd: number): void => {
    for (const pid of ids(at(fd, 'cgroup.procs'))) found.add(pid);
    if (!threads) return;
    for (const tid of ids(at(fd, 'cgroup.threads'))) {
      if (found.has(tid) || mapped >= maxThreads) continue;
      mapped++;
      const tgid = procStatusNow(tid)?.tgid;
      if (tgid !== undefined) found.add(tgid);
    }
  };
  const top = openDirectoryNow(dir);
  if (top === undefined) return [];
  let current: number = top;
  try {
    read(current);
    /** per directory from the top down to the held one: its children not walked yet */
    const pending = [subdirectoriesNow(at(current))];
    for (let cgroups = 1; pending.length > 0 && cgroups < maxCgroups;) {
      const child = (pending[pending.length - 1] as string[]).pop();
      // every child walked: back up, unless this is the top
      const next: number | undefined =
        child !== undefined ? openDirectoryNow(at(current, child)) : pending.length > 1 ? openDirectoryNow(at(current, '..')) : undefined;
      if (child === undefined) pending.pop();
      if (next === undefined) {
        if (child === undefined) break;
        continue; // that child is gone
      }
      closeNow(current);
      current = next;
      if (child === undefined) continue;
      cgroups++;
      read(current);
      pending.push(subdirectoriesNow(at(current)));
    }
  } finally {
    closeNow(current);
  }
  return [...found];
}

/** SIGKILL to every process threadGroupsNow finds; the pids signalled. */
export function killThreadGroupsNow(dir: string, log: EventLog, bounds: TreeWalkBounds = {}): number[] {
  return threadGroupsNow(dir, bounds).filter((pid) => signalProcess(pid, 'SIGKILL', log) === 'sent');
}
