// No silent downgrade (DESIGN §4): a session that runs without its container, or without its
// control socket, says so at its start — `ripcord run` on stderr, the window in a banner — and
// `ripcord doctor` says the same for the machine. The log has the reason (containment.chosen,
// control.unpublished).
import type { ContainmentKind } from './containment-probe';

export interface ContainmentNotice {
  title: string;
  lines: string[];
}

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

/** What the user is told when the session's control socket cannot be published (runtime-dir.ts refused its directory). */
export function unreachableNotice(error: string): ContainmentNotice {
  return {
    title: 'ripcord: `ripcord ps` and `ripcord stop` cannot reach this session (no control socket)',
    lines: [
      `why: ${error}`,
      "the session runs and ends as usual; its socket needs a directory of this user's own (XDG_RUNTIME_DIR, else ripcord-<uid> in the temp dir)",
      '`ripcord doctor` shows what this machine allows',
    ],
  };
}
