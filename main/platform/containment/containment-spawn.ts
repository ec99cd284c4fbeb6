// Starting a session inside its container (DESIGN §4). With a cgroup, the root joins it before
// any code of the program runs, and the reaper holds it (it confirmed) before the program runs:
// a shim writes its own pid to cgroup.procs and stops itself; the host continues it (`run`) once
// the reaper confirmed, and the shim execs the program. A shim that cannot join exits with
// JOIN_FAILED_EXIT_CODE without running the program, and the session is started again under the
// next containment (a systemd user scope, else the process scan) — logged, never silently
// uncontained. Under the process scan the root stops itself before
// the program runs, until the reaper has taken its first look at it.
import { LogEvent } from '../../core/log-events';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { CGROUP_PREFIX, CgroupDir, locateCgroup, type Result } from './cgroup';
import { containmentPlan, planWithoutCgroup, type ContainmentPlan } from './containment-probe';
import type { EventLog } from '../log/event-log';
import type { ProcessTable } from '../processes/process-table';
import { systemProcessTable, type ProcessTableResult } from '../processes/process-tree';
import { procNow } from '../files/kernel-reads';
import { processClock } from '../processes/process-clock';
import type { ReaperClient } from '../reaper-client/reaper-client';
import { type Session, type SessionOptions, spawnSession } from '../pty/session';
import { killCgroup } from './cgroup-kill';
import { CgroupContainer, ScanContainer, type SessionContainer } from './session-container';
import { HOLD_SCRIPT, JOIN_FAILED_EXIT_CODE, JOIN_SCRIPT } from './root-shim';
import { isScopeCgroup, systemdScopeLauncher } from './systemd-scope';

/** Bound on the root reaching its container (shim joined, or held for the reaper). */
const START_WAIT_MS = 5_000;
/** Poll period while waiting for the root to join or stop: the shim takes about a millisecond. */
const START_POLL_MS = 1;

export type SessionReaper = Pick<
  ReaperClient,
  | 'register'
  | 'contain'
  | 'whenContained'
  | 'attachRoot'
  | 'release'
  | 'whenRegistered'
  | 'killAll'
  | 'endSession'
  | 'takeOver'
  | 'onGaveUp'
  | 'setKillGrace'
>;
/** What a start asks of the reaper: in the session host, questions to main, which holds the reaper. */
export type SpawnReaper = Pick<ReaperClient, 'register' | 'contain' | 'whenContained' | 'attachRoot' | 'release' | 'whenRegistered'>;
/** Makes the session's cgroup `name` below `parent`: in the session host, main makes it (it holds the kill). */
export type CgroupMaker = (parent: string, name: string) => Promise<Result<CgroupDir>>;
/**
 * `run()` lets the held root exec the program. The caller wires the session in the same turn of
 * the loop (no output can reach it before the next), beside the program's own start.
 */
export type ContainedSpawn = { ok: true; session: Session; container: SessionContainer; run: () => void } | { ok: false; error: string };

export async function spawnContained(
  options: SessionOptions & { reaper: SpawnReaper; log: EventLog; plan?: ContainmentPlan; makeCgroup?: CgroupMaker },
): Promise<ContainedSpawn> {
  const plan = options.plan ?? (await containmentPlan());
  const parent = plan.facts.parent;
  if (plan.kind === 'cgroup' && parent) {
    const make = options.makeCgroup ?? ((dir, name) => CgroupDir.createUnique(dir, name));
    return spawnInCgroupOrFallback(options, () => make(parent, sessionName()), plan.reason);
  }
  return spawnOutsideCgroup(options, plan);
}

type Attempt = ContainedSpawn | { ok: false; error: string; fallback: true };
type ContainedOptions = SessionOptions & { reaper: SpawnReaper; log: EventLog };

let sessionCount = 0;
const sessionName = (): string => `${CGROUP_PREFIX}${process.pid}-${++sessionCount}`;

/** The session in the cgroup `make` creates; when it cannot be made or joined, in the next containment. */
export async function spawnInCgroupOrFallback(
  options: ContainedOptions,
  make: () => Promise<Result<CgroupDir>>,
  reason: string,
): Promise<ContainedSpawn> {
  const tried = await spawnInCgroup(options, make, reason);
  if (tried.ok || !('fallback' in tried)) return tried;
  const why = `cgroup: ${tried.error}`;
  return spawnOutsideCgroup(options, await planWithoutCgroup(why), why);
}

/** A systemd user scope or the process scan; `why` says what failed before (falling back). */
async function spawnOutsideCgroup(options: ContainedOptions, plan: ContainmentPlan, why?: string): Promise<ContainedSpawn> {
  const reason = (kind: string): string => (why === undefined ? plan.reason : `${why}; falling back to ${kind}`);
  if (plan.kind === 'systemd-scope') {
    const tried = await spawnInScope(options, sessionName(), reason('a systemd user scope'));
    if (tried.ok || !('fallback' in tried)) return tried;
    return spawnScanned(options, `systemd scope: ${tried.error}; falling back to the process scan`);
  }
  return spawnScanned(options, reason('the process scan'));
}

async function spawnInCgroup(options: ContainedOptions, make: () => Promise<Result<CgroupDir>>, reason: string): Promise<Attempt> {
  const { reaper, log } = options;
  const tables = startTable();
  if (!tables.ok) return tables;
  const created = await make();
  if (!created.ok) return { ok: false, fallback: true, error: created.error };
  const cgroup = created.value;
  const spawned = await spawnSession({
    ...options,
    launcher: ['/bin/sh', '-c', JOIN_SCRIPT, 'ripcord-join', path.join(cgroup.dir, 'cgroup.procs')],
  });
  if (!spawned.ok) {
    await cgroup.remove();
    return spawned;
  }
  const { value: session } = spawned;
  // While the root joins and stops (a host that dies meanwhile ends it: the pty hangs up). A
  // reaper spawned only now (`ripcord run`) is spawned beside the root's own start.
  reaper.contain(cgroup.dir, session.id);
  const contained = reaper.whenContained(cgroup.dir, START_WAIT_MS);
  const joined = await untilReady(session, async () => (await stopped(tables.value, session)) && cgroup.procsNow().includes(session.pid));
  if (joined === 'failed') {
    session.dispose();
    await abandonCgroup(cgroup, reaper, log);
    return { ok: false, fallback: true, error: `the session root could not join ${cgroup.dir}` };
  }
  if (!(await contained)) log.warn('containment.reaper-unconfirmed', { cgroup: cgroup.dir });
  reaper.attachRoot(session.pid, cgroup.dir);
  log.event(LogEvent.containmentChosen, { kind: 'cgroup', cgroup: cgroup.dir, reason, pid: session.pid });
  return { ok: true, session, container: new CgroupContainer('cgroup', cgroup.dir, reason), run: heldUntilRun(session) };
}

/**
 * A start that failed leaves no cgroup: what the shim left in it (a root that joined but never
 * stopped, as under `strace -f`) is killed, and the directory removed. One that cannot be removed
 * stays with the reaper, which kills and removes it with the rest at the host's end.
 */
async function abandonCgroup(cgroup: CgroupDir, reaper: SpawnReaper, log: EventLog): Promise<void> {
  const result = await killCgroup(cgroup, { killGraceMs: 0, log });
  if (result.removed) reaper.release(cgroup.dir);
  else log.warn('containment.start-cgroup-kept', { cgroup: cgroup.dir, survivors: result.survivors.length });
}

async function spawnInScope(options: ContainedOptions, unit: string, reason: string): Promise<Attempt> {
  const spawned = await spawnSession({ ...options, launcher: systemdScopeLauncher(unit) });
  if (!spawned.ok) return spawned;
  const { value: session } = spawned;
  let dir: string | undefined;
  const joined = await untilReady(session, async () => {
    const located = await locateCgroup(session.pid);
    if (located.ok && isScopeCgroup(located.value.own, unit)) dir = located.value.dir;
    return dir !== undefined;
  });
  if (joined === 'failed' || dir === undefined) {
    session.dispose();
    return { ok: false, fallback: true, error: `systemd-run could not start ${unit}.scope` };
  }
  options.reaper.contain(dir, session.id);
  options.reaper.attachRoot(session.pid, dir);
  options.log.event(LogEvent.containmentChosen, { kind: 'systemd-scope', cgroup: dir, reason, pid: session.pid });
  // systemd-run execs the program itself: nothing is held
  return { ok: true, session, container: new CgroupContainer('systemd-scope', dir, reason), run: () => undefined };
}

async function spawnScanned(options: ContainedOptions, reason: string): Promise<ContainedSpawn> {
  const { reaper, log } = options;
  const tables = systemProcessTable();
  if (!tables.ok) return tables;
  const spawned = await spawnSession({ ...options, launcher: ['/bin/sh', '-c', HOLD_SCRIPT, 'ripcord-hold'] });
  if (!spawned.ok) return spawned;
  const { value: session } = spawned;
  const now = startTable();
  if (!now.ok) return now;
  const held = await untilReady(session, () => stopped(now.value, session));
  if (held === 'failed') {
    session.dispose();
    return { ok: false, error: 'the session root ended before it could be registered with the reaper' };
  }
  // the session's RIPCORD_SESSION (session-env.ts): the reaper counts what carries it after a kill
  reaper.register(session.pid, session.startTime, session.id);
  if (!(await reaper.whenRegistered(session.pid, START_WAIT_MS))) log.warn('containment.register-unconfirmed', { pid: session.pid });
  log.event(LogEvent.containmentChosen, { kind: 'process-scan', reason, pid: session.pid, limits: 'see ripcord doctor' });
  return {
    ok: true,
    session,
    container: new ScanContainer({ pid: session.pid, startTime: session.startTime }, tables.value, reason),
    run: heldUntilRun(session),
  };
}

/** The held root's `run`: continues it once, and not at all once it ended (its pid may be another process's by then). */
function heldUntilRun(session: Session): () => void {
  let ended = false;
  const exit = session.onExit(() => {
    ended = true;
  });
  let ran = false;
  return () => {
    if (ran) return;
    ran = true;
    exit.dispose();
    if (ended) return;
    try {
      process.kill(session.pid, 'SIGCONT');
    } catch {
      // gone meanwhile: its exit reaches the host as any other
    }
  };
}

/** The process table the start polls: /proc read at once (kernel-reads.ts), as the start waits for every read. */
const startTable = (): ProcessTableResult => systemProcessTable(process.platform, procNow);
const stopped = async (table: ProcessTable, session: Session): Promise<boolean> => (await table.lookup(session.pid))?.state === 'T';

/**
 * Waits until `ready()` (the root is in its container, or held there) or the root's end:
 * 'failed' when it ended with the shim's code or got nowhere within START_WAIT_MS, 'ended' when
 * something else ended it first (an exit path killing it) — that exit reaches the host as any other.
 */
async function untilReady(session: Session, ready: () => Promise<boolean>): Promise<'ready' | 'ended' | 'failed'> {
  let exit: number | undefined;
  const sub = session.onExit(({ exitCode }) => {
    exit = exitCode;
  });
  try {
    const until = processClock() + START_WAIT_MS;
    while (processClock() < until) {
      if (await ready()) return 'ready';
      if (exit !== undefined) return exit === JOIN_FAILED_EXIT_CODE ? 'failed' : 'ended';
      await delay(START_POLL_MS);
    }
    return 'failed';
  } finally {
    sub.dispose();
  }
}
