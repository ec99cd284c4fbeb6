// The reaper (DESIGN §4): a separate process, detached in its own session, that outlives the
// host just long enough to kill every session process. Commands arrive on stdin
// (reaper-protocol.ts); stdin EOF means the host is gone — exited, crashed or SIGKILLed —
// and everything registered gets the staged kill. Bundled to dist/reaper.js; runs under
// plain Node or Electron with ELECTRON_RUN_AS_NODE=1. It never writes to a terminal: stderr
// is /dev/null and its own story goes to the log file the host names.
import { LogEvent } from '../core/log-events';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { FileEventLog, nullEventLog, type EventLog } from './event-log';
import type { ProcessTable } from './process-table';
import { SessionMembers, systemProcessTable, type ProcReader } from './process-tree';
import { formatDead, LineSplitter, parseCommand } from './reaper-protocol';
import { DEFAULT_KILL_GRACE_MS } from '../core/kill-grace';
import { StagedKill } from './staged-kill';

/** DESIGN §4: membership refresh, so children whose parent already died stay known. */
const REFRESH_INTERVAL_MS = 1_000;

/** The reaper has no UI to keep responsive: synchronous /proc reads cost it nothing and scan
 * several times faster than queued async ones when the machine is loaded. */
const syncProcReader: ProcReader = {
  readdir: async (dir) => readdirSync(dir),
  readFile: async (file) => readFileSync(file, 'utf8'),
};

interface TrackedSession { members: SessionMembers; killing?: Promise<void> }

export class Reaper {
  private readonly sessions = new Map<number, TrackedSession>();
  private shuttingDown: Promise<void> | undefined;

  constructor(
    private readonly table: ProcessTable,
    private readonly killGraceMs: number,
    private readonly log: EventLog,
    private readonly report: (line: string) => void,
  ) {}

  async register(pid: number, startTime: number): Promise<void> {
    const members = new SessionMembers({ pid, startTime });
    this.sessions.set(pid, { members });
    members.update(await this.table.snapshot());
    this.log.event('reaper-register', { pid, startTime, members: members.alive.length });
  }

  kill(pid: number): Promise<void> {
    const session = this.sessions.get(pid);
    if (!session) {
      this.report(formatDead(pid));
      return Promise.resolve();
    }
    session.killing ??= new StagedKill([session.members], { table: this.table, killGraceMs: this.killGraceMs, log: this.log })
      .run()
      .then((result) => {
        this.sessions.delete(pid);
        this.log.event(LogEvent.reaperSessionDead, { pid, ...result.killedBy, ms: result.ms, survivors: result.survivors.length });
        this.report(formatDead(pid, result));
      });
    return session.killing;
  }

  killAll(): Promise<void> {
    return Promise.all([...this.sessions.keys()].map((pid) => this.kill(pid))).then(() => undefined);
  }

  /** Host gone: kill everything, once. */
  shutdown(reason: string): Promise<void> {
    this.shuttingDown ??= (async () => {
      this.log.event('reaper-shutdown', { reason, sessions: this.sessions.size });
      await this.killAll();
    })();
    return this.shuttingDown;
  }

  /** Re-reads the members of every session not being killed; drops sessions with none left. */
  async refresh(): Promise<void> {
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
  const logFile = option('--log');
  const log: EventLog = logFile ? new FileEventLog(logFile) : nullEventLog;
  const grace = Number(option('--kill-grace-ms') ?? DEFAULT_KILL_GRACE_MS);
  const killGraceMs = Number.isFinite(grace) && grace >= 0 ? grace : DEFAULT_KILL_GRACE_MS;
  const crash = (err: unknown): void => {
    // last resort, synchronous so it lands even if the event loop is wedged; keep running
    if (logFile) {
      try { appendFileSync(logFile, JSON.stringify({ wall: new Date().toISOString(), level: 'error', name: 'reaper-crash', error: String(err) }) + '\n'); } catch { /* nowhere left to tell */ }
    }
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  // the host reading end may vanish at any moment; a failed report must not kill the reaper
  process.stdout.on('error', () => undefined);

  const tables = systemProcessTable(process.platform, syncProcReader);
  if (!tables.ok) {
    log.error('reaper-unsupported', { error: tables.error });
    process.stdin.resume().on('end', () => process.exit(1));
    return;
  }
  const reaper = new Reaper(tables.table, killGraceMs, log, (line) => process.stdout.write(line));
  log.event('reaper-start', { pid: process.pid, killGraceMs });
  const exitAfter = (reason: string): void => {
    void reaper.shutdown(reason).then(() => {
      log.event('reaper-exit', { reason });
      return log instanceof FileEventLog ? log.flushed() : undefined;
    }).then(() => process.exit(0));
  };
  const refresh = setInterval(() => void reaper.refresh().catch(crash), REFRESH_INTERVAL_MS);
  refresh.unref();

  const lines = new LineSplitter();
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    for (const line of lines.push(chunk)) {
      const command = parseCommand(line);
      if (!command) log.warn('reaper-bad-command', { line: line.slice(0, 200) });
      else if (command.kind === 'register') void reaper.register(command.pid, command.startTime).catch(crash);
      else if (command.kind === 'kill') void reaper.kill(command.pid).catch(crash);
      else void reaper.killAll().catch(crash);
    }
  });
  process.stdin.on('end', () => exitAfter('host-pipe-closed'));
  process.stdin.on('error', () => exitAfter('host-pipe-error'));
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => exitAfter(signal));
}

// Only when run as the reaper process (the bundle entry), never when imported by tests.
if (process.env.RIPCORD_REAPER === '1') main();
