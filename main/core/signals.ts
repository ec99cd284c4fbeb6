// The one signal table: Linux signal names (as `kill -l` names them, so "ignores INT" explains a
// dead Ctrl+C) and numbers, for the exit codes (128 + n), the /proc signal sets (SigIgn, SigBlk,
// SigCgt: bit n-1 is signal n) and the process view's signal column.

/** Linux signal numbers 1..31; 32 and up are real-time signals. */
export const SIGNAL_NUMBERS = {
  HUP: 1,
  INT: 2,
  QUIT: 3,
  ILL: 4,
  TRAP: 5,
  ABRT: 6,
  BUS: 7,
  FPE: 8,
  KILL: 9,
  USR1: 10,
  SEGV: 11,
  USR2: 12,
  PIPE: 13,
  ALRM: 14,
  TERM: 15,
  STKFLT: 16,
  CHLD: 17,
  CONT: 18,
  STOP: 19,
  TSTP: 20,
  TTIN: 21,
  TTOU: 22,
  URG: 23,
  XCPU: 24,
  XFSZ: 25,
  VTALRM: 26,
  PROF: 27,
  WINCH: 28,
  IO: 29,
  PWR: 30,
  SYS: 31,
} as const;
export type SignalName = keyof typeof SIGNAL_NUMBERS;

const NAMES = new Map<number, string>(Object.entries(SIGNAL_NUMBERS).map(([name, n]) => [n, name]));
/** Signals past 32 are the real-time ones, named RTn by their offset from it. */
const REAL_TIME_BASE = 32;

/** A signal's name: HUP for 1, RT1 for 33. */
export function signalName(signal: number): string {
  return NAMES.get(signal) ?? `RT${signal - REAL_TIME_BASE}`;
}

/** The names of the signals set in a /proc status mask. */
export function signalsInMask(mask: bigint): string[] {
  const names: string[] = [];
  for (let signal = 1; mask > 0n; signal += 1, mask >>= 1n) {
    if ((mask & 1n) === 1n) names.push(signalName(signal));
  }
  return names;
}

/** The signals that stop a job, which the process view names. */
const JOB_SIGNALS: readonly string[] = ['HUP', 'INT', 'TERM', 'QUIT'] satisfies SignalName[];

/** A short account of what a process does with the signals that stop a job, e.g. "ignores INT TERM". */
export function signalSummary(sets: { ignores: readonly string[]; blocks: readonly string[]; catches: readonly string[] }): string {
  const parts: string[] = [];
  for (const [verb, names] of [
    ['ignores', sets.ignores],
    ['blocks', sets.blocks],
    ['catches', sets.catches],
  ] as const) {
    const shown = names.filter((n) => JOB_SIGNALS.includes(n));
    if (shown.length > 0) parts.push(`${verb} ${shown.join(' ')}`);
  }
  return parts.join(', ');
}
