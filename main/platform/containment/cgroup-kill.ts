// DESIGN §4 staged kill over a session cgroup and the cgroups below it, on the one schedule
// (kill-schedule.ts). Members are read and signalled while the cgroup is frozen, so a pid read
// from cgroup.procs cannot exit and be reused before its signal. The SIGKILL stage is
// `cgroup.kill`, then — frozen, so nothing forks — kill(tgid, SIGKILL) of every thread group
// in the tree (cgroup-thread-groups.ts: what cgroup.kill misses), repeated until cgroup.events says
// `populated 0` or the grace's give-up point. Then, the container still there and frozen, the
// caller's `beforeRemoval` runs (the reaper's sweep moves the session's migrants back into it and
// kills them: migrant-sweep.ts); the directory is then removed. The survivor count is what the
// tree still holds, never a guess.
import { LogEvent } from '../../core/log-events';
import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { CgroupDir } from './cgroup';
import { nullEventLog, type EventLog } from '../log/event-log';
import { DEFAULT_KILL_GRACE_MS } from '../../core/kill-grace';
import { giveUpAtMs, KillTally, STAGED_SIGNALS, stageStartMs, type StagedSignal } from '../../core/kill-schedule';
import { signalProcess, type StagedKillResult } from '../processes/staged-kill';
import { readProcStat } from '../processes/proc-files';
import { killThreadGroupsNow, threadGroupsNow } from './cgroup-thread-groups';

/** Poll period of cgroup.events while waiting: a member's end is seen within one period. */
const POLL_MS = 10;
/** A freeze waits on members in uninterruptible sleep; past this the stage signals anyway. */
const FREEZE_WAIT_MS = 100;
/** rmdir right after `populated 0` can meet EBUSY while the last exit finishes; retried this often. */
const RMDIR_ATTEMPTS = 20;

export interface CgroupKillOptions {
  killGraceMs?: number;
  log?: EventLog;
  clock?: () => number;
  /** run once the kill is done, before the survivors are counted and the directory removed */
  beforeRemoval?: () => Promise<void>;
}

export async function killCgroup(cgroup: CgroupDir, options: CgroupKillOptions = {}): Promise<StagedKillResult & { removed: boolean }> {
  const graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const log = options.log ?? nullEventLog;
  const clock = options.clock ?? (() => performance.now());
  const start = clock();
  const tally = new KillTally<number>();
  const account = (alive: readonly number[]): void => tally.alive(alive);

  const giveUpAt = start + giveUpAtMs(graceMs);
  for (const stage of STAGED_SIGNALS) {
    if (!(await untilEmptyOr(cgroup, start + stageStartMs(stage, graceMs), clock, account))) break;
    if (stage === 'KILL') await killAll(cgroup, tally, log, () => clock() >= giveUpAt);
    else await signalFrozen(cgroup, stage, tally, log);
  }
  await untilEmptyOr(cgroup, giveUpAt, clock, account);
  await options.beforeRemoval?.();
  const left = threadGroupsNow(cgroup.dir);
  account(left);
  const survivors = left.map((pid) => ({ pid, startTime: 0 }));
  if (survivors.length > 0) log.error('cgroup-kill-survivors', { cgroup: cgroup.dir, survivors: left });
  const removed = survivors.length === 0 && (await removeDir(cgroup, log));
  const ms = Math.round(clock() - start);
  const { killedBy, exitedUnsignalled } = tally;
  log.event(LogEvent.cgroupKillDone, { cgroup: cgroup.name, ms, ...killedBy, exitedUnsignalled, survivors: survivors.length, removed });
  return { killedBy, exitedUnsignalled, survivors, ms, removed };
}

/** Waits until the cgroup is empty (true: nothing left) or the deadline passes (false). */
async function untilEmptyOr(
  cgroup: CgroupDir,
  deadline: number,
  clock: () => number,
  account: (alive: number[]) => void,
): Promise<boolean> {
  for (;;) {
    if (!(await cgroup.populated())) {
      account([]);
      return false;
    }
    account(threadGroupsNow(cgroup.dir, { threads: false }));
    const left = deadline - clock();
    if (left <= 0) return true;
    await delay(Math.min(POLL_MS, left));
  }
}

async function signalFrozen(cgroup: CgroupDir, stage: StagedSignal, tally: KillTally<number>, log: EventLog): Promise<void> {
  const frozen = await freeze(cgroup);
  try {
    for (const pid of threadGroupsNow(cgroup.dir)) {
      const stopped = (await readProcStat(pid))?.state === 'T';
      if (signalProcess(pid, `SIG${stage}`, log) === 'sent') tally.signalled(pid, stage);
      // a stopped process acts on its signal only once continued
      if (stopped) signalProcess(pid, 'SIGCONT', log);
    }
  } finally {
    if (frozen) await cgroup.freeze(false);
  }
}

async function killAll(cgroup: CgroupDir, tally: KillTally<number>, log: EventLog, pastBound: () => boolean): Promise<void> {
  const members = threadGroupsNow(cgroup.dir, { threads: false });
  const killed = await cgroup.kill();
  for (const pid of members) tally.signalled(pid, 'KILL');
  // kernels before 5.14 have no cgroup.kill: the walk below is then the whole kill
  if (!killed.ok) log.warn('cgroup-kill-file-failed', { cgroup: cgroup.dir, error: killed.error });
  // left frozen: what cannot be killed (D state) runs no more, and a thaw would only let it fork
  await freeze(cgroup);
  do {
    for (const pid of killThreadGroupsNow(cgroup.dir, log)) tally.signalled(pid, 'KILL');
    if (!(await cgroup.populated())) return;
    await delay(POLL_MS);
  } while (!pastBound());
}

/** Freezes and waits (bounded) for `frozen 1`; false when the cgroup cannot be frozen. */
async function freeze(cgroup: CgroupDir): Promise<boolean> {
  if (!(await cgroup.freeze(true)).ok) return false;
  const until = performance.now() + FREEZE_WAIT_MS;
  while (performance.now() < until) {
    try {
      if (/^frozen 1$/m.test(await readFile(`${cgroup.dir}/cgroup.events`, 'utf8'))) break;
    } catch {
      break;
    }
    await delay(1);
  }
  return true;
}

async function removeDir(cgroup: CgroupDir, log: EventLog): Promise<boolean> {
  let last = '';
  for (let attempt = 0; attempt < RMDIR_ATTEMPTS; attempt++) {
    const removed = await cgroup.remove();
    if (removed.ok) return true;
    last = removed.error;
    await delay(POLL_MS);
  }
  log.error('cgroup-remove-failed', { cgroup: cgroup.dir, error: last });
  return false;
}
