// DESIGN §4 the container's kill reaches every thread group: a session cgroup and every cgroup
// below it (a session owns its cgroup and may make children, threaded ones included) are walked
// for their processes — cgroup.procs, and cgroup.threads mapped to each thread's Tgid — and each
// gets kill(tgid, SIGKILL). `cgroup.kill` alone does not end a process whose leader thread has
// exited while another thread lives (kernel 6.18: the kill reaches the zombie leader only);
// kill() of its pid does. Read at once (kernel-reads.ts): the exit path calls this and cannot
// wait. Walked while the cgroup is frozen, nothing forks meanwhile and no pid read is reused
// before its signal (a frozen task still dies of SIGKILL).
import path from 'node:path';
import { readKernelFileNow, subdirectoriesNow } from '../files/kernel-reads';
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
    return readKernelFileNow(file).split('\n').filter((l) => /^\d+$/.test(l)).map(Number);
  } catch {
    return []; // gone, or a threaded cgroup's cgroup.procs (EOPNOTSUPP)
  }
};

/** Every process with a thread in `dir` or below it, as far as the bounds let the walk go. */
export function threadGroupsNow(dir: string, bounds: TreeWalkBounds = {}): number[] {
  const { maxCgroups = Infinity, maxThreads = Infinity, threads = true } = bounds;
  const found = new Set<number>();
  const pending = [dir];
  let mapped = 0;
  for (let read = 0; pending.length > 0 && read < maxCgroups; read++) {
    const cgroup = pending.pop() as string;
    for (const pid of ids(path.join(cgroup, 'cgroup.procs'))) found.add(pid);
    if (threads) {
      for (const tid of ids(path.join(cgroup, 'cgroup.threads'))) {
        if (found.has(tid) || mapped >= maxThreads) continue;
        mapped++;
        const tgid = procStatusNow(tid)?.tgid;
        if (tgid !== undefined) found.add(tgid);
      }
    }
    for (const child of subdirectoriesNow(cgroup)) pending.push(path.join(cgroup, child));
  }
  return [...found];
}

/** SIGKILL to every process threadGroupsNow finds; the pids signalled. */
export function killThreadGroupsNow(dir: string, log: EventLog, bounds: TreeWalkBounds = {}): number[] {
  return threadGroupsNow(dir, bounds).filter((pid) => signalProcess(pid, 'SIGKILL', log) === 'sent');
}
