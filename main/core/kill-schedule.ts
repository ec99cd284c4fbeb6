// DESIGN §4: the staged kill's one schedule, for every kill — a session's processes, its cgroup,
// a stopped job, the migrants: SIGHUP to every member at once, SIGTERM at half the grace,
// SIGKILL at the grace, then KILL_SETTLE_MS for the kernel to reap what is left before it counts
// as a survivor. And how a kill counts its dead: each by the last signal it was sent.

export const STAGED_SIGNALS = ['HUP', 'TERM', 'KILL'] as const;
export type StagedSignal = (typeof STAGED_SIGNALS)[number];

/** After SIGKILL, how long to keep waiting for processes the kernel has not reaped yet
 * (uninterruptible sleep, EPERM) before giving up and reporting them as survivors. */
export const KILL_SETTLE_MS = 3_000;

/** When a stage's signal goes out, in ms from the kill's start. */
export function stageStartMs(stage: StagedSignal, graceMs: number): number {
  return stage === 'HUP' ? 0 : stage === 'TERM' ? graceMs / 2 : graceMs;
}

/** The stage due `elapsedMs` into a kill. */
export function stageAt(elapsedMs: number, graceMs: number): StagedSignal {
  return elapsedMs >= graceMs ? 'KILL' : elapsedMs >= graceMs / 2 ? 'TERM' : 'HUP';
}

/** When the stage after the one due at `elapsedMs` starts; Infinity once SIGKILL is due. */
export function nextStageStartMs(elapsedMs: number, graceMs: number): number {
  const next = STAGED_SIGNALS[STAGED_SIGNALS.indexOf(stageAt(elapsedMs, graceMs)) + 1];
  return next === undefined ? Infinity : stageStartMs(next, graceMs);
}

/** Past this (ms from the start) a kill gives up: what is alive then is a survivor. */
export const giveUpAtMs = (graceMs: number): number => graceMs + KILL_SETTLE_MS;

/** `signal` is this stage's or a later one's: a member that got it needs nothing more now. */
export const reaches = (signal: StagedSignal, stage: StagedSignal): boolean =>
  STAGED_SIGNALS.indexOf(signal) >= STAGED_SIGNALS.indexOf(stage);

/**
 * Counts a kill's dead: a member gone since the last look died of the last signal it was sent,
 * or exited before any reached it.
 */
export class KillTally<K> {
  readonly killedBy: Record<StagedSignal, number> = { HUP: 0, TERM: 0, KILL: 0 };
  exitedUnsignalled = 0;
  private readonly members = new Map<K, StagedSignal | undefined>();

  /** The members alive now. */
  alive(keys: Iterable<K>): void {
    const now = new Set(keys);
    for (const [key, signal] of this.members) {
      if (now.has(key)) continue;
      this.members.delete(key);
      if (signal) this.killedBy[signal] += 1;
      else this.exitedUnsignalled += 1;
    }
    for (const key of now) if (!this.members.has(key)) this.members.set(key, undefined);
  }

  signalled(key: K, signal: StagedSignal): void {
    this.members.set(key, signal);
  }

  lastSignal(key: K): StagedSignal | undefined {
    return this.members.get(key);
  }
}
