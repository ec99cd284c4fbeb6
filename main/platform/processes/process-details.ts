// What the process view shows about each process (DESIGN §4 membership, issue #16): state,
// CPU, memory, running time, signal dispositions and the command line, from /proc. Reads are
// asynchronous (main process) and only happen while someone looks.
import { readFile } from 'node:fs/promises';
import type { ProcessRow } from '../../../contracts/renderer';
import { signalSummary, signalsInMask } from '../../core/signal-mask';

/** USER_HZ: the unit of /proc/<pid>/stat times; 100 on every Linux ABI ripcord runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
/** A command line longer than this is cut: it is shown on one line. */
const MAX_COMMAND_CHARS = 2_000;
/** C0/C1 controls and DEL: outside text in our views has them made visible (DESIGN §8). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A process's argv from /proc/<pid>/cmdline, as it runs now (after any exec); undefined when it is gone or has none (a kernel thread, no /proc). */
export async function readCommandLine(pid: number, procRoot = '/proc'): Promise<string[] | undefined> {
  const argv = splitCommandLine(await readFile(`${procRoot}/${pid}/cmdline`, 'utf8').catch(() => ''));
  return argv.length > 0 ? argv : undefined;
}

function splitCommandLine(text: string): string[] {
  return text.split('\0').filter((a) => a !== '');
}

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

export function visible(text: string): string {
  return text.replace(CONTROL_CHARS, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Fields of /proc/<pid>/status that matter here ("SigIgn:\t0000..."). */
export function parseStatus(text: string): { rssKb: number; ignores: string[]; blocks: string[]; catches: string[] } {
  const field = (name: string): string => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(text)?.[1]?.trim() ?? '';
  return {
    rssKb: Number.parseInt(field('VmRSS'), 10) || 0,
    ignores: signalsInMask(field('SigIgn')),
    blocks: signalsInMask(field('SigBlk')),
    catches: signalsInMask(field('SigCgt')),
  };
}

async function readDetails(pid: number, procRoot: string): Promise<RawDetails | undefined> {
  try {
    const [stat, status, cmdline] = await Promise.all([
      readFile(`${procRoot}/${pid}/stat`, 'utf8'),
      readFile(`${procRoot}/${pid}/status`, 'utf8'),
      readFile(`${procRoot}/${pid}/cmdline`, 'utf8').catch(() => ''),
    ]);
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 1).trim().split(/\s+/);
    const num = (field: number): number => Number(f[field - 3]);
    const args = splitCommandLine(cmdline).join(' ');
    return {
      pid, ppid: num(4), pgrp: num(5), state: f[0] ?? '?', startTicks: num(22), cpuTicks: num(14) + num(15),
      ...parseStatus(status),
      command: visible((args || `[${comm}]`).slice(0, MAX_COMMAND_CHARS)),
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

/**
 * Reads the rows of a set of pids. CPU % is the share of one CPU since the previous sample of
 * the same process (same pid and start time); the first sample of a process shows 0.
 */
export class ProcessSampler {
  private previous = new Map<string, { cpuTicks: number; at: number }>();

  constructor(private readonly procRoot = '/proc', private readonly clock: () => number = () => performance.now()) {}

  async sample(pids: readonly number[], foregroundPgrp: number | null): Promise<ProcessRow[]> {
    const [uptime, details] = await Promise.all([
      readFile(`${this.procRoot}/uptime`, 'utf8').then((t) => Number.parseFloat(t), () => 0),
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
        pid: d.pid, ppid: d.ppid, pgrp: d.pgrp, state: d.state,
        cpuPercent: Math.max(0, Math.round(cpuPercent * 10) / 10),
        rssKb: d.rssKb,
        runningMs: Math.max(0, Math.round((uptime - d.startTicks / CLOCK_TICKS_PER_SECOND) * 1000)),
        ignores: d.ignores, blocks: d.blocks, catches: d.catches, signals: signalSummary(d),
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
