// No silent downgrade (DESIGN §4): a session that runs without its container says so at its
// start — `ripcord run` on stderr, the window in a banner — and `ripcord doctor` says the same
// for the machine. The log has the reason in containment.chosen.
import type { ContainmentKind } from './containment-probe';

export interface ContainmentNotice { title: string; lines: string[] }

/** What the user is told when a session runs under `kind`; undefined when it has its container. */
export function uncontainedNotice(kind: ContainmentKind, reason: string): ContainmentNotice | undefined {
  if (kind !== 'process-scan') return undefined;
  return {
    title: 'ripcord: this session runs without its container (process scan)',
    lines: [
      `why: ${reason}`,
      'a process that leaves the session and clears its environment can outlive ripcord',
      '`ripcord doctor` shows what this machine allows',
    ],
  };
}
