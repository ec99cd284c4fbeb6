// The reaper's cgroup sessions (DESIGN §4): each is a cgroup directory, known from before its
// root runs, and — once the root joined — the root's pid the host names it by. Killing one is
// the staged kill over the cgroup, ending with the directory removed.
import { LogEvent } from '../core/log-events';
import { CgroupDir } from './cgroup';
import { killCgroup } from './cgroup-kill';
import type { EventLog } from './event-log';
import { formatDead } from './reaper-protocol';

interface CgroupSession { cgroup: CgroupDir; root?: number; killing?: Promise<void> }

export class CgroupSessions {
  private readonly sessions = new Map<string, CgroupSession>();

  constructor(
    private readonly killGraceMs: number,
    private readonly log: EventLog,
    private readonly report: (line: string) => void,
  ) {}

  get size(): number { return this.sessions.size; }

  contain(dir: string): void {
    if (this.sessions.has(dir)) return;
    this.sessions.set(dir, { cgroup: new CgroupDir(dir) });
    this.log.event('reaper-contain', { cgroup: dir });
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

  /** The session whose root is `pid`, if it is a cgroup session. */
  hasRoot(pid: number): boolean {
    return [...this.sessions.values()].some((s) => s.root === pid);
  }

  killRoot(pid: number): Promise<void> {
    const session = [...this.sessions.values()].find((s) => s.root === pid);
    return session ? this.kill(session) : Promise.resolve();
  }

  killAll(): Promise<void> {
    return Promise.all([...this.sessions.values()].map((s) => this.kill(s))).then(() => undefined);
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
    session.killing ??= killCgroup(session.cgroup, { killGraceMs: this.killGraceMs, log: this.log }).then((result) => {
      this.sessions.delete(session.cgroup.dir);
      const pid = session.root;
      this.log.event(LogEvent.reaperSessionDead, { pid, cgroup: session.cgroup.name, ...result.killedBy, ms: result.ms, survivors: result.survivors.length, removed: result.removed });
      if (pid !== undefined) this.report(formatDead(pid, result));
    });
    return session.killing;
  }
}
