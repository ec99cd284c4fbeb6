// What the process view shows about each process (DESIGN §4 membership, issue #16): state,
// CPU, memory, running time, signal dispositions and the command line, from /proc. Reads are
// asynchronous (main process) and only happen while someone looks.
import { readFile } from 'node:fs/promises';
import { readCommandLine, readProcStat, readProcStatus } from './proc-files';
import type { ProcessRow } from '../../../contracts/renderer';
import { signalSummary, signalsInMask } from '../../core/signals';
import { visibleText } from '../../core/visible-text';

/** USER_HZ: the unit of /proc/<pid>/stat times; 100 on every Linux ABI ripcord runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
/** A command line longer than this is cut: it is shown on one line. */
const MAX_COMMAND_CHARS = 2_000;

interface RawDetails {
  pid: number;
  ppid: number;
  pgrp: number;
  state: string;
  startTicks: number;
  cpuTicks: number;
  rssKb: number;
  ignores: string[];
  blocks: string[];
  catches: string[];
  command: string;
}

async function readDetails(pid: number, procRoot: string): Promise<RawDetails | undefined> {
  const [stat, status, argv] = await Promise.all([
    readProcStat(pid, procRoot),
    readProcStatus(pid, procRoot),
    readCommandLine(pid, procRoot),
  ]);
  // gone meanwhile
  if (!stat || !status) return undefined;
  return {
    pid,
    ppid: stat.ppid,
    pgrp: stat.pgrp,
    state: stat.state,
    startTicks: stat.startTime,
    cpuTicks: stat.cpuTicks,
    rssKb: status.rssKb ?? 0,
    ignores: signalsInMask(status.ignored ?? 0n),
    blocks: signalsInMask(status.blocked ?? 0n),
    catches: signalsInMask(status.caught ?? 0n),
    command: visibleText((argv?.join(' ') ?? `[${stat.comm}]`).slice(0, MAX_COMMAND_CHARS)),
  };
}

/**
 * Reads the rows of a set of pids. CPU % is the share of one CPU since the previous sample of
 * the same process (same pid and start time); the first sample of a process shows 0.
 */
export class ProcessSampler {
  private previous = new Map<string, { cpuTicks: number; at: number }>();

  constructor(
    private readonly procRoot = '/proc',
    private readonly clock: () => number = () => performance.now(),
  ) {}

  async sample(pids: readonly number[], foregroundPgrp: number | null): Promise<ProcessRow[]> {
    const [uptime, details] = await Promise.all([
      readFile(`${this.procRoot}/uptime`, 'utf8').then(
        (t) => Number.parseFloat(t),
        () => 0,
      ),
      Promise.all(pids.map((pid) => readDetails(pid, this.procRoot))),
    ]);
    const now = this.clock();
    const next = new Map<string, { cpuTicks: number; at: number }>();
    const live = details.filter((d): d is RawDetails => d !== undefined && d.state !== 'Z' && d.state !== 'X');
    const rows = live.map((d): Omit<ProcessRow, 'depth'> => {
      const key = `${d.pid}:${d.startTicks}`;
      const before = this.previous.get(key);
      next.set(key, { cpuTicks: d.cpuTicks, at: now });
      const seconds = before ? (now - before.at) / 1000 : 0;
      const cpuPercent = before && seconds > 0 ? ((d.cpuTicks - before.cpuTicks) / CLOCK_TICKS_PER_SECOND / seconds) * 100 : 0;
      return {
        pid: d.pid,
        ppid: d.ppid,
        pgrp: d.pgrp,
        state: d.state,
        cpuPercent: Math.max(0, Math.round(cpuPercent * 10) / 10),
        rssKb: d.rssKb,
        runningMs: Math.max(0, Math.round((uptime - d.startTicks / CLOCK_TICKS_PER_SECOND) * 1000)),
        ignores: d.ignores,
        blocks: d.blocks,
        catches: d.catches,
        signals: signalSummary(d),
        command: d.command,
        foreground: foregroundPgrp !== null && d.pgrp === foregroundPgrp,
      };
    });
    this.previous = next;
    return treeOrder(rows);
  }
}

/** Parents before their children, children by pid, each with its depth in the tree. */
export function treeOrder(rows: readonly Omit<ProcessRow, 'depth'>[]): ProcessRow[] {
  const byPid = new Map(rows.map((r) => [r.pid, r]));
  const children = new Map<number, Omit<ProcessRow, 'depth'>[]>();
  const tops: Omit<ProcessRow, 'depth'>[] = [];
  for (const row of rows) {
    if (byPid.has(row.ppid) && row.ppid !== row.pid) {
      const list = children.get(row.ppid) ?? [];
      list.push(row);
      children.set(row.ppid, list);
    } else {
      tops.push(row);
    }
  }
  const ordered: ProcessRow[] = [];
  const seen = new Set<number>();
  const visit = (row: Omit<ProcessRow, 'depth'>, depth: number): void => {
    if (seen.has(row.pid)) return;
    seen.add(row.pid);
    ordered.push({ ...row, depth });
    for (const child of (children.get(row.pid) ?? []).sort((a, b) => a.pid - b.pid)) visit(child, depth + 1);
  };
  for (const top of tops.sort((a, b) => a.pid - b.pid)) visit(top, 0);
  return ordered;
}
