// The reaper (DESIGN §4): a separate process, detached in its own session, that outlives the
// host just long enough to kill every session process. Commands arrive on stdin
// (contracts/reaper-pipe.ts); stdin EOF means the host is gone — exited, crashed or SIGKILLed —
// and everything registered gets the staged kill. It is exec'd by its first stage, a sh stub
// (reaper-stub.ts), which hands over the lines it already read (`--replay`) and the signal that
// ended it, if one did (`--signal`). Bundled to dist/reaper.js; runs under plain Node or
// Electron with ELECTRON_RUN_AS_NODE=1. It never writes to a terminal: stderr is /dev/null and
// its own story goes to the log file the host names.
import { LogEvent } from '../core/log-events';
import { DEFAULT_KILL_GRACE_MS } from '../core/kill-grace';
import { setTimeout as delay } from 'node:timers/promises';
import { FileEventLog, nullEventLog, type EventLog } from '../platform/log/event-log';
import type { ProcessTable } from '../platform/processes/process-table';
import { SessionMembers, systemProcessTable } from '../platform/processes/process-tree';
import { procNow } from '../platform/files/kernel-reads';
import { CgroupSessions } from './reaper-cgroups';
import { sweepMigrants } from '../platform/containment/migrant-sweep';
import { makeNonDumpable } from '../platform/processes/process-guard';
import { formatContained, formatDead, formatRegistered, LineSplitter, parseCommand, type ReaperCommand } from '../../contracts/reaper-pipe';
import { StagedKill } from '../platform/processes/staged-kill';
import { ReaperTerminal } from './reaper-terminal';

/** DESIGN §4: membership refresh, so children whose parent already died stay known. */
/** The reaper's last log lines get this long to land after the kill; a slow disk never keeps it alive. */
const LOG_FLUSH_MAX_MS = 500;

const REFRESH_INTERVAL_MS = 1_000;
/** Refresh period while a scanned session is young or its root has ended: the moments a
 * double fork most often slips out between two scans. */
const QUICK_REFRESH_MS = 25;
/** A scanned session counts as young this long after its registration. */
const YOUNG_MS = 3_000;

interface TrackedSession {
  members: SessionMembers;
  registeredAt: number;
  sessionId?: string;
  killing?: Promise<void>;
}

export class Reaper {
  private readonly sessions = new Map<number, TrackedSession>();
  private shuttingDown: Promise<void> | undefined;
  readonly cgroups: CgroupSessions;
  /** `ripcord run`'s outer terminal, put back if the host dies without its restore */
  readonly terminal: ReaperTerminal;

  constructor(
    private readonly table: ProcessTable,
    private killGraceMs: number,
    private readonly log: EventLog,
    private readonly report: (line: string) => void,
  ) {
    this.cgroups = new CgroupSessions(() => this.killGraceMs, log, report);
    this.terminal = new ReaperTerminal(log);
  }

  /** Tracks a scanned session from its root; answers `registered` once the root is known. */
  async register(pid: number, startTime: number, sessionId?: string): Promise<void> {
    const members = new SessionMembers({ pid, startTime });
    this.sessions.set(pid, { members, registeredAt: performance.now(), sessionId });
    members.update(await this.table.snapshot());
    this.log.event('reaper-register', { pid, startTime, members: members.alive.length });
    this.report(formatRegistered(pid));
  }

  /** One command from the host. */
  handle(command: ReaperCommand): Promise<void> {
    switch (command.kind) {
      case 'register':
        return this.register(command.pid, command.startTime, command.sessionId);
      case 'killall':
        return this.killAll();
      case 'end':
        return this.end(command.pid);
      case 'contain':
        this.cgroups.contain(command.cgroup, command.sessionId);
        this.report(formatContained(command.cgroup));
        return Promise.resolve();
      case 'root':
        this.cgroups.root(command.pid, command.cgroup);
        return Promise.resolve();
      case 'release':
        this.cgroups.release(command.cgroup);
        return Promise.resolve();
      case 'takeover':
        return Promise.resolve();
      case 'grace':
        this.killGraceMs = command.ms;
        this.log.event('reaper-kill-grace', { killGraceMs: command.ms });
        return Promise.resolve();
      case 'terminal':
      case 'terminal-restore':
      case 'terminal-done':
        this.terminal.handle(command);
        return Promise.resolve();
    }
  }

  /** Whether some scanned session is young or has lost its root: scan quickly then. */
  get needsQuickRefresh(): boolean {
    const now = performance.now();
    return [...this.sessions.values()].some(
      (s) => !s.killing && (now - s.registeredAt < YOUNG_MS || !s.members.alive.some((p) => p.pid === s.members.root.pid)),
    );
  }

  private kill(pid: number, session: TrackedSession): Promise<void> {
    session.killing ??= new StagedKill([session.members], { table: this.table, killGraceMs: this.killGraceMs, log: this.log })
      .run()
      .then(async (result) => {
        // what the scan could not link to the root but still carries the session's tag: swept
        // like a cgroup session's migrants; the session stays listed meanwhile, so a shutdown waits
        const { log } = this;
        const swept = session.sessionId
          ? await sweepMigrants(session.sessionId, { log, known: result.survivors })
          : { migrated: 0, survivors: [], movedBack: 0 };
        this.sessions.delete(pid);
        const survivors = [...result.survivors, ...swept.survivors];
        if (swept.migrated > 0)
          log.error(LogEvent.reaperSessionMigrated, { pid, migrated: swept.migrated, survivors: swept.survivors.length });
        log.event(LogEvent.reaperSessionDead, {
          pid,
          ...result.killedBy,
          exitedUnsignalled: result.exitedUnsignalled,
          ms: result.ms,
          survivors: survivors.length,
          migrated: swept.migrated,
          movedBack: swept.movedBack,
        });
        this.report(formatDead(pid, { ...result, survivors }));
      });
    return session.killing;
  }

  /** One session's staged kill, the others run on (a pane closed): the scanned session or the cgroup whose root is pid. */
  end(pid: number): Promise<void> {
    const session = this.sessions.get(pid);
    return session ? this.kill(pid, session) : this.cgroups.end(pid);
  }

  killAll(): Promise<void> {
    return Promise.all([...this.sessions].map(([pid, session]) => this.kill(pid, session)).concat(this.cgroups.killAll())).then(
      () => undefined,
    );
  }

  /** Host gone: kill everything, once. */
  shutdown(reason: string): Promise<void> {
    this.shuttingDown ??= (async () => {
      this.log.event('reaper-shutdown', { reason, sessions: this.sessions.size, cgroups: this.cgroups.size });
      await this.killAll();
    })();
    return this.shuttingDown;
  }

  /** Re-reads the members of every session not being killed; drops sessions with none left. */
  async refresh(): Promise<void> {
    await this.cgroups.refresh();
    const idle = [...this.sessions].filter(([, s]) => !s.killing);
    if (idle.length === 0) return;
    const snapshot = await this.table.snapshot();
    for (const [pid, session] of idle) {
      if (session.killing || session.members.update(snapshot).length > 0) continue;
      this.sessions.delete(pid);
      this.log.event('reaper-session-ended', { pid });
      this.report(formatDead(pid));
    }
  }
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function main(): void {
  // first: from here on no same-user process can ptrace the reaper or read its /proc files (the sh stub before this could be)
  const guard = makeNonDumpable();
  const logFile = option('--log');
  const log: EventLog = logFile ? new FileEventLog(logFile) : nullEventLog;
  const grace = Number(option('--kill-grace-ms') ?? DEFAULT_KILL_GRACE_MS);
  const killGraceMs = Number.isFinite(grace) && grace >= 0 ? grace : DEFAULT_KILL_GRACE_MS;
  // last resort: say so and keep running (the log never throws)
  const crash = (err: unknown): void => log.error('reaper-crash', { error: String(err) });
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  // the host reading end may vanish at any moment; a failed report must not kill the reaper
  process.stdout.on('error', () => undefined);

  const tables = systemProcessTable(process.platform, procNow);
  if (!tables.ok) {
    log.error('reaper-unsupported', { error: tables.error });
    process.stdin.resume().on('end', () => process.exit(1));
    return;
  }
  const reaper = new Reaper(tables.value, killGraceMs, log, (line) => process.stdout.write(line));
  log.event('reaper-start', {
    pid: process.pid,
    killGraceMs,
    replayed: (option('--replay') ?? '').split('\n').filter((l) => l !== '').length,
    nonDumpable: guard.ok ? true : guard.error,
  });
  const exitAfter = (reason: string): void => {
    void Promise.all([reaper.shutdown(reason), reaper.terminal.settled()])
      .then(() => {
        log.event('reaper-exit', { reason });
        return log instanceof FileEventLog ? Promise.race([log.flushed(), delay(LOG_FLUSH_MAX_MS)]) : undefined;
      })
      .then(() => process.exit(0));
  };
  const refreshLoop = (): void => {
    void reaper
      .refresh()
      .catch(crash)
      .finally(() => {
        setTimeout(refreshLoop, reaper.needsQuickRefresh ? QUICK_REFRESH_MS : REFRESH_INTERVAL_MS).unref();
      });
  };
  refreshLoop();

  const lines = new LineSplitter();
  const handle = (chunk: string): void => {
    for (const line of lines.push(chunk)) {
      const command = parseCommand(line);
      if (!command) log.warn('reaper-bad-command', { line: line.slice(0, 200) });
      else void reaper.handle(command).catch(crash);
    }
  };
  // what the stub read before it handed over comes first, in order (each kept line ends with \n)
  handle(option('--replay') ?? '');
  const endedBy = option('--signal');
  if (endedBy !== undefined) exitAfter(endedBy);
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', handle);
  const hostGone = (reason: string): void => {
    void reaper.terminal.hostGone();
    exitAfter(reason);
  };
  process.stdin.on('end', () => hostGone('host-pipe-closed'));
  process.stdin.on('error', () => hostGone('host-pipe-error'));
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => exitAfter(signal));
}

// Only when run as the reaper process (the bundle entry), never when imported by tests.
if (process.env.RIPCORD_REAPER === '1') main();
