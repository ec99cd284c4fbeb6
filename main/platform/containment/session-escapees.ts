// Which processes carry a session's tag (DESIGN §4): every process of the session that keeps its
// environment has RIPCORD_SESSION=<id>, wherever it went — out of the scan's sight, or out of the
// session's cgroup (a systemd-scoped tmux pane, a process that wrote its pid elsewhere). A process
// whose leader thread has exited is read through a live thread. Linux only (/proc/<pid>/environ);
// elsewhere none can be found. A process that cleared or rewrote its environment, or made itself
// non-dumpable, cannot be read by a non-root reaper (docs/containment.md).
import { SESSION_ID_ENV } from '../../../contracts/reaper-pipe';
import { procNow } from '../files/kernel-reads';
import { parseProcStatus, readEnvironment, readLiveStat, type ProcStat } from '../processes/proc-files';
import type { ProcReader } from '../processes/process-table';
import { isAlive } from '../processes/process-tree';

export class SessionTag {
  private readonly needle: string;
  private readonly uid = process.getuid?.();

  /** `reader`: at once by default, as the reaper reads /proc (kernel-reads.ts). */
  constructor(sessionId: string, private readonly reader: ProcReader = procNow, private readonly procRoot = '/proc') {
    this.needle = `${SESSION_ID_ENV}=${sessionId}\0`;
  }

  /**
   * Every pid in /proc (this process left out: it never carries a tag it sweeps for), newest
   * first — a process that forks on is found at its newest pid — or, given `after`, in the
   * order the kernel hands out pids after it: above it, then from the bottom once they wrap.
   */
  async pids(after?: number): Promise<number[]> {
    if (process.platform !== 'linux') return [];
    const names = await this.reader.readdir(this.procRoot).catch(() => [] as string[]);
    const pids = names.filter((n) => /^\d+$/.test(n)).map(Number).filter((pid) => pid !== process.pid);
    if (after === undefined) return pids.sort((a, b) => b - a);
    const rank = (pid: number): number => (pid > after ? pid - after : pid + Number.MAX_SAFE_INTEGER / 2);
    return pids.sort((a, b) => rank(a) - rank(b));
  }

  /**
   * The process if it is alive, of this user (real uid) and carries the tag; 'gone' when the
   * pid has no process any more (it ended between the listing and this read); otherwise undefined.
   */
  async read(pid: number): Promise<ProcStat | 'gone' | undefined> {
    const environ = await readEnvironment(pid, this.reader, this.procRoot);
    if (environ === undefined) return (await readLiveStat(pid, this.reader, this.procRoot)) ? undefined : 'gone';
    if (!environ.includes(this.needle)) return undefined;
    const status = parseProcStatus(await this.reader.readFile(`${this.procRoot}/${pid}/status`).catch(() => ''));
    if (this.uid !== undefined && status.realUid !== this.uid) return undefined;
    const stat = await readLiveStat(pid, this.reader, this.procRoot);
    if (!stat) return 'gone';
    return isAlive(stat) ? stat : undefined;
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
