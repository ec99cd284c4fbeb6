// Starting a session inside its container (DESIGN §4). With a cgroup, the cgroup exists and
// the reaper knows it before the root starts, and the root joins it before any code of the
// program runs: a shim writes its own pid to cgroup.procs, then execs the program. A shim
// that cannot join exits with JOIN_FAILED_EXIT_CODE without running the program, and the
// session is started again under the process scan — logged, never silently uncontained.
// Under the process scan the root stops itself before the program runs, until the reaper
// has taken its first look at it.
import { LogEvent } from '../core/log-events';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { CGROUP_PREFIX, CgroupDir, locateCgroup } from './cgroup';
import { containmentPlan, type ContainmentPlan } from './containment-probe';
import type { EventLog } from './event-log';
import { systemProcessTable } from './process-tree';
import type { ReaperClient } from './reaper-client';
import { type Session, type SessionOptions, spawnSession } from './session';
import { CgroupContainer, ScanContainer, type SessionContainer } from './session-container';
import { isScopeCgroup, systemdScopeLauncher } from './systemd-scope';

/** The shim's exit code when it cannot join the cgroup: outside what shells and signals use. */
export const JOIN_FAILED_EXIT_CODE = 218;
/** `sh -c JOIN_SCRIPT ripcord-join <cgroup.procs> program args...`: "$@" keeps any argument intact. */
export const JOIN_SCRIPT = `{ echo $$ >"$1"; } 2>/dev/null || exit ${JOIN_FAILED_EXIT_CODE}; shift; exec "$@"`;
/** `sh -c HOLD_SCRIPT ripcord-hold program args...`: stops until the host continues it. */
export const HOLD_SCRIPT = 'kill -STOP $$; exec "$@"';
/** Bound on the root reaching its container (shim joined, or held for the reaper). */
const START_WAIT_MS = 5_000;
/** Poll period while waiting for the root to join or stop: the shim takes about a millisecond. */
const START_POLL_MS = 1;

export type SessionReaper = Pick<ReaperClient, 'register' | 'contain' | 'attachRoot' | 'release' | 'whenRegistered' | 'killAll'>;
export type ContainedSpawn = { ok: true; session: Session; container: SessionContainer } | { ok: false; error: string };

let sessionCount = 0;

export async function spawnContained(options: SessionOptions & { reaper: SessionReaper; log: EventLog; plan?: ContainmentPlan }): Promise<ContainedSpawn> {
  const plan = options.plan ?? (await containmentPlan());
  const name = `${CGROUP_PREFIX}${process.pid}-${++sessionCount}`;
  if (plan.kind === 'cgroup' && plan.facts.parent) {
    return spawnInCgroupOrScan(options, new CgroupDir(path.join(plan.facts.parent, name)), plan.reason);
  }
  if (plan.kind === 'systemd-scope') {
    const tried = await spawnInScope(options, name, plan.reason);
    if (tried.ok || !('fallback' in tried)) return tried;
    return spawnScanned(options, `systemd scope: ${tried.error}; falling back to the process scan`);
  }
  return spawnScanned(options, plan.reason);
}

type Attempt = ContainedSpawn | { ok: false; error: string; fallback: true };
type ContainedOptions = SessionOptions & { reaper: SessionReaper; log: EventLog };

/** The session in `cgroup`; when the cgroup cannot be made or joined, under the process scan. */
export async function spawnInCgroupOrScan(options: ContainedOptions, cgroup: CgroupDir, reason: string): Promise<ContainedSpawn> {
  const tried = await spawnInCgroup(options, cgroup, reason);
  if (tried.ok || !('fallback' in tried)) return tried;
  return spawnScanned(options, `cgroup: ${tried.error}; falling back to the process scan`);
}

async function spawnInCgroup(options: ContainedOptions, cgroup: CgroupDir, reason: string): Promise<Attempt> {
  const { reaper, log } = options;
  const created = await cgroup.create();
  if (!created.ok) return { ok: false, fallback: true, error: `cannot create ${cgroup.dir}: ${created.error}` };
  reaper.contain(cgroup.dir);
  const spawned = await spawnSession({ ...options, launcher: ['/bin/sh', '-c', JOIN_SCRIPT, 'ripcord-join', path.join(cgroup.dir, 'cgroup.procs')] });
  if (!spawned.ok) {
    reaper.release(cgroup.dir);
    await cgroup.remove();
    return spawned;
  }
  const { session } = spawned;
  const joined = await untilStarted(session, async () => (await cgroup.procs()).includes(session.pid));
  if (joined === 'failed') {
    session.dispose();
    reaper.release(cgroup.dir);
    await cgroup.remove();
    return { ok: false, fallback: true, error: `the session root could not join ${cgroup.dir}` };
  }
  reaper.attachRoot(session.pid, cgroup.dir);
  log.event(LogEvent.containmentChosen, { kind: 'cgroup', cgroup: cgroup.dir, reason, pid: session.pid });
  return { ok: true, session, container: new CgroupContainer('cgroup', cgroup.dir, reason) };
}

async function spawnInScope(options: ContainedOptions, unit: string, reason: string): Promise<Attempt> {
  const spawned = await spawnSession({ ...options, launcher: systemdScopeLauncher(unit) });
  if (!spawned.ok) return spawned;
  const { session } = spawned;
  let dir: string | undefined;
  const joined = await untilStarted(session, async () => {
    const located = await locateCgroup(session.pid);
    if (located.ok && isScopeCgroup(located.value.own, unit)) dir = located.value.dir;
    return dir !== undefined;
  });
  if (joined === 'failed' || dir === undefined) {
    session.dispose();
    return { ok: false, fallback: true, error: `systemd-run could not start ${unit}.scope` };
  }
  options.reaper.contain(dir);
  options.reaper.attachRoot(session.pid, dir);
  options.log.event(LogEvent.containmentChosen, { kind: 'systemd-scope', cgroup: dir, reason, pid: session.pid });
  return { ok: true, session, container: new CgroupContainer('systemd-scope', dir, reason) };
}

async function spawnScanned(options: ContainedOptions, reason: string): Promise<ContainedSpawn> {
  const { reaper, log } = options;
  const tables = systemProcessTable();
  if (!tables.ok) return tables;
  const spawned = await spawnSession({ ...options, launcher: ['/bin/sh', '-c', HOLD_SCRIPT, 'ripcord-hold'] });
  if (!spawned.ok) return spawned;
  const { session } = spawned;
  const held = await untilStarted(session, async () => (await tables.table.lookup(session.pid))?.state === 'T');
  if (held === 'failed') {
    session.dispose();
    return { ok: false, error: 'the session root ended before it could be registered with the reaper' };
  }
  // the session's RIPCORD_SESSION (session-env.ts): the reaper counts what carries it after a kill
  reaper.register(session.pid, session.startTime, session.id);
  if (!(await reaper.whenRegistered(session.pid, START_WAIT_MS))) log.warn('containment.register-unconfirmed', { pid: session.pid });
  try {
    process.kill(session.pid, 'SIGCONT');
  } catch {
    // gone meanwhile: its exit reaches the host as any other
  }
  log.event(LogEvent.containmentChosen, { kind: 'process-scan', reason, pid: session.pid, limits: 'see ripcord doctor' });
  return { ok: true, session, container: new ScanContainer({ pid: session.pid, startTime: session.startTime }, tables.table, reason) };
}

/**
 * Waits until `ready()` (the root is in its container) or the root's end. A root that ended
 * without being seen ready counts as started only when its exit code is not the shim's: a
 * program may join and end between two polls.
 */
async function untilStarted(session: Session, ready: () => Promise<boolean>): Promise<'started' | 'failed'> {
  let exit: number | undefined;
  const sub = session.onExit(({ exitCode }) => { exit = exitCode; });
  try {
    const until = performance.now() + START_WAIT_MS;
    while (performance.now() < until) {
      if (await ready()) return 'started';
      if (exit !== undefined) return exit === JOIN_FAILED_EXIT_CODE ? 'failed' : 'started';
      await delay(START_POLL_MS);
    }
    return 'failed';
  } finally {
    sub.dispose();
  }
}
