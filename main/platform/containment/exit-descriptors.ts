// What the exit path needs, opened at the session's start and kept (DESIGN §4): each session
// cgroup's `cgroup.kill` and `cgroup.freeze`, and spare descriptors that make room for a
// replacement reaper. A session that used up every descriptor the host may have (a flood of
// connections, a low limit) cannot then disarm the exit: the kill and the freeze are writes to
// descriptors already open, and a reaper can still be spawned once the spares are closed for it.
// Then, frozen, the cgroup's tree is walked for what cgroup.kill misses (cgroup-thread-groups.ts: a process
// whose leader thread exited) — bounded in cgroups, threads and passes, never waiting; the
// reaper's kill repeats the walk until the cgroup is empty.
import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { EventLog } from '../log/event-log';
import { killThreadGroupsNow, type TreeWalkBounds } from './cgroup-thread-groups';

/**
 * Descriptors a spawn of the reaper takes at once: two socket pairs for its stdin and stdout,
 * libuv's pipe for an exec error, and a read of /proc to check the old one: 6, with room.
 */
const SPARE_DESCRIPTORS = 8;
/** The exit path's walk of a cgroup tree: a few hundred /proc and cgroup reads at most (a few ms), the rest is the reaper's. */
const EXIT_WALK: TreeWalkBounds = { maxCgroups: 64, maxThreads: 512 };
/** Walks at the exit: the second finds a child whose fork was under way while the freeze took hold. */
const EXIT_WALK_PASSES = 2;

interface CgroupFiles {
  kill?: number;
  freeze?: number;
}

export class ExitDescriptors {
  private readonly cgroups = new Map<string, CgroupFiles>();
  private spare: number[] = [];

  constructor(private readonly log: EventLog) {
    this.reserve();
  }

  /** Opens the cgroup's kill and freeze files now, at the session's start (kernels before 5.14 have no cgroup.kill). */
  hold(cgroup: string): void {
    if (this.cgroups.has(cgroup)) return;
    this.cgroups.set(cgroup, { kill: this.open(path.join(cgroup, 'cgroup.kill')), freeze: this.open(path.join(cgroup, 'cgroup.freeze')) });
  }

  /** The cgroup is gone or given up: its descriptors are closed. */
  drop(cgroup: string): void {
    const files = this.cgroups.get(cgroup);
    this.cgroups.delete(cgroup);
    for (const fd of [files?.kill, files?.freeze]) if (fd !== undefined) closeQuietly(fd);
  }

  /**
   * The exit path's kill of every held cgroup: cgroup.kill and cgroup.freeze written to
   * descriptors already open, then the bounded walk for what cgroup.kill misses. Where
   * cgroup.kill fails, the freeze holds: nothing in the cgroup runs (or leaves) until the walk
   * or the reaper kills it.
   */
  killAll(): void {
    for (const cgroup of this.cgroups.keys()) this.kill(cgroup);
  }

  /** One held cgroup's kill (a pane closed while the others run), as killAll does each. */
  kill(cgroup: string): void {
    const files = this.cgroups.get(cgroup);
    if (files?.kill !== undefined) this.write(files.kill, cgroup, 'cgroup.kill');
    if (files?.freeze !== undefined) this.write(files.freeze, cgroup, 'cgroup.freeze');
    if (files === undefined) return;
    for (let pass = 0; pass < EXIT_WALK_PASSES; pass++) {
      if (killThreadGroupsNow(cgroup, this.log, EXIT_WALK).length === 0) break;
    }
  }

  /** Runs `work` with the spare descriptors closed, so it has room even when every other one is in use; reserves them again after. */
  withSpare<T>(work: () => T): T {
    for (const fd of this.spare) closeQuietly(fd);
    this.spare = [];
    try {
      return work();
    } finally {
      this.reserve();
    }
  }

  /**
   * Reopens spares a spawn used up while the host was out of descriptors, once some came free
   * (an old reaper's pipes closed); quietly, as the host calls it every watch period.
   */
  refill(): void {
    if (this.spare.length < SPARE_DESCRIPTORS) this.reserve(false);
  }

  dispose(): void {
    for (const cgroup of [...this.cgroups.keys()]) this.drop(cgroup);
    for (const fd of this.spare) closeQuietly(fd);
    this.spare = [];
  }

  private reserve(report = true): void {
    while (this.spare.length < SPARE_DESCRIPTORS) {
      const fd = this.open('/dev/null', 'r', report);
      if (fd === undefined) return;
      this.spare.push(fd);
    }
  }

  private open(file: string, flags = 'w', report = true): number | undefined {
    try {
      return openSync(file, flags);
    } catch (error) {
      if (report) this.log.warn('exit-descriptors.open-failed', { file, error: String(error) });
      return undefined;
    }
  }

  private write(fd: number, cgroup: string, file: string): boolean {
    try {
      writeSync(fd, '1');
      return true;
    } catch (error) {
      this.log.warn('exit.cgroup-kill-failed', { cgroup, file, error: String(error) });
      return false;
    }
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}
