// Children must start with SIGHUP/SIGINT/SIGTERM neither blocked nor ignored (DESIGN §4).
// Decided by measurement (Linux, node-pty 1.1.0, Node 20):
// - node-pty's forkpty child sets every signal to SIG_DFL before exec (pty.cc). Measured with
//   an LD_PRELOAD shim that ignores HUP/INT/TERM in the host right before forkpty: host SigIgn
//   0x1005003, child SigIgn 0. So no exec shim is needed for dispositions — and a
//   `sh -c 'trap - INT; exec ...'` shim could not work anyway: a non-interactive sh keeps a
//   signal ignored that was ignored on entry (measured: SigIgn stays 0x2 under dash and bash).
// - The child's mask is the mask of the host thread that calls spawn (node-pty restores it
//   after fork). Node clears its main-thread mask and dispositions at startup, so hosts run
//   under `nohup`, `env --ignore-signal/--block-signal` or `trap ''` spawn clean children
//   (signal-hygiene.test.ts). An embedder (Electron) may skip Node's reset, so the host
//   checks its own mask once and logs a warning if a termination signal is blocked.
import { procStatusNow } from '../processes/proc-files';
import type { EventLog } from '../log/event-log';
import { SIGNAL_NUMBERS, type SignalName } from '../../core/signals';

/** The signals that end a session's program (DESIGN §3, §4), which it must not start blocking or ignoring. */
const TERMINATION_SIGNALS = ['HUP', 'INT', 'TERM'] as const satisfies readonly SignalName[];
export type TerminationSignal = `SIG${(typeof TERMINATION_SIGNALS)[number]}`;

export interface SignalMasks {
  blocked: bigint;
  ignored: bigint;
}

/** The host's or a child's signal masks; undefined when it is gone or the kernel shows none. */
export function readSignalMasks(pid: number | 'self'): SignalMasks | undefined {
  // at once (kernel-reads.ts): the first session's start waits for it
  const status = procStatusNow(pid);
  return status?.blocked === undefined || status.ignored === undefined ? undefined : { blocked: status.blocked, ignored: status.ignored };
}

/** The termination signals set in `mask` (bit n-1 stands for signal n). */
export function signalsIn(mask: bigint): TerminationSignal[] {
  return TERMINATION_SIGNALS.filter((name) => (mask >> BigInt(SIGNAL_NUMBERS[name] - 1)) & 1n).map((name) => `SIG${name}` as const);
}

/**
 * Logs a warning when the host's main thread blocks a termination signal: node-pty hands
 * that mask to every session root. Linux only; elsewhere nothing is known and nothing is said.
 */
export async function checkHostSignalMask(log: EventLog): Promise<TerminationSignal[]> {
  if (process.platform !== 'linux') return [];
  const masks = readSignalMasks(process.pid);
  const blocked = masks ? signalsIn(masks.blocked) : [];
  if (blocked.length > 0) log.warn('host-blocks-termination-signals', { blocked, note: 'session children inherit this mask' });
  return blocked;
}
