// The /proc files ripcord reads about a process, parsed in one place: `stat` (DESIGN §4: identity
// is pid + start time), `status` (named fields: state, owner, memory, signal sets), `cmdline`
// and the `cwd` link.
// A parser never throws: text it cannot read is undefined (a stat line) or a field left out (a
// status), and a reader answers undefined for a process that is gone or not ours to read.
import { readFile, readlink } from 'node:fs/promises';
import { readKernelFileNow } from '../files/kernel-reads';
import type { ProcessInfo } from './process-table';

/** The fields of /proc/<pid>/stat that ripcord reads. */
export interface ProcStat extends ProcessInfo {
  /** field 2: the command name, at most 15 bytes of anything (spaces and parentheses too) */
  comm: string;
  /** field 9: the kernel's PF_* flags */
  flags: number;
  /** fields 14 + 15: user and system time, in clock ticks */
  cpuTicks: number;
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
  const fields = text.slice(close + 1).trim().split(/\s+/);
  const num = (field: number): number => Number(fields[field - 3]);
  const stat: ProcStat = {
    pid: Number(text.slice(0, open).trim()), comm: text.slice(open + 1, close), state: fields[0] ?? '?',
    ppid: num(4), pgrp: num(5), sid: num(6), tpgid: num(8), flags: num(9), cpuTicks: num(14) + num(15), startTime: num(22),
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
  const integer = (value: string | undefined): number | undefined => (value !== undefined && /^\d+/.test(value) ? Number.parseInt(value, 10) : undefined);
  const status: ProcStatus = {
    state: field('State')?.charAt(0) || undefined,
    realUid: integer(field('Uid')),
    rssKb: integer(field('VmRSS')),
    rssFileKb: integer(field('RssFile')),
    ignored: mask('SigIgn'),
    blocked: mask('SigBlk'),
    caught: mask('SigCgt'),
  };
  return Object.fromEntries(Object.entries(status).filter(([, v]) => v !== undefined)) as ProcStatus;
}

/** /proc/<pid>/cmdline: the argv as the process runs now (after any exec); empty for a kernel thread or a zombie. */
export function parseCommandLine(text: string): string[] {
  return text.split('\0').filter((arg) => arg !== '');
}

const procFile = (pid: number | 'self', name: string, procRoot: string): string => `${procRoot}/${pid}/${name}`;

export async function readProcStat(pid: number | 'self', procRoot = '/proc'): Promise<ProcStat | undefined> {
  return parseProcStat(await readFile(procFile(pid, 'stat', procRoot), 'utf8').catch(() => ''));
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

/** The process's working directory (/proc/<pid>/cwd); undefined when it is gone or not ours to read. */
export async function readWorkingDirectory(pid: number, procRoot = '/proc'): Promise<string | undefined> {
  return readlink(procFile(pid, 'cwd', procRoot)).catch(() => undefined);
}
