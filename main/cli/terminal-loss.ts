// Noticing that the terminal `ripcord run` was started in is no longer its own (docs/usage-run.md,
// "Hang-up"): the shell that started it took the terminal back, or the process that started it
// went away. Reading the terminal then fails with EIO or ends, but only while something reads;
// these checks also cover a session that is quiet and a user who has gone to another job.
import { type Disposable, toDisposable } from '../core/disposable';
import { procStatNow, readProcStat, type ProcStat } from '../platform/processes/proc-files';

/** A lost terminal is noticed within this; each check is one small /proc read. */
export const TERMINAL_OWNERSHIP_POLL_MS = 500;

export type TerminalLoss = 'input-ended' | 'input-error' | 'output-error' | 'foreground-lost' | 'parent-gone';

/** The fields of /proc/<pid>/stat that say who owns the terminal (tpgid: -1 without one, hung up). */
export type TerminalOwnership = Pick<ProcStat, 'ppid' | 'pgrp' | 'tpgid'>;

export function holdsForeground(ownership: TerminalOwnership): boolean {
  return ownership.tpgid === ownership.pgrp;
}

/** The same, read at once: for the exit path's restore and the start, which do not wait. */
export function ownershipNow(): TerminalOwnership | undefined {
  return procStatNow('self');
}

/** This process's ownership of its terminal now; undefined without /proc. */
export async function readOwnership(): Promise<TerminalOwnership | undefined> {
  return readProcStat('self');
}

/**
 * Calls `onLost` once, when this process stops being in the terminal's foreground process group
 * (only if it was in it at the start: `ripcord run &` is not a hang-up) or its parent changes.
 */
export function watchTerminalOwnership(onLost: (loss: TerminalLoss) => void): Disposable {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async (start: TerminalOwnership): Promise<void> => {
    const now = await readOwnership();
    if (stopped || !now) return;
    const loss = now.ppid !== start.ppid ? 'parent-gone' : holdsForeground(start) && !holdsForeground(now) ? 'foreground-lost' : undefined;
    if (loss) {
      stopped = true;
      onLost(loss);
      return;
    }
    timer = setTimeout(() => void check(start), TERMINAL_OWNERSHIP_POLL_MS);
  };
  void readOwnership().then((start) => {
    if (start && !stopped) timer = setTimeout(() => void check(start), TERMINAL_OWNERSHIP_POLL_MS);
  });
  return toDisposable(() => {
    stopped = true;
    clearTimeout(timer);
  });
}
