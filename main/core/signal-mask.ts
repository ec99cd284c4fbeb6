// Signal sets of /proc/<pid>/status (SigIgn, SigBlk, SigCgt): a hex mask whose bit n-1 is
// signal n. Named the way `kill -l` names them, so "ignores INT" explains a dead Ctrl+C.

/** Linux signal names 1..31 (index 0 is signal 1); 32 and up are real-time signals. */
const LINUX_SIGNAL_NAMES = [
  'HUP', 'INT', 'QUIT', 'ILL', 'TRAP', 'ABRT', 'BUS', 'FPE', 'KILL', 'USR1', 'SEGV', 'USR2', 'PIPE', 'ALRM', 'TERM',
  'STKFLT', 'CHLD', 'CONT', 'STOP', 'TSTP', 'TTIN', 'TTOU', 'URG', 'XCPU', 'XFSZ', 'VTALRM', 'PROF', 'WINCH', 'IO', 'PWR', 'SYS',
] as const;

/** The names of the signals set in a /proc status mask (proc-files.ts reads it). */
export function signalsInMask(mask: bigint): string[] {
  const names: string[] = [];
  for (let signal = 1; mask > 0n; signal += 1, mask >>= 1n) {
    if ((mask & 1n) === 1n) names.push(LINUX_SIGNAL_NAMES[signal - 1] ?? `RT${signal - 32}`);
  }
  return names;
}

/** A short account of what a process does with the signals that stop a job, e.g. "ignores INT TERM". */
export function signalSummary(sets: { ignores: readonly string[]; blocks: readonly string[]; catches: readonly string[] }): string {
  const parts: string[] = [];
  const jobSignals = (names: readonly string[]): string[] => names.filter((n) => n === 'HUP' || n === 'INT' || n === 'TERM' || n === 'QUIT');
  for (const [verb, names] of [['ignores', sets.ignores], ['blocks', sets.blocks], ['catches', sets.catches]] as const) {
    const shown = jobSignals(names);
    if (shown.length > 0) parts.push(`${verb} ${shown.join(' ')}`);
  }
  return parts.join(', ');
}
