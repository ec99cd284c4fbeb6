// Host side of the reaper (DESIGN §4). The reaper is spawned detached (its own session, so
// terminal signals never reach it) with a pipe on its stdin: when the host dies for any
// reason the pipe closes and the reaper kills every registered session. Nothing here keeps
// the host alive, and every call is one pipe write that never waits.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Disposable } from '../core/disposable';
import { nullEventLog, type EventLog } from './event-log';
import { formatCommand, LineSplitter, parseDead, type DeadReport, type ReaperCommand } from './reaper-protocol';

export interface ReaperClientOptions {
  killGraceMs: number;
  logFile?: string;
  /** default process.execPath (node, or Electron run as node) */
  execPath?: string;
  /** default path.join(__dirname, 'reaper.js') */
  script?: string;
  log?: EventLog;
}

export class ReaperClient implements Disposable {
  private readonly dead = new Map<number, DeadReport>();
  private readonly waiters = new Map<number, Set<(report: DeadReport) => void>>();
  private disposed = false;

  private constructor(private readonly child: ChildProcess, private readonly log: EventLog) {
    const lines = new LineSplitter();
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      for (const line of lines.push(chunk)) this.onReport(line);
    });
    child.stdin?.on('error', (err) => this.log.error('reaper-pipe-error', { error: String(err) }));
    child.on('error', (err) => this.log.error('reaper-spawn-failed', { error: String(err) }));
    child.on('exit', (code, signal) => {
      if (!this.disposed) this.log.error('reaper-exited', { code, signal });
    });
    // the reaper's pipes and process handle must never hold the host's event loop open
    child.unref();
    (child.stdin as Socket | null)?.unref?.();
    (child.stdout as Socket | null)?.unref?.();
  }

  static start(options: ReaperClientOptions): ReaperClient {
    const script = options.script ?? path.join(__dirname, 'reaper.js');
    const args = [script, '--kill-grace-ms', String(options.killGraceMs)];
    if (options.logFile) args.push('--log', options.logFile);
    const child = spawn(options.execPath ?? process.execPath, args, {
      detached: true,
      stdio: ['pipe', 'pipe', 'ignore'],
      cwd: '/',
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', RIPCORD_REAPER: '1' },
    });
    const log = options.log ?? nullEventLog;
    log.event('reaper-started', { reaperPid: child.pid, script });
    return new ReaperClient(child, log);
  }

  get pid(): number { return this.child.pid ?? -1; }

  register(rootPid: number, startTime: bigint | number): void {
    this.dead.delete(rootPid);
    this.send({ kind: 'register', pid: rootPid, startTime: Number(startTime) });
  }

  killSession(rootPid: number): void { this.send({ kind: 'kill', pid: rootPid }); }

  killAll(): void { this.send({ kind: 'killall' }); }

  /** Resolves true when the reaper reports every process of the session dead; false after
   * timeoutMs, or when the reaper gave up on survivors (it logs them). */
  whenSessionDead(rootPid: number, timeoutMs: number): Promise<boolean> {
    return this.whenSessionReport(rootPid, timeoutMs).then((report) => report !== undefined && !report.stats.survivors);
  }

  /** Like whenSessionDead, with the reaper's kill statistics (ms, HUP/TERM/KILL counts). */
  whenSessionReport(rootPid: number, timeoutMs: number): Promise<DeadReport | undefined> {
    const known = this.dead.get(rootPid);
    if (known) return Promise.resolve(known);
    return new Promise((resolve) => {
      const waiters = this.waiters.get(rootPid) ?? new Set();
      this.waiters.set(rootPid, waiters);
      const finish = (report: DeadReport | undefined): void => {
        clearTimeout(timer);
        waiters.delete(finish);
        resolve(report);
      };
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      waiters.add(finish);
    });
  }

  /** Closes the pipe: the reaper kills everything still registered and exits. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.child.stdin?.end();
  }

  private send(command: ReaperCommand): void {
    const stdin = this.child.stdin;
    if (this.disposed || !stdin || stdin.destroyed) {
      this.log.error('reaper-unavailable', { command: command.kind });
      return;
    }
    stdin.write(formatCommand(command));
  }

  private onReport(line: string): void {
    const report = parseDead(line);
    if (!report) {
      this.log.warn('reaper-bad-report', { line: line.slice(0, 200) });
      return;
    }
    this.dead.set(report.pid, report);
    for (const waiter of [...(this.waiters.get(report.pid) ?? [])]) waiter(report);
  }
}
