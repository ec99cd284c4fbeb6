// macOS has no /proc: the same ProcessInfo comes from one `ps` run. Start time is `lstart`
// (one-second resolution), so identity there is pid + start second. macOS `ps` has no
// session id (its `sess` column is a kernel address), so sid is reported as -1 and
// membership there follows descendants only. Not verified on a Mac; Linux is the tested platform.
import { execFile } from 'node:child_process';
import type { ProcessInfo, ProcessTable } from './process-table';

/** `ps` on a busy machine: generous, but bounded so a hung ps cannot stall a kill. */
const PS_TIMEOUT_MS = 2_000;
const PS_COLUMNS = 'pid=,ppid=,pgid=,tpgid=,state=,lstart=';

export function parsePsLine(line: string): ProcessInfo | undefined {
  const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(-?\d+)\s+(\S+)\s+(.+?)\s*$/.exec(line);
  if (!m) return undefined;
  const started = Date.parse(m[6] ?? '');
  if (Number.isNaN(started)) return undefined;
  return {
    pid: Number(m[1]),
    ppid: Number(m[2]),
    pgrp: Number(m[3]),
    sid: -1,
    tpgid: Number(m[4]),
    state: (m[5] ?? '?').charAt(0),
    startTime: Math.floor(started / 1000),
  };
}

export class PsProcessTable implements ProcessTable {
  snapshot(): Promise<ProcessInfo[]> {
    return this.run(['-ax']);
  }

  async lookup(pid: number): Promise<ProcessInfo | undefined> {
    return (await this.run(['-p', String(pid)]))[0];
  }

  private run(selection: string[]): Promise<ProcessInfo[]> {
    return new Promise((resolve) => {
      execFile('ps', [...selection, '-o', PS_COLUMNS], { timeout: PS_TIMEOUT_MS, env: { ...process.env, LC_ALL: 'C' } }, (_err, stdout) => {
        // ps exits 1 when -p matches nothing: an empty list is the right answer then
        resolve(
          stdout
            .split('\n')
            .map(parsePsLine)
            .filter((p): p is ProcessInfo => p !== undefined),
        );
      });
    });
  }
}
