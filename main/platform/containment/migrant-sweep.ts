// Migrants (DESIGN §4): processes of a session that left its container — a tmux pane moved into
// a `tmux-spawn-*.scope` by systemd, a process that wrote its own pid into another cgroup, one
// the process scan could not link to the root. The reaper (never the host) sweeps for them once
// the container's kill is done, while the container is still there and frozen. Every process of
// this user carrying the session's tag is caught the moment a pass over the live processes sees
// it: moved back into the frozen container where the user may move it (root always; a delegated
// user within the cgroups it owns) — a frozen cgroup's new member is frozen at once, cannot
// fork, and no SIGCONT of a partner thaws it; it is killed once the world is caught — and
// otherwise stopped with SIGSTOP (it cannot be caught, so nothing hands over on it) and killed
// at once: a stopped process can be continued by a partner not yet caught and hand over then
// (measured: two relays that continue each other outran stop-then-kill 3 runs in 6 on a slow
// scan, kill-at-catch 0 in 6; docs/containment.md). Either way its process group is stopped too:
// a child it forked a moment before is in that group, and a fork racing a group signal is
// restarted by the kernel (every member of a tagged process's group is of the session: a group
// never spans sessions, and the session's sessions are made by its processes). Passes repeat
// until one finds no tagged process not yet caught (pid + start time) and none that vanished
// before its catch (a relay that forked and exited: the pass re-lists the live processes and goes
// on from the pids handed out after it). Then every caught one gets SIGKILL (a frozen task still
// dies of it), and a last pass checks. The sweep is bounded in time; what is still tagged and
// alive then — or vanished without a successor found — is a survivor, counted and logged; one
// moved into the container is counted by the container's own count (cgroup-kill.ts) instead.
import { setTimeout as delay } from 'node:timers/promises';
import type { EventLog } from '../log/event-log';
import type { ProcessIdentity, ProcReader } from '../processes/process-table';
import { readLiveStat, type ProcStat } from '../processes/proc-files';
import { isAlive, sameProcess } from '../processes/process-tree';
import { signalProcess, type SendOutcome } from '../processes/staged-kill';
import { procNow } from '../files/kernel-reads';
import { SessionTag } from './session-escapees';
import { locateCgroup, type CgroupDir } from './cgroup';
import { appendKernelFileNow } from '../files/kernel-reads';

/** The sweep's bound in time: a process that forks faster than the passes stop it is left as a logged survivor, so a reaper's end never waits forever. */
export const SWEEP_BOUND_MS = 2_000;
/** Passes in a row that find nothing before the sweep believes it (each costs a few ms over cgroup.procs). */
const QUIET_PASSES = 3;
/** Re-listings of /proc a pass makes for pids that ended before their read (on a busy machine, most are not the session's). */
const MAX_CHASES = 64;
/** The SIGKILL of what is stopped at the bound gets this long to land before the rest is counted. */
const LAST_KILL_MS = 200;
/** Poll period while the SIGKILLed wait to die (microseconds each for a stopped process). */
const DEATH_POLL_MS = 5;

export interface SweepResult {
  /** tagged processes seen outside the container (stopped and killed, or left as survivors) */
  migrated: number;
  /** tagged processes still alive outside the container when the sweep gave up, and those that vanished before their catch with no successor found */
  survivors: ProcessIdentity[];
  /** of `migrated`, those moved back into the frozen container (the rest were stopped where they were) */
  movedBack: number;
}

export interface SweepOptions {
  log: EventLog;
  /** the session's container, still there: migrants are moved back into it, frozen (none: stopped) */
  container?: CgroupDir;
  /** tagged processes the caller already counts (a scanned session's own survivors) */
  known?: readonly ProcessIdentity[];
  /** how /proc is read; default at once (kernel-reads.ts), as the reaper reads it */
  reader?: ProcReader;
  procRoot?: string;
  clock?: () => number;
  boundMs?: number;
}

const key = (p: ProcessIdentity): string => `${p.pid}:${p.startTime}`;

type Catch = 'moved' | SendOutcome;

/** Moves `pid` into the frozen container; 'gone' when it ended first, undefined when it is not ours to move (stopped instead). */
function moveBack(container: CgroupDir, pid: number): 'moved' | 'gone' | undefined {
  try {
    appendKernelFileNow(`${container.dir}/cgroup.procs`, `${pid}\n`);
    return 'moved';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? 'gone' : undefined;
  }
}

const identity = ({ pid, startTime }: ProcessIdentity): ProcessIdentity => ({ pid, startTime });

interface Pass {
  /** tagged processes alive in this pass (each caught) */
  alive: ProcStat[];
  /** caught for the first time in this pass */
  fresh: number;
  /** seen tagged, gone before the stop reached them: whatever they forked is still out there */
  vanished: ProcessIdentity[];
}

export async function sweepMigrants(sessionId: string, options: SweepOptions): Promise<SweepResult> {
  const { log } = options;
  const reader = options.reader ?? procNow;
  const procRoot = options.procRoot ?? '/proc';
  const clock = options.clock ?? (() => performance.now());
  const deadline = clock() + (options.boundMs ?? SWEEP_BOUND_MS);
  const located = options.procRoot === undefined ? await locateCgroup() : undefined;
  const tag = new SessionTag(sessionId, reader, procRoot, located?.ok ? located.value.mount : undefined);
  const known = new Set((options.known ?? []).map(key));
  const seen = new Set<string>();
  /** caught processes: moved into the frozen container, or stopped */
  const stopped = new Map<string, ProcStat>();
  const moved = new Set<string>();
  const killed = new Set<string>();
  // a container whose members all ended before the KILL stage is not frozen yet; one that cannot be frozen takes no migrant
  const container = options.container && (await options.container.freeze(true)).ok ? options.container : undefined;
  /** process groups stopped, each with the tagged member seen in it */
  const groups = new Map<number, ProcStat>();
  const ownGroup = (await readLiveStat(process.pid, reader, procRoot))?.pgrp;
  const signalGroup = (member: ProcStat, signal: NodeJS.Signals): void => {
    if (member.pgrp <= 1 || member.pgrp === ownGroup) return;
    try {
      process.kill(-member.pgrp, signal);
    } catch {
      // the group is gone, or not ours to signal
    }
  };
  const liveNow = async (p: ProcessIdentity): Promise<boolean> => {
    const now = await readLiveStat(p.pid, reader, procRoot);
    return now !== undefined && sameProcess(now, p) && isAlive(now);
  };

  /** Moved back into the frozen container if it may be, else stopped. */
  const catchNow = (p: ProcStat): Catch => {
    const back = container ? moveBack(container, p.pid) : undefined;
    return back ?? signalProcess(p.pid, 'SIGSTOP', log);
  };

  /** One pass over the live processes (every cgroup.procs, or /proc), newest first: each tagged process not yet stopped is stopped now. */
  const pass = async (): Promise<Pass> => {
    const result: Pass = { alive: [], fresh: 0, vanished: [] };
    // stopped ones that died while we did not kill them were continued (a SIGCONT from another
    // process) and may have forked before they exited
    for (const [k, p] of stopped) {
      if (killed.has(k) || (await liveNow(p))) continue;
      stopped.delete(k);
      result.vanished.push(identity(p));
    }
    const pids = await tag.pids();
    const listed = new Set(pids);
    let chases = 0;
    /** what was handed out after `pid` since the listing is read next, in the order it was handed out */
    const chaseAfter = async (pid: number, at: number): Promise<void> => {
      chases++;
      const fresh = (await tag.pids(pid)).filter((next) => !listed.has(next));
      for (const next of fresh) listed.add(next);
      pids.splice(at + 1, 0, ...fresh);
    };
    for (let i = 0; i < pids.length; i++) {
      const pid = pids[i] as number;
      const found = await tag.read(pid);
      if (found === 'gone') {
        // ended since the listing: if it was a relay, its successor has one of the pids handed out after it
        if (chases < MAX_CHASES && clock() < deadline) await chaseAfter(pid, i);
        continue;
      }
      if (!found || known.has(key(found))) continue;
      seen.add(key(found));
      if (stopped.has(key(found))) {
        if (!result.alive.some((p) => sameProcess(p, found))) result.alive.push(found);
        continue;
      }
      const sent = catchNow(found);
      // even when it is gone already: what it forked a moment before is in its group
      if (!groups.has(found.pgrp)) {
        signalGroup(found, 'SIGSTOP');
        groups.set(found.pgrp, found);
      }
      if (sent === 'denied') {
        result.alive.push(found);
        continue;
      }
      if (sent === 'gone' || !(await liveNow(found))) {
        // it forked and exited first: whatever it forked is still out there
        result.vanished.push(identity(found));
        if (clock() < deadline) await chaseAfter(pid, i);
        continue;
      }
      stopped.set(key(found), found);
      if (sent === 'moved') moved.add(key(found));
      // stopped where it is: killed at once, before a partner's SIGCONT can undo the stop
      else if (signalProcess(pid, 'SIGKILL', log) !== 'denied') killed.add(key(found));
      result.alive.push(found);
      result.fresh++;
    }
    return result;
  };

  let survivors: ProcessIdentity[] = [];
  let quiet = 0;
  for (let round = 0; ; round++) {
    const world = await pass();
    const past = clock() >= deadline;
    if ((world.fresh > 0 || world.vanished.length > 0) && !past) {
      quiet = 0;
      continue;
    }
    // a pass can miss a relay that handed over between the listing and the read: others follow
    if (world.alive.length === 0 && world.vanished.length === 0 && ++quiet < QUIET_PASSES && !past) continue;
    if (world.alive.length === 0 && world.vanished.length === 0) break;
    // the world is stopped (or the bound is reached): what is stopped cannot fork or continue another
    log.error('reaper-migrants', { sessionId, round, pids: world.alive.map((p) => p.pid) });
    // the group of each stopped process (it lives, so its group cannot have emptied and its id been reused)
    for (const p of world.alive) signalGroup(p, 'SIGKILL');
    for (const p of world.alive) {
      if (signalProcess(p.pid, 'SIGKILL', log) !== 'denied') killed.add(key(p));
    }
    const until = Math.max(deadline, clock() + LAST_KILL_MS);
    let alive = await Promise.all(world.alive.map(liveNow));
    while (alive.some(Boolean) && clock() < until) {
      await delay(DEATH_POLL_MS);
      alive = await Promise.all(world.alive.map(liveNow));
    }
    if (past) {
      // one moved back and still alive is in the container: its count is the container's
      survivors = [...world.alive.filter((p, i) => alive[i] && !moved.has(key(p))), ...world.vanished].map(identity);
      break;
    }
  }
  if (survivors.length > 0) log.error('reaper-migrant-survivors', { sessionId, survivors: survivors.map((p) => p.pid) });
  return { migrated: seen.size, survivors, movedBack: moved.size };
}
