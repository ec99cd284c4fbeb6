// One pane's program in the session host, as it reaches main: what it finds and what its start
// asks go out on main's DecisionService (contracts/session-host.ts), each naming the pane.
import type { DecisionService } from '../../contracts/session-host';
import type { PaneId } from '../../contracts/panes';
import type { Decision } from '../core/exit-decisions';
import { CgroupDir } from '../platform/containment/cgroup';
import type { CgroupMaker, SpawnReaper } from '../platform/containment/containment-spawn';
import type { ProgramDecisions } from '../program/running-program';

/**
 * ProgramDecisions in the host: what the program finds goes to main; what it asks (the hint's
 * time left, whether an exit was decided) is known from main's last decision (`follow`, called
 * right before the program follows it), counted on this process's monotonic clock.
 */
export function paneDecisions(
  main: DecisionService,
  pane: PaneId,
  clock: () => number = () => performance.now(),
): ProgramDecisions & { follow(decision: Decision, hintRemainingMs: number): void } {
  let exitDecided = false;
  let hintEndsAt = 0;
  return {
    get exiting() {
      return exitDecided;
    },
    press: () => main.press({ pane }),
    keyPressed: () => main.keyPressed({ pane }),
    trigger: (trigger) => main.trigger({ pane, trigger }),
    cancelHandled: () => main.cancelHandled({ pane }),
    hintRemainingMs: () => Math.max(0, hintEndsAt - clock()),
    follow: (decision, hintRemainingMs) => {
      hintEndsAt = clock() + hintRemainingMs;
      if (decision.action === 'exit' || decision.action === 'already-exiting') exitDecided = true;
    },
  };
}

/**
 * What a start in the host asks of the reaper and of the session's cgroup, asked of main: main
 * makes each session's cgroup and holds the reaper and its kill descriptors (DESIGN §4); the host
 * spawns only into what main made. An unanswered question (the proxy's bound) is a "no".
 */
export function paneReaper(main: DecisionService, pane: PaneId): SpawnReaper & { makeCgroup: CgroupMaker } {
  return {
    makeCgroup: async (parent, name) => {
      const made = await main.makeCgroup({ pane, parent, name });
      return made.ok ? { ok: true, value: new CgroupDir(made.value) } : made;
    },
    contain: (cgroup, sessionId) => main.contain({ pane, cgroup, sessionId }),
    attachRoot: (pid, cgroup) => main.attachRoot({ pane, pid, cgroup }),
    release: (cgroup) => main.release({ pane, cgroup }),
    register: (pid, startTime, sessionId) => main.register({ pane, pid, startTime: Number(startTime), sessionId }),
    whenContained: async (cgroup, timeoutMs) => {
      const answer = await main.contained({ pane, cgroup, timeoutMs });
      return answer.ok && answer.value;
    },
    whenRegistered: async (pid, timeoutMs) => {
      const answer = await main.registered({ pane, pid, timeoutMs });
      return answer.ok && answer.value;
    },
  };
}
