// Migrants (DESIGN §4): processes of a session that left its container — a tmux pane moved into
// a `tmux-spawn-*.scope` by systemd, a process that wrote its own pid into another cgroup, one
// the process scan could not link to the root. The reaper (never the host) sweeps for them once
// the container's kill is done: every process of this user carrying the session's tag is given
// the same staged kill, identified by pid + start time, and the sweep repeats until it finds
// none, or its rounds run out (what is left then is a survivor, counted and logged).
import type { EventLog } from '../log/event-log';
import type { ProcessIdentity, ProcessInfo, ProcessTable } from '../processes/process-table';
import { isAlive, sameProcess } from '../processes/process-tree';
import { aliveWithSessionId } from './session-escapees';
import { StagedKill, type KillTargets } from '../processes/staged-kill';

/**
 * Sweeps after the kill: each round finds what the last one's processes forked meanwhile (children
 * inherit the tag). A process that forks faster than a round kills it is left after this many,
 * as a logged survivor, so a reaper's end never waits forever.
 */
const MAX_ROUNDS = 8;

export interface SweepResult {
  /** processes found outside the container and killed (or left as survivors) */
  migrated: number;
  /** tagged processes still alive when the sweep gave up */
  survivors: ProcessIdentity[];
}

export interface SweepOptions {
  table: ProcessTable;
  killGraceMs: number;
  log: EventLog;
  /** tagged processes the caller already counts (a scanned session's own survivors) */
  known?: readonly ProcessIdentity[];
  /** how the tagged processes are found; default: /proc (session-escapees.ts) */
  find?: (sessionId: string) => Promise<number[]>;
}

/** The seeds of one round, as long as each still has its start time: nothing recycled is signalled. */
class FixedTargets implements KillTargets {
  constructor(private readonly seeds: readonly ProcessInfo[]) {}

  update(snapshot: readonly ProcessInfo[]): ProcessInfo[] {
    return snapshot.filter((p) => isAlive(p) && this.seeds.some((s) => sameProcess(p, s)));
  }
}

export async function sweepMigrants(sessionId: string, options: SweepOptions): Promise<SweepResult> {
  const { table, killGraceMs, log } = options;
  const find = options.find ?? aliveWithSessionId;
  const known = new Set((options.known ?? []).map((p) => p.pid));
  const migrated = new Set<string>();
  let survivors: ProcessIdentity[] = [];
  for (let round = 0; ; round++) {
    const pids = (await find(sessionId)).filter((pid) => !known.has(pid));
    const seeds = (await Promise.all(pids.map((pid) => table.lookup(pid)))).filter((p): p is ProcessInfo => p !== undefined && isAlive(p));
    if (seeds.length === 0) break;
    if (round === MAX_ROUNDS) {
      survivors = seeds.map(({ pid, startTime }) => ({ pid, startTime }));
      break;
    }
    for (const p of seeds) migrated.add(`${p.pid}:${p.startTime}`);
    log.error('reaper-migrants', { sessionId, round, pids: seeds.map((p) => p.pid) });
    const result = await new StagedKill([new FixedTargets(seeds)], { table, killGraceMs, log }).run();
    // the kernel would not let them die (D state, EPERM): another round changes nothing
    if (result.survivors.length > 0) {
      survivors = result.survivors;
      break;
    }
  }
  return { migrated: migrated.size, survivors };
}
