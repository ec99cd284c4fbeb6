import type { HostCommand, HostEvent, HostQuestion } from '../../contracts/session-host';
import type { PaneId } from '../../contracts/panes';
import type { Disposable } from '../core/disposable';
import { CgroupDir, type Result } from '../platform/containment/cgroup';
import type { CgroupMaker, SpawnReaper } from '../platform/containment/containment-spawn';

/** Bound on main answering a question about a start (its own waits are shorter): past it, a "no". */
const ANSWER_WAIT_MS = 10_000;

type Answer = Extract<HostCommand, { type: 'answer' }>;

/** What one pane's start asks of the reaper and of its cgroup (RemoteReaper.forPane). */
export interface PaneReaper extends SpawnReaper {
  readonly makeCgroup: CgroupMaker;
}

/**
 * What a start in the session host asks of the reaper and of the session's cgroup, asked of
 * main: main makes each session's cgroup and holds the reaper and its kill descriptors (DESIGN §4);
 * the host spawns only into what main made. One per host; each question and notice names its pane.
 */
export class RemoteReaper implements Disposable {
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: Answer | undefined) => void>();

  constructor(private readonly send: (event: HostEvent) => void) {}

  forPane(pane: PaneId): PaneReaper {
    const notice = (notice: Extract<HostEvent, { type: 'reaper' }>['notice']): void => this.send({ type: 'reaper', pane, notice });
    return {
      makeCgroup: async (parent, name): Promise<Result<CgroupDir>> => {
        const answer = await this.ask(pane, { kind: 'make-cgroup', parent, name });
        if (answer?.ok && answer.dir !== undefined) return { ok: true, value: new CgroupDir(answer.dir) };
        return { ok: false, error: answer?.error ?? 'main did not answer' };
      },
      contain: (cgroup, sessionId) => notice({ kind: 'contain', cgroup, ...(sessionId ? { sessionId } : {}) }),
      attachRoot: (pid, cgroup) => notice({ kind: 'attach-root', pid, cgroup }),
      release: (cgroup) => notice({ kind: 'release', cgroup }),
      register: (pid, startTime, sessionId) => notice({ kind: 'register', pid, startTime: Number(startTime), ...(sessionId ? { sessionId } : {}) }),
      whenContained: async (cgroup, timeoutMs) => (await this.ask(pane, { kind: 'contained', cgroup, timeoutMs }))?.ok === true,
      whenRegistered: async (pid, timeoutMs) => (await this.ask(pane, { kind: 'registered', pid, timeoutMs }))?.ok === true,
    };
  }

  /** Main's answer to a question (HostCommand 'answer'); one nobody waits for is dropped. */
  answered(answer: Answer): void {
    this.waiting.get(answer.id)?.(answer);
  }

  dispose(): void {
    for (const resolve of this.waiting.values()) resolve(undefined);
    this.waiting.clear();
  }

  private ask(pane: PaneId, question: HostQuestion): Promise<Answer | undefined> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(undefined), ANSWER_WAIT_MS);
      const done = (answer: Answer | undefined): void => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(answer);
      };
      this.waiting.set(id, done);
      this.send({ type: 'ask', pane, id, question });
    });
  }
}
