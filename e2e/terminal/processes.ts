// Finding the test's processes in /proc: by an environment marker, or as descendants of a pid.
import { readdir, readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { readProcStat, type ProcStat } from '../../main/platform/processes/proc-files';

export const MARKER_VARIABLE = 'RIPCORD_TEST_MARKER';

export function newMarker(): string {
  return `ripcord-test-${randomBytes(6).toString('hex')}`;
}

async function pids(): Promise<number[]> {
  return (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
}

/** Live (non-zombie) processes whose environment holds MARKER_VARIABLE=marker. */
export async function processesWithMarker(marker: string): Promise<number[]> {
  return processesWithVariable(MARKER_VARIABLE, marker);
}

/** Live (non-zombie) processes whose environment holds name=value (RIPCORD_SESSION: a session's processes). */
export async function processesWithVariable(name: string, value: string, match: 'whole' | 'prefix' = 'whole'): Promise<number[]> {
  const needle = `\0${name}=${value}${match === 'whole' ? '\0' : ''}`;
  const found: number[] = [];
  for (const pid of await pids()) {
    try {
      // a leading NUL, so that the variable's name is matched whole also as the first entry
      const environ = `\0${await readFile(`/proc/${pid}/environ`, 'latin1')}`;
      if (environ.includes(needle) && (await processState(pid)) !== 'Z') found.push(pid);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

const stat = (pid: number): Promise<ProcStat | undefined> => readProcStat(pid);

/** The one-letter state of /proc/<pid>/stat (R, S, T, Z …); undefined once the pid is gone. */
export async function processState(pid: number): Promise<string | undefined> {
  return (await stat(pid))?.state;
}

/** Live descendants of `root` whose command name is `comm`. */
export async function descendantsNamed(root: number, comm: string): Promise<number[]> {
  const table = new Map<number, ProcStat>();
  for (const pid of await pids()) {
    const line = await stat(pid);
    if (line) table.set(pid, line);
  }
  const isDescendant = (pid: number): boolean => {
    for (let current = table.get(pid)?.ppid; current !== undefined && current > 1; current = table.get(current)?.ppid) {
      if (current === root) return true;
    }
    return false;
  };
  return [...table].filter(([pid, line]) => line.comm === comm && line.state !== 'Z' && isDescendant(pid)).map(([pid]) => pid);
}

/** Live children of `parent`. */
export async function childrenOf(parent: number): Promise<number[]> {
  const children: number[] = [];
  for (const pid of await pids()) {
    const line = await stat(pid);
    if (line?.ppid === parent && line.state !== 'Z') children.push(pid);
  }
  return children;
}
