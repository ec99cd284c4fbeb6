// The signal-handling metrics of DESIGN §8 folded from the JSON-line log: per trigger and per
// stage of the exit path, how many and how fast (`ripcord stats`, and `--follow`'s running numbers).
//
// Log facts this relies on (main/platform/log/log.ts, event-log.ts, reaper-main.ts):
// - host lines (log-line.ts): {"level","t","wall","pid":HOST,...fields,"name"}; `t` is the
//   host's monotonic clock in ms. The host pid is the FIRST `"pid":` of the raw line: logs from
//   written by older versions (pino) could hold the key twice when a field was named pid;
//   now such a field is written `field.pid` and child pids are `childPid` / `sessionPid`.
// - reaper lines come from FileEventLog: {t, wall, level, name, ...fields}, no process pid,
//   and `t` on the reaper's own clock. reaper-session-dead's `pid` is the session root.
//   Host and reaper share only wall time, so "session dead" is measured in wall ms.
import { EXIT_STAGES, LogEvent } from '../../core/log-events';

/** Pseudo-stage: the reaper reported every process of the session dead. */
const SESSION_DEAD = 'session dead';
const CANCEL_HANDLED = LogEvent.cancelHandled;
const STALL = LogEvent.mainLoopStall;

export interface LatencyRow {
  /** trigger kind, or 'all' */
  trigger: string;
  stage: string;
  count: number;
  median: number;
  p99: number;
}

/** What the reaper's reports say of the sessions it ended (reaper-session-dead, DESIGN §4). */
export interface EndedSessions {
  /** sessions the reaper reported dead */
  count: number;
  /** processes of them swept outside their container (`migrated`), and of those, moved back into it */
  migrated: number;
  movedBack: number;
  /** processes left alive after the kill and the sweep, summed, and the sessions that left any */
  survivors: number;
  withSurvivors: number;
  /** wall time of the last report with survivors */
  lastSurvivorWall?: string;
}

export interface StatsSummary {
  lines: number;
  skipped: number;
  exits: number;
  cancels: number;
  exitPath: LatencyRow[];
  cancel: LatencyRow[];
  stalls: { count: number; median: number; p99: number; max: number };
  sessions: EndedSessions;
}

/** Nearest-rank percentile of unsorted samples (NaN when empty). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

interface Line {
  name: string;
  t: number | undefined;
  wallMs: number | undefined;
  hostPid: number | undefined;
  fields: Record<string, unknown>;
}

interface Episode {
  trigger: string;
  t: number;
  wallMs: number | undefined;
  /** exit.begin seen: a second one on the same host is a new exit */
  begun: boolean;
}

type Samples = Map<string, Map<string, number[]>>;

function add(samples: Samples, trigger: string, stage: string, value: number): void {
  for (const key of [trigger, 'all']) {
    const byStage = samples.get(key) ?? new Map<string, number[]>();
    samples.set(key, byStage);
    byStage.set(stage, [...(byStage.get(stage) ?? []), value]);
  }
}

function parseLine(raw: string): Line | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  if (typeof fields.name !== 'string') return undefined;
  const firstPid = /"pid":(\d+)/.exec(raw)?.[1];
  const wall = typeof fields.wall === 'string' ? Date.parse(fields.wall) : Number.NaN;
  return {
    name: fields.name,
    t: typeof fields.t === 'number' ? fields.t : undefined,
    wallMs: Number.isFinite(wall) ? wall : undefined,
    hostPid: fields.level !== undefined && firstPid !== undefined ? Number(firstPid) : undefined,
    fields,
  };
}

/**
 * Folds log lines into latency samples. Lines are not trusted to be in order: the log's
 * asynchronous writer can land a line logged just before the exit path's synchronous flush
 * after the lines of the exit itself. So each host's lines are taken in the order of its own
 * monotonic `t`, and a reaper's report is matched to the host's last exit before it (wall time).
 */
export class LogSummarizer {
  private lines = 0;
  private skipped = 0;
  private exits = 0;
  private cancels = 0;
  private readonly hostLines: Array<{ line: Line; host: number; seq: number }> = [];
  private readonly deadLines: Line[] = [];
  private readonly stalls: number[] = [];
  private folded: StatsSummary | undefined;
  private readonly exitSamples: Samples = new Map();
  private readonly cancelSamples: Samples = new Map();
  /** per host pid: the exit in progress, and every exit so far */
  private readonly exitByHost = new Map<number, Episode>();
  private readonly exitsOfHost = new Map<number, Episode[]>();
  private readonly pendingCancel = new Map<number, Episode>();
  /** session root pid -> host pid, from session.started */
  private readonly hostOfSession = new Map<number, number>();
  private readonly deadReported = new Set<Episode>();

  push(raw: string): void {
    if (raw.trim() === '') return;
    this.lines++;
    this.folded = undefined;
    const line = parseLine(raw);
    if (!line) {
      this.skipped++;
      return;
    }
    if (line.name === LogEvent.reaperSessionDead) this.deadLines.push(line);
    else if (line.name === STALL && typeof line.fields.ms === 'number') this.stalls.push(line.fields.ms);
    else if (line.hostPid !== undefined) this.hostLines.push({ line, host: line.hostPid, seq: this.hostLines.length });
  }

  summary(): StatsSummary {
    this.folded ??= this.fold();
    return this.folded;
  }

  private fold(): StatsSummary {
    for (const samples of [this.exitSamples, this.cancelSamples]) samples.clear();
    for (const state of [this.exitByHost, this.exitsOfHost, this.pendingCancel, this.hostOfSession]) state.clear();
    this.deadReported.clear();
    this.exits = 0;
    this.cancels = 0;
    const ordered = [...this.hostLines].sort((a, b) => a.host - b.host || (a.line.t ?? 0) - (b.line.t ?? 0) || a.seq - b.seq);
    for (const { line, host } of ordered) this.onHostLine(line, host);
    for (const line of this.deadLines) this.onSessionDead(line);
    return {
      lines: this.lines,
      skipped: this.skipped,
      exits: this.exits,
      cancels: this.cancels,
      exitPath: rows(this.exitSamples, [...EXIT_STAGES, SESSION_DEAD]),
      cancel: rows(this.cancelSamples, [CANCEL_HANDLED]),
      stalls: {
        count: this.stalls.length,
        median: percentile(this.stalls, 50),
        p99: percentile(this.stalls, 99),
        max: percentile(this.stalls, 100),
      },
      sessions: endedSessions(this.deadLines),
    };
  }

  private onHostLine(line: Line, host: number): void {
    const { name, t, fields } = line;
    // `sessionPid` as the host logs it; `pid` as older logs had it (the last of the two keys)
    const sessionPid = typeof fields.sessionPid === 'number' ? fields.sessionPid : fields.pid;
    if (name === LogEvent.sessionStarted && typeof sessionPid === 'number') {
      this.hostOfSession.set(sessionPid, host);
    } else if (name === LogEvent.trigger && t !== undefined) {
      const episode: Episode = { trigger: String(fields.kind), t, wallMs: line.wallMs, begun: false };
      if (fields.action === 'exit') this.startExit(host, episode);
      if (fields.action === 'cancel') {
        this.cancels++;
        this.pendingCancel.set(host, episode);
      }
    } else if (name === CANCEL_HANDLED && t !== undefined) {
      const cancel = this.pendingCancel.get(host);
      this.pendingCancel.delete(host);
      if (cancel) add(this.cancelSamples, cancel.trigger, CANCEL_HANDLED, t - cancel.t);
    } else if ((EXIT_STAGES as readonly string[]).includes(name) && t !== undefined) {
      this.onExitStage(host, name, t, line);
    }
  }

  private onExitStage(host: number, name: string, t: number, line: Line): void {
    let episode = this.exitByHost.get(host);
    if (name === LogEvent.exitBegin) {
      if (episode && !episode.begun && episode.t <= t) {
        episode.begun = true;
      } else {
        // An exit without a trigger line (a crash, a harness exit before its session) starts here.
        episode = { trigger: `direct: ${String(line.fields.reason ?? 'unknown').split(':')[0]}`, t, wallMs: line.wallMs, begun: true };
        this.startExit(host, episode);
      }
    }
    if (episode?.begun) add(this.exitSamples, episode.trigger, name, t - episode.t);
  }

  private startExit(host: number, episode: Episode): void {
    this.exits++;
    this.exitByHost.set(host, episode);
    this.exitsOfHost.set(host, [...(this.exitsOfHost.get(host) ?? []), episode]);
    this.pendingCancel.delete(host);
  }

  private onSessionDead(line: Line): void {
    const root = line.fields.pid;
    const dead = line.wallMs;
    if (typeof root !== 'number' || dead === undefined) return;
    const host = this.hostOfSession.get(root);
    const before = (host === undefined ? [] : (this.exitsOfHost.get(host) ?? [])).filter((e) => e.wallMs !== undefined && e.wallMs <= dead);
    const episode = before[before.length - 1];
    if (!episode || episode.wallMs === undefined || this.deadReported.has(episode)) return;
    this.deadReported.add(episode);
    add(this.exitSamples, episode.trigger, SESSION_DEAD, dead - episode.wallMs);
  }
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);

function endedSessions(dead: readonly Line[]): EndedSessions {
  const ended: EndedSessions = { count: dead.length, migrated: 0, movedBack: 0, survivors: 0, withSurvivors: 0 };
  for (const { fields } of dead) {
    ended.migrated += count(fields.migrated);
    ended.movedBack += count(fields.movedBack);
    const survivors = count(fields.survivors);
    ended.survivors += survivors;
    if (survivors === 0) continue;
    ended.withSurvivors++;
    if (typeof fields.wall === 'string') ended.lastSurvivorWall = fields.wall;
  }
  return ended;
}

function rows(samples: Samples, stages: readonly string[]): LatencyRow[] {
  const triggers = [...samples.keys()].sort((a, b) => (a === 'all' ? -1 : b === 'all' ? 1 : a.localeCompare(b)));
  return triggers.flatMap((trigger) =>
    stages.flatMap((stage) => {
      const values = samples.get(trigger)?.get(stage);
      return values ? [{ trigger, stage, count: values.length, median: percentile(values, 50), p99: percentile(values, 99) }] : [];
    }),
  );
}
