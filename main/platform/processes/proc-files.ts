// The /proc files ripcord reads about a process, parsed in one place: `stat` (DESIGN §4: identity
// is pid + start time), `status` (named fields: state, owner, thread group, memory, signal sets),
// `cmdline`, `environ` and the `cwd` link. Alive means a live thread (DESIGN §4): a process whose
// leader thread has exited reads `Z` in its own stat while another of its threads runs on, so a
// zombie leader's `task/` is read and the process takes its first live thread's state.
// A parser never throws: text it cannot read is undefined (a stat line) or a field left out (a
// status), and a reader answers undefined for a process that is gone or not ours to read.
import { readdir, readFile, readlink } from 'node:fs/promises';
import { readKernelFileNow } from '../files/kernel-reads';
import type { ProcessInfo, ProcReader } from './process-table';

/** The fields of /proc/<pid>/stat that ripcord reads. */
export interface ProcStat extends ProcessInfo {
  /** field 2: the command name, at most 15 bytes of anything (spaces and parentheses too) */
  comm: string;
  /** field 9: the kernel's PF_* flags */
  flags: number;
  /** fields 14 + 15: user and system time, in clock ticks */
  cpuTicks: number;
  /** field 20: threads in the group, a zombie leader included (1 for a plain zombie) */
  threads: number;
}

/** PF_EXITING in the flags: set when a process starts to exit, before its state says so. */
const PF_EXITING = 0x4;

/**
 * Parses /proc/<pid>/stat. The command name (field 2) may hold spaces and parentheses, so
 * the fixed fields are counted after the LAST ')'.
 */
export function parseProcStat(text: string): ProcStat | undefined {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  // fields after ')' start at field 3 (state); field N is at index N - 3
  const fields = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const num = (field: number): number => Number(fields[field - 3]);
  const stat: ProcStat = {
    pid: Number(text.slice(0, open).trim()),
    comm: text.slice(open + 1, close),
    state: fields[0] ?? '?',
    ppid: num(4),
    pgrp: num(5),
    sid: num(6),
    tpgid: num(8),
    flags: num(9),
    cpuTicks: num(14) + num(15),
    threads: num(20),
    startTime: num(22),
  };
  return Object.values(stat).some((v) => typeof v === 'number' && !Number.isInteger(v)) ? undefined : stat;
}

/** The process has begun to exit (its pipes may already be closed while its state still reads R). */
export const isExiting = (stat: ProcStat): boolean => (stat.flags & PF_EXITING) !== 0;

/** The fields of /proc/<pid>/status that ripcord reads; a field the text lacks is left out. */
export interface ProcStatus {
  /** the state letter (R, S, T, Z, ...) */
  state?: string;
  /** the real user id */
  realUid?: number;
  /** the thread group (process) a thread belongs to: a tid of cgroup.threads names its process so */
  tgid?: number;
  /** resident memory in kB (none for a kernel thread) */
  rssKb?: number;
  /** the part of it that is file pages the process maps, in kB */
  rssFileKb?: number;
  /** signal sets: bit n-1 is signal n */
  ignored?: bigint;
  blocked?: bigint;
  caught?: bigint;
}

export function parseProcStatus(text: string): ProcStatus {
  const field = (name: string): string | undefined => new RegExp(`^${name}:[ \\t]*(.*)$`, 'm').exec(text)?.[1]?.trim();
  const mask = (name: string): bigint | undefined => {
    const hex = field(name);
    return hex !== undefined && /^[0-9a-f]{1,32}$/i.test(hex) ? BigInt(`0x${hex}`) : undefined;
  };
  const integer = (value: string | undefined): number | undefined =>
    value !== undefined && /^\d+/.test(value) ? Number.parseInt(value, 10) : undefined;
  const status: ProcStatus = {
    state: field('State')?.charAt(0) || undefined,
    realUid: integer(field('Uid')),
    tgid: integer(field('Tgid')),
    rssKb: integer(field('VmRSS')),
    rssFileKb: integer(field('RssFile')),
    ignored: mask('SigIgn'),
    blocked: mask('SigBlk'),
    caught: mask('SigCgt'),
  };
  return Object.fromEntries(Object.entries(status).filter(([, v]) => v !== undefined));
}

/** /proc/<pid>/cmdline: the argv as the process runs now (after any exec); empty for a kernel thread or a zombie. */
export function parseCommandLine(text: string): string[] {
  return text.split('\0').filter((arg) => arg !== '');
}

const procFile = (pid: number | 'self', name: string, procRoot: string): string => `${procRoot}/${pid}/${name}`;

export const asyncProcReader: ProcReader = { readdir: (dir) => readdir(dir), readFile: (file) => readFile(file, 'utf8') };

const deadState = (state: string): boolean => state === 'Z' || state === 'X';

/**
 * The first live thread (not Z/X) of a process whose leader is a zombie, or undefined when none
 * lives: what keeps such a process running, where its environment can still be read
 * (/proc/<pid>/task/<tid>/environ).
 */
export async function liveThreadOf(pid: number, reader: ProcReader = asyncProcReader, procRoot = '/proc'): Promise<ProcStat | undefined> {
  const tids = await reader.readdir(procFile(pid, 'task', procRoot)).catch(() => [] as string[]);
  for (const tid of tids) {
    if (tid === String(pid)) continue;
    const thread = parseProcStat(await reader.readFile(`${procRoot}/${pid}/task/${tid}/stat`).catch(() => ''));
    if (thread && !deadState(thread.state)) return thread;
  }
  return undefined;
}

/**
 * A process's stat as alive-ness sees it: a zombie leader with a live thread reads as that
 * thread's state. task/ is read only for a zombie leader whose group has other threads, so a
 * scan costs what it did.
 */
export async function readLiveStat(pid: number, reader: ProcReader = asyncProcReader, procRoot = '/proc'): Promise<ProcStat | undefined> {
  const stat = parseProcStat(await reader.readFile(procFile(pid, 'stat', procRoot)).catch(() => ''));
  if (stat?.state !== 'Z' || stat.threads <= 1) return stat;
  const thread = await liveThreadOf(pid, reader, procRoot);
  return thread ? { ...stat, state: thread.state } : stat;
}

/** readLiveStat of this process or another, read asynchronously. */
export async function readProcStat(pid: number | 'self', procRoot = '/proc'): Promise<ProcStat | undefined> {
  if (pid === 'self') return parseProcStat(await readFile(procFile(pid, 'stat', procRoot), 'utf8').catch(() => ''));
  return readLiveStat(pid, asyncProcReader, procRoot);
}

/** The same, read at once (kernel-reads.ts): for the reaper, the exit path and the session's start. */
export function procStatNow(pid: number | 'self'): ProcStat | undefined {
  try {
    return parseProcStat(readKernelFileNow(procFile(pid, 'stat', '/proc')));
  } catch {
    return undefined;
  }
}

export async function readProcStatus(pid: number | 'self', procRoot = '/proc'): Promise<ProcStatus | undefined> {
  const text = await readFile(procFile(pid, 'status', procRoot), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : parseProcStatus(text);
}

export function procStatusNow(pid: number | 'self'): ProcStatus | undefined {
  try {
    return parseProcStatus(readKernelFileNow(procFile(pid, 'status', '/proc')));
  } catch {
    return undefined;
  }
}

/** A process's argv as it runs now; undefined when it is gone or has none (a kernel thread, no /proc). */
export async function readCommandLine(pid: number, procRoot = '/proc'): Promise<string[] | undefined> {
  const argv = parseCommandLine(await readFile(procFile(pid, 'cmdline', procRoot), 'utf8').catch(() => ''));
  return argv.length > 0 ? argv : undefined;
}

/**
 * A process's environment as raw `NAME=value\0` text, from a live thread when the leader is a
 * zombie (its own environ then reads empty); undefined when it is gone or not ours to read.
 */
export async function readEnvironment(pid: number, reader: ProcReader = asyncProcReader, procRoot = '/proc'): Promise<string | undefined> {
  const own = await reader.readFile(procFile(pid, 'environ', procRoot)).catch(() => undefined);
  if (own !== undefined && own !== '') return own;
  const thread = await liveThreadOf(pid, reader, procRoot);
  if (!thread) return own;
  return reader.readFile(`${procRoot}/${pid}/task/${thread.pid}/environ`).catch(() => undefined);
}

/** The process's working directory (/proc/<pid>/cwd); undefined when it is gone or not ours to read. */
export async function readWorkingDirectory(pid: number, procRoot = '/proc'): Promise<string | undefined> {
  return readlink(procFile(pid, 'cwd', procRoot)).catch(() => undefined);
}
