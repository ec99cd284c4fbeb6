// Which processes belong to a session (DESIGN §4), with identity = pid + start time so a
// recycled pid is never mistaken for a member. The process list comes from a ProcessTable:
// /proc on Linux (proc-files.ts), `ps` on macOS (ps-process-table.ts).
import type { ProcessIdentity, ProcessInfo, ProcessTable, ProcReader } from './process-table';
import { asyncProcReader, readLiveStat } from './proc-files';
import { PsProcessTable } from './ps-process-table';
import type { Result } from '../../../contracts/result';

/** Not Z or X: a process whose leader is a zombie reads as its live thread's state (readLiveStat). */
export const isAlive = (p: ProcessInfo): boolean => p.state !== 'Z' && p.state !== 'X';

/** A process with this pid exists (EPERM: it does, and is not ours to signal). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const sameProcess = (p: ProcessInfo | undefined, id: ProcessIdentity): boolean =>
  p !== undefined && p.pid === id.pid && p.startTime === id.startTime;

export class LinuxProcessTable implements ProcessTable {
  constructor(
    private readonly reader: ProcReader = asyncProcReader,
    private readonly procRoot = '/proc',
  ) {}

  async lookup(pid: number): Promise<ProcessInfo | undefined> {
    // gone (ENOENT/ESRCH): undefined, and the caller treats it as dead
    return readLiveStat(pid, this.reader, this.procRoot);
  }

  async snapshot(): Promise<ProcessInfo[]> {
    const names = await this.reader.readdir(this.procRoot);
    const pids = names.filter((n) => /^\d+$/.test(n)).map(Number);
    const infos = await Promise.all(pids.map((pid) => this.lookup(pid)));
    return infos.filter((p): p is ProcessInfo => p !== undefined);
  }
}

export type ProcessTableResult = Result<ProcessTable>;

export function systemProcessTable(platform: NodeJS.Platform = process.platform, reader: ProcReader = asyncProcReader): ProcessTableResult {
  if (platform === 'linux') return { ok: true, value: new LinuxProcessTable(reader) };
  if (platform === 'darwin') return { ok: true, value: new PsProcessTable() };
  return { ok: false, error: `ripcord cannot track session processes on ${platform} yet (supported: Linux, macOS)` };
}

/**
 * The processes of one session: every process with a session id created by a member (the
 * root's to begin with) plus every descendant of a member. Links are trusted only through
 * live identities: a session id counts while any process of that session is alive (the
 * kernel cannot hand out that id again meanwhile), and a parent link counts only when the
 * parent pid is a known member with the same start time. Nothing that started before the
 * root is ever a member.
 */
export class SessionMembers {
  private readonly known = new Map<number, ProcessInfo>();
  /** session ids created by members (a member that is a session leader), with the leader's start time */
  private readonly ownedSids = new Map<number, number>();
  private rootPending = true;

  constructor(readonly root: ProcessIdentity) {
    this.ownedSids.set(root.pid, root.startTime);
  }

  /** the members alive after the last update */
  get alive(): ProcessInfo[] {
    return [...this.known.values()];
  }

  /** Folds a fresh snapshot in; returns the members alive in it. */
  update(snapshot: readonly ProcessInfo[]): ProcessInfo[] {
    const byPid = new Map<number, ProcessInfo>();
    const byParent = new Map<number, ProcessInfo[]>();
    const bySid = new Map<number, ProcessInfo[]>();
    for (const p of snapshot) {
      if (!isAlive(p) || p.startTime < this.root.startTime) continue;
      byPid.set(p.pid, p);
      push(byParent, p.ppid, p);
      push(bySid, p.sid, p);
    }
    if (this.rootPending) {
      // a root already gone at the first look leaves nothing we could safely claim
      const root = byPid.get(this.root.pid);
      if (root && sameProcess(root, this.root)) this.known.set(root.pid, root);
      else this.ownedSids.delete(this.root.pid);
      this.rootPending = false;
    }
    for (const [pid, member] of this.known) {
      const now = byPid.get(pid);
      if (now && now.startTime === member.startTime) this.known.set(pid, now);
      else this.known.delete(pid);
    }
    // A session id stays owned while any process in that session lives, known or not (a job
    // forked just before the root ended): the kernel cannot hand the id out again before the
    // last one is gone. A different process on the leader's pid means it did, meanwhile.
    for (const [sid, leaderStart] of this.ownedSids) {
      const leader = snapshot.find((p) => p.pid === sid && isAlive(p));
      if (!bySid.has(sid) || (leader && leader.startTime !== leaderStart)) this.ownedSids.delete(sid);
    }

    const queue = [...this.known.values()];
    const admit = (p: ProcessInfo): void => {
      if (this.known.has(p.pid)) return;
      this.known.set(p.pid, p);
      queue.push(p);
    };
    for (const sid of this.ownedSids.keys()) for (const p of bySid.get(sid) ?? []) admit(p);
    while (queue.length > 0) {
      const member = queue.shift() as ProcessInfo;
      if (member.sid === member.pid && !this.ownedSids.has(member.pid)) {
        this.ownedSids.set(member.pid, member.startTime);
        for (const p of bySid.get(member.pid) ?? []) admit(p);
      }
      for (const child of byParent.get(member.pid) ?? []) {
        if (child.startTime >= member.startTime) admit(child);
      }
    }
    return this.alive;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
