// DESIGN §4 staged kill over the members of a process table, on the one schedule
// (kill-schedule.ts), re-scanning the members as it goes so late children are caught too.
// Done when no member is alive (zombies count as dead). It never signals a pid whose start
// time differs from the member it saw.
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_KILL_GRACE_MS } from '../../core/kill-grace';
import { giveUpAtMs, KillTally, nextStageStartMs, reaches, stageAt, type StagedSignal } from '../../core/kill-schedule';
import { nullEventLog, type EventLog } from '../log/event-log';
import type { ProcessIdentity, ProcessInfo, ProcessTable } from './process-table';
import { isAlive, sameProcess } from './process-tree';

/** Anything that folds a process snapshot into the live members to kill (SessionMembers, SubtreeMembers). */
export interface KillTargets {
  update(snapshot: readonly ProcessInfo[]): ProcessInfo[];
}

/** Re-scan period while killing: new children get their signal within one period. */
const SCAN_INTERVAL_MS = 25;

export interface StagedKillResult {
  /** processes that died after this signal was the last one they received */
  killedBy: Record<StagedSignal, number>;
  /** members that vanished before any signal reached them */
  exitedUnsignalled: number;
  /** members still alive when the kill gave up (should be empty) */
  survivors: ProcessIdentity[];
  ms: number;
}

export interface StagedKillOptions {
  table: ProcessTable;
  killGraceMs?: number;
  log?: EventLog;
  clock?: () => number;
}

export type SendOutcome = 'sent' | 'gone' | 'denied';

export class StagedKill {
  private result: Promise<StagedKillResult> | undefined;
  private readonly table: ProcessTable;
  private readonly graceMs: number;
  private readonly log: EventLog;
  private readonly clock: () => number;

  constructor(
    private readonly sessions: readonly KillTargets[],
    options: StagedKillOptions,
  ) {
    this.table = options.table;
    this.graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    this.log = options.log ?? nullEventLog;
    this.clock = options.clock ?? (() => performance.now());
  }

  /** Runs the kill once; later calls return the same result. */
  run(): Promise<StagedKillResult> {
    this.result ??= this.execute();
    return this.result;
  }

  private async execute(): Promise<StagedKillResult> {
    const start = this.clock();
    const tally = new KillTally<string>();
    let survivors: ProcessIdentity[] = [];
    for (;;) {
      const snapshot = await this.table.snapshot();
      const alive = this.sessions.flatMap((s) => s.update(snapshot));
      tally.alive(alive.map(key));
      if (alive.length === 0) break;
      const elapsed = this.clock() - start;
      if (elapsed > giveUpAtMs(this.graceMs)) {
        survivors = alive.map(({ pid, startTime }) => ({ pid, startTime }));
        this.log.error('staged-kill-survivors', { survivors: survivors.map((s) => s.pid), ms: Math.round(elapsed) });
        break;
      }
      const stage = stageAt(elapsed, this.graceMs);
      await Promise.all(
        alive.map(async (p) => {
          const last = tally.lastSignal(key(p));
          if (last && reaches(last, stage)) return;
          if ((await this.send(p, stage)) !== 'denied') tally.signalled(key(p), stage);
        }),
      );
      // wake early for the next stage so SIGTERM/SIGKILL go out on time
      const elapsedNow = this.clock() - start;
      await delay(Math.max(0, Math.min(SCAN_INTERVAL_MS, nextStageStartMs(elapsedNow, this.graceMs) - elapsedNow)));
    }
    const ms = Math.round(this.clock() - start);
    const { killedBy, exitedUnsignalled } = tally;
    this.log.event('staged-kill-done', { ms, ...killedBy, exitedUnsignalled, survivors: survivors.length });
    return { killedBy, exitedUnsignalled, survivors, ms };
  }

  /** Signals p only if the pid still carries p's start time; wakes a stopped process so it can act on it. */
  private async send(p: ProcessInfo, signal: StagedSignal): Promise<SendOutcome> {
    const now = await this.table.lookup(p.pid);
    if (!now || !sameProcess(now, p) || !isAlive(now)) return 'gone';
    const outcome = signalProcess(p.pid, `SIG${signal}`, this.log);
    if (outcome === 'sent' && now.state === 'T' && signal !== 'KILL') signalProcess(p.pid, 'SIGCONT', this.log);
    return outcome;
  }
}

function key(p: ProcessIdentity): string {
  return `${p.pid}:${p.startTime}`;
}

/** Sends `signal` to `pid`: 'gone' when there is no such process, 'denied' when it cannot be signalled (logged). */
export function signalProcess(pid: number, signal: NodeJS.Signals, log: EventLog): SendOutcome {
  try {
    process.kill(pid, signal);
    return 'sent';
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return 'gone';
    if (code === 'EPERM') log.warn('kill-denied', { pid, signal });
    else log.error('kill-failed', { pid, signal, code });
    return 'denied';
  }
}
