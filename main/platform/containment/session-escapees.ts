// Which processes carry a session's tag (DESIGN §4): every process of the session that keeps its
// environment has RIPCORD_SESSION=<id> — or, in a session started inside it, the id among
// RIPCORD_OUTER_SESSIONS — wherever it went — out of the scan's sight, or out of the
// session's cgroup (a systemd-scoped tmux pane, a process that wrote its pid elsewhere). A process
// whose leader thread has exited is read through a live thread. Linux only (/proc/<pid>/environ);
// elsewhere none can be found. A process that cleared or rewrote its environment, or made itself
// non-dumpable, cannot be read by a non-root reaper (docs/containment.md).
import { environHasSession } from '../../../contracts/reaper-pipe';
import { procNow } from '../files/kernel-reads';
import { parseProcStatus, readEnvironment, readLiveStat, type ProcStat } from '../processes/proc-files';
import type { ProcReader } from '../processes/process-table';
import { isAlive } from '../processes/process-tree';
import { threadGroupsNow } from './cgroup-thread-groups';

export class SessionTag {
  private readonly uid = process.getuid?.();

  /**
   * `reader`: at once by default, as the reaper reads /proc (kernel-reads.ts). `cgroupMount`:
   * where the cgroup2 hierarchy is, if it is: its cgroup.procs files list the live processes and
   * no zombie, where /proc on a machine whose init reaps none lists thousands.
   */
  constructor(
    private readonly sessionId: string,
    private readonly reader: ProcReader = procNow,
    private readonly procRoot = '/proc',
    private readonly cgroupMount?: string,
  ) {}

  /**
   * Every live pid (this process left out: it never carries a tag it sweeps for), newest
   * first — a process that forks on is found at its newest pid — or, given `after`, in the
   * order the kernel hands out pids after it: above it, then from the bottom once they wrap.
   */
  async pids(after?: number): Promise<number[]> {
    if (process.platform !== 'linux') return [];
    const listed =
      this.cgroupMount !== undefined
        ? threadGroupsNow(this.cgroupMount, { threads: false })
        : (await this.reader.readdir(this.procRoot).catch(() => [] as string[])).filter((n) => /^\d+$/.test(n)).map(Number);
    const pids = listed.filter((pid) => pid !== process.pid);
    if (after === undefined) return pids.sort((a, b) => b - a);
    const rank = (pid: number): number => (pid > after ? pid - after : pid + Number.MAX_SAFE_INTEGER / 2);
    return pids.sort((a, b) => rank(a) - rank(b));
  }

  /**
   * The process if it is alive, of this user (real uid) and carries the tag; 'gone' when it
   * ended between the listing and this read; otherwise undefined.
   */
  async read(pid: number): Promise<ProcStat | 'gone' | undefined> {
    // the stat first: the many zombies a scan meets cost one read each
    const stat = await readLiveStat(pid, this.reader, this.procRoot);
    // cgroup.procs lists no zombie: one here ended since the listing
    if (!stat || (!isAlive(stat) && this.cgroupMount !== undefined)) return 'gone';
    if (!isAlive(stat)) return undefined;
    const environ = await readEnvironment(pid, this.reader, this.procRoot);
    if (environ === undefined) return (await readLiveStat(pid, this.reader, this.procRoot)) ? undefined : 'gone';
    // the id names no process's environment by chance (16 random hex digits): a cheap look first
    if (!environ.includes(this.sessionId) || !environHasSession(environ, this.sessionId)) return undefined;
    const status = parseProcStatus(await this.reader.readFile(`${this.procRoot}/${pid}/status`).catch(() => ''));
    if (this.uid !== undefined && status.realUid !== this.uid) return undefined;
    return stat;
  }

  /** Live processes of this user that carry the tag, as one pass over /proc sees them. */
  async alive(): Promise<ProcStat[]> {
    const found = await Promise.all((await this.pids()).map((pid) => this.read(pid)));
    return found.filter((p): p is ProcStat => p !== undefined && p !== 'gone');
  }
}

/** Live processes of this user (real uid) whose environment names the session. */
export async function aliveWithSessionId(sessionId: string, procRoot = '/proc'): Promise<number[]> {
  return (await new SessionTag(sessionId, procNow, procRoot).alive()).map((p) => p.pid);
}
