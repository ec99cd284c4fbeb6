// The reaper's cgroup sessions (DESIGN §4): each is a cgroup directory, known from before its
// root runs, and — once the root joined — the root's pid the host names it by. Killing one is
// the staged kill over the cgroup, then the sweep for the session's migrants (processes carrying
// its tag outside the cgroup, moved back into it frozen where they may be: migrant-sweep.ts),
// ending with the directory removed.
import { LogEvent } from '../core/log-events';
import { CgroupDir } from '../platform/containment/cgroup';
import { killCgroup } from '../platform/containment/cgroup-kill';
import type { EventLog } from '../platform/log/event-log';
import { sweepMigrants, type SweepResult } from '../platform/containment/migrant-sweep';
import { formatDead } from '../../contracts/reaper-pipe';
import { removeLeftoverCgroups } from '../platform/containment/cgroup-leftovers';
import path from 'node:path';

interface CgroupSession {
  cgroup: CgroupDir;
  sessionId?: string;
  root?: number;
  killing?: Promise<void>;
}

export class CgroupSessions {
  private readonly sessions = new Map<string, CgroupSession>();
  /** the leftover cleanup of each parent this reaper holds a cgroup in: once per parent, awaited before it exits */
  private readonly leftovers = new Map<string, Promise<void>>();

  constructor(
    /** read when a kill starts: an edited killGraceMs applies from the next kill */
    private readonly killGrace: () => number,
    private readonly log: EventLog,
    private readonly report: (line: string) => void,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  contain(dir: string, sessionId?: string): void {
    const known = this.sessions.get(dir);
    if (known) {
      known.sessionId ??= sessionId;
      return;
    }
    this.sessions.set(dir, { cgroup: new CgroupDir(dir), sessionId });
    this.log.event('reaper-contain', { cgroup: dir, sessionId });
    this.removeLeftovers(path.dirname(dir));
  }

  /** Leftover cgroups of sessions that are over, beside the ones this reaper holds (cgroup-leftovers.ts). */
  private removeLeftovers(parent: string): void {
    if (this.leftovers.has(parent)) return;
    this.leftovers.set(
      parent,
      removeLeftoverCgroups(parent).then(({ removed, failed }) => {
        this.log.event(LogEvent.cgroupLeftovers, { parent, removed, failed });
      }),
    );
  }

  root(pid: number, dir: string): void {
    this.contain(dir);
    const session = this.sessions.get(dir) as CgroupSession;
    session.root = pid;
    this.log.event('reaper-register', { pid, cgroup: dir });
  }

  release(dir: string): void {
    this.sessions.delete(dir);
    this.log.event('reaper-release', { cgroup: dir });
  }

  /** The session whose root is pid (a pane closed); none known: nothing to do. */
  end(pid: number): Promise<void> {
    const session = [...this.sessions.values()].find((s) => s.root === pid);
    return session ? this.kill(session) : Promise.resolve();
  }

  killAll(): Promise<void> {
    return Promise.all([...this.sessions.values()].map((s) => this.kill(s)).concat([...this.leftovers.values()])).then(() => undefined);
  }

  /** Sessions whose cgroup emptied by itself (every process ended): remove and report them. */
  async refresh(): Promise<void> {
    for (const session of [...this.sessions.values()]) {
      if (session.killing || session.root === undefined || (await session.cgroup.populated())) continue;
      // the end goes through the same path, which finds nothing to signal and removes the dir
      void this.kill(session);
    }
  }

  private kill(session: CgroupSession): Promise<void> {
    session.killing ??= (async () => {
      const { log } = this;
      const killGraceMs = this.killGrace();
      const { sessionId, cgroup } = session;
      let swept: SweepResult = { migrated: 0, survivors: [], movedBack: 0 };
      const sweep = async (): Promise<void> => {
        if (sessionId) swept = await sweepMigrants(sessionId, { log, container: cgroup });
      };
      const result = await killCgroup(cgroup, { killGraceMs, log, beforeRemoval: sweep });
      this.sessions.delete(session.cgroup.dir);
      const pid = session.root;
      const survivors = [...result.survivors, ...swept.survivors];
      if (swept.migrated > 0)
        log.error(LogEvent.reaperSessionMigrated, {
          pid,
          cgroup: session.cgroup.name,
          migrated: swept.migrated,
          movedBack: swept.movedBack,
          survivors: swept.survivors.length,
        });
      log.event(LogEvent.reaperSessionDead, {
        pid,
        cgroup: session.cgroup.name,
        ...result.killedBy,
        exitedUnsignalled: result.exitedUnsignalled,
        ms: result.ms,
        survivors: survivors.length,
        migrated: swept.migrated,
        movedBack: swept.movedBack,
        removed: result.removed,
      });
      if (pid !== undefined) this.report(formatDead(pid, { ...result, survivors }));
    })();
    return session.killing;
  }
}
