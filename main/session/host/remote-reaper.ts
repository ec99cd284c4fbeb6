import type { HostCommand, HostEvent, HostQuestion } from '../../../contracts/session-host';
import type { Disposable } from '../../core/disposable';
import { CgroupDir, type Result } from '../../platform/containment/cgroup';
import type { CgroupMaker, SpawnReaper } from '../../platform/containment/containment-spawn';

/** Bound on main answering a question about a start (its own waits are shorter): past it, a "no". */
const ANSWER_WAIT_MS = 10_000;

type Answer = Extract<HostCommand, { type: 'answer' }>;

/**
 * What a start in the session host asks of the reaper and of the session's cgroup, asked of
 * main: main makes each session's cgroup and holds the reaper and its kill descriptors (DESIGN §4);
 * the host spawns only into what main made.
 */
export class RemoteReaper implements SpawnReaper, Disposable {
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: Answer | undefined) => void>();

  constructor(private readonly send: (event: HostEvent) => void) {}

  readonly makeCgroup: CgroupMaker = async (parent, name): Promise<Result<CgroupDir>> => {
    const answer = await this.ask({ kind: 'make-cgroup', parent, name });
    if (answer?.ok && answer.dir !== undefined) return { ok: true, value: new CgroupDir(answer.dir) };
    return { ok: false, error: answer?.error ?? 'main did not answer' };
  };

  contain(cgroup: string, sessionId?: string): void {
    this.send({ type: 'reaper', notice: { kind: 'contain', cgroup, ...(sessionId ? { sessionId } : {}) } });
  }

  attachRoot(pid: number, cgroup: string): void {
    this.send({ type: 'reaper', notice: { kind: 'attach-root', pid, cgroup } });
  }

  release(cgroup: string): void {
    this.send({ type: 'reaper', notice: { kind: 'release', cgroup } });
  }

  register(pid: number, startTime: bigint | number, sessionId?: string): void {
    this.send({ type: 'reaper', notice: { kind: 'register', pid, startTime: Number(startTime), ...(sessionId ? { sessionId } : {}) } });
  }

  async whenContained(cgroup: string, timeoutMs: number): Promise<boolean> {
    return (await this.ask({ kind: 'contained', cgroup, timeoutMs }))?.ok === true;
  }

  async whenRegistered(pid: number, timeoutMs: number): Promise<boolean> {
    return (await this.ask({ kind: 'registered', pid, timeoutMs }))?.ok === true;
  }

  /** Main's answer to a question (HostCommand 'answer'); one nobody waits for is dropped. */
  answered(answer: Answer): void {
    this.waiting.get(answer.id)?.(answer);
  }

  dispose(): void {
    for (const resolve of this.waiting.values()) resolve(undefined);
    this.waiting.clear();
  }

  private ask(question: HostQuestion): Promise<Answer | undefined> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(undefined), ANSWER_WAIT_MS);
      const done = (answer: Answer | undefined): void => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(answer);
      };
      this.waiting.set(id, done);
      this.send({ type: 'ask', id, question });
    });
  }
}
