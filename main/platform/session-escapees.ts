// The honest survivor count of a scanned session (DESIGN §4): after the staged kill, the
// processes still alive whose environment names the session — whether or not the scan could
// link them to the root. Linux only (/proc/<pid>/environ); elsewhere none can be counted.
import { readdir, readFile } from 'node:fs/promises';
import { SESSION_ID_ENV } from './reaper-protocol';

export async function aliveWithSessionId(sessionId: string, procRoot = '/proc'): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const needle = `${SESSION_ID_ENV}=${sessionId}\0`;
  const names = (await readdir(procRoot)).filter((n) => /^\d+$/.test(n));
  const found = await Promise.all(names.map(async (name) => {
    try {
      if (!(await readFile(`${procRoot}/${name}/environ`, 'latin1')).includes(needle)) return undefined;
      const stat = await readFile(`${procRoot}/${name}/stat`, 'latin1');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      return state === 'Z' || state === 'X' ? undefined : Number(name);
    } catch {
      return undefined; // gone meanwhile, or not ours to read
    }
  }));
  return found.filter((pid): pid is number => pid !== undefined);
}
