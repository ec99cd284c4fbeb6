// Which processes carry a session's tag (DESIGN §4): every process of the session that keeps its
// environment has RIPCORD_SESSION=<id>, wherever it went — out of the scan's sight, or out of the
// session's cgroup (a systemd-scoped tmux pane, a process that wrote its pid elsewhere). Linux
// only (/proc/<pid>/environ); elsewhere none can be found. A process that cleared its environment
// or made itself non-dumpable cannot be read by a non-root reaper (docs/containment.md).
import { readdir, readFile } from 'node:fs/promises';
import { SESSION_ID_ENV } from '../../../contracts/reaper-pipe';
import { readProcStatus } from '../processes/proc-files';

/** Live processes of this user (real uid) whose environment names the session. */
export async function aliveWithSessionId(sessionId: string, procRoot = '/proc'): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const needle = `${SESSION_ID_ENV}=${sessionId}\0`;
  const uid = process.getuid?.();
  const names = (await readdir(procRoot)).filter((n) => /^\d+$/.test(n) && Number(n) !== process.pid);
  const found = await Promise.all(names.map(async (name) => {
    try {
      if (!(await readFile(`${procRoot}/${name}/environ`, 'latin1')).includes(needle)) return undefined;
      const status = await readProcStatus(Number(name), procRoot);
      if (!status || status.state === 'Z' || status.state === 'X' || (uid !== undefined && status.realUid !== uid)) return undefined;
      return Number(name);
    } catch {
      return undefined; // gone meanwhile, or not ours to read
    }
  }));
  return found.filter((pid): pid is number => pid !== undefined);
}
