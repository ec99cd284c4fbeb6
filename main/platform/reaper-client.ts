// Host side of the reaper (DESIGN §4). The reaper is spawned detached (its own session, so
// terminal signals never reach it) with a pipe on its stdin: when the host dies for any
// reason the pipe closes and the reaper kills every registered session. It starts as a sh stub
// that holds at once (reaper-stub.ts) and becomes the Node reaper on `takeover` — sent once
// the session's start is over — or on the first command only the Node reaper can answer.
// Nothing here keeps the host alive, and every call is one pipe write that never waits.
import { LogEvent } from '../core/log-events';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Disposable } from '../core/disposable';
import { nullEventLog, type EventLog } from './event-log';
import { formatCommand, LineSplitter, parseContained, parseDead, parseRegistered, type DeadReport, type ReaperCommand } from './reaper-protocol';
import { reaperStubArgv } from './reaper-stub';
import { readKernelFileNow } from './kernel-reads';
import { TerminalHandover } from './terminal-handover';

export interface ReaperClientOptions {
  killGraceMs: number;
  logFile?: string;
  /** default process.execPath (node, or Electron run as node) */
  execPath?: string;
  /** default path.join(__dirname, 'reaper.js') */
  script?: string;
  log?: EventLog;
  /**
   * 'now' (default), or 'when-needed': at the first command. Spawning blocks the main loop until
   * the child has exec'd (~10 ms on a loaded machine); `ripcord run` starts its session at once,
   * and the first command comes while the session's root starts beside it.
   */
  spawn?: 'now' | 'when-needed';
}

/** How often the host looks at the reaper's state: a stopped reaper is replaced within this. */
const WATCH_INTERVAL_MS = 100;
/** A reaper that cannot stay up (missing script, broken runtime) is not restarted in a loop:
 * at most this many replacements per REPLACEMENT_WINDOW_MS. */
const MAX_REPLACEMENTS = 10;
const REPLACEMENT_WINDOW_MS = 60_000;

export class ReaperClient implements Disposable {
  private readonly dead = new Map<number, DeadReport>();
  private readonly waiters = new Map<number, Set<(report: DeadReport) => void>>();
  private readonly registered = new Map<number, Set<() => void>>();
  /** cgroups the current reaper confirmed, and who waits for a confirmation */
  private readonly containedBy = new Set<string>();
  private readonly containWaiters = new Map<string, Set<() => void>>();
  private tookOver = false;
  /** what a replacement reaper must be told again: scanned roots and session cgroups */
  private readonly scanned = new Map<number, { startTime: number; sessionId?: string }>();
  private readonly cgroups = new Map<string, number | undefined>();
  private disposed = false;
  private replacements: number[] = [];
  private child: ChildProcess | undefined;
  private readonly watch: NodeJS.Timeout;
  /** `ripcord run`'s outer terminal, for the Node reaper to restore if the host dies without its restore */
  readonly terminal = new TerminalHandover((command) => this.send(command));

  private constructor(private readonly options: ReaperClientOptions, private readonly log: EventLog) {
    if (options.spawn !== 'when-needed') this.connect();
    this.watch = setInterval(() => this.checkStopped(), WATCH_INTERVAL_MS);
    this.watch.unref();
  }

  static start(options: ReaperClientOptions): ReaperClient {
    return new ReaperClient(options, options.log ?? nullEventLog);
  }

  get pid(): number { return this.child?.pid ?? -1; }

  /** A scanned session's root; `sessionId` lets the reaper count the session's processes it could not link. */
  register(rootPid: number, startTime: bigint | number, sessionId?: string): void {
    this.dead.delete(rootPid);
    const entry = { startTime: Number(startTime), ...(sessionId ? { sessionId } : {}) };
    this.scanned.set(rootPid, entry);
    this.send({ kind: 'register', pid: rootPid, ...entry });
  }

  /** A session cgroup, before its root runs: the reaper kills it if the host dies once it confirmed (whenContained). */
  contain(cgroup: string): void {
    this.cgroups.set(cgroup, undefined);
    this.send({ kind: 'contain', cgroup });
  }

  /** Resolves true once the reaper confirmed `contain(cgroup)` (false after timeoutMs). */
  whenContained(cgroup: string, timeoutMs: number): Promise<boolean> {
    if (this.containedBy.has(cgroup)) return Promise.resolve(true);
    return waitFor(this.containWaiters, cgroup, timeoutMs);
  }

  /**
   * The session's start is over: the sh stub hands over to the Node reaper now (its start costs
   * ~100 ms of CPU the first prompt need not share). Also for every later replacement.
   */
  takeOver(): void {
    if (this.tookOver) return;
    this.tookOver = true;
    this.send({ kind: 'takeover' });
    this.terminal.deliver();
  }

  /** The root joined `cgroup`: killSession(rootPid) and whenSessionDead(rootPid) mean the cgroup. */
  attachRoot(rootPid: number, cgroup: string): void {
    this.dead.delete(rootPid);
    this.cgroups.set(cgroup, rootPid);
    this.send({ kind: 'root', pid: rootPid, cgroup });
  }

  /** A cgroup given up before its session started (the caller removes it). */
  release(cgroup: string): void {
    this.cgroups.delete(cgroup);
    this.send({ kind: 'release', cgroup });
  }

  killSession(rootPid: number): void { this.send({ kind: 'kill', pid: rootPid }); }

  /**
   * The exit path's kill (DESIGN §4 "the host kills too"): SIGKILL to every session cgroup,
   * written here and now — microseconds, and it holds even if the reaper is gone — then the
   * reaper is told to finish (the scanned sessions' staged kill, removing the cgroups).
   */
  killAll(): void {
    for (const cgroup of this.cgroups.keys()) {
      try {
        // eslint-disable-next-line no-restricted-syntax -- the exit path's own kill: one write per cgroup, before the process ends
        writeFileSync(path.join(cgroup, 'cgroup.kill'), '1');
      } catch (error) {
        this.log.warn('exit.cgroup-kill-failed', { cgroup, error: String(error) });
      }
    }
    // a reaper never needed holds nothing: none is spawned to be told so
    if (this.child) this.send({ kind: 'killall' });
  }

  /** Resolves once the reaper has taken its first look at a registered root (false after timeoutMs). */
  whenRegistered(rootPid: number, timeoutMs: number): Promise<boolean> {
    return waitFor(this.registered, rootPid, timeoutMs);
  }

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
    // a host that lets its reaper go restores its terminal itself
    this.terminal.done();
    this.disposed = true;
    clearInterval(this.watch);
    this.child?.stdin?.end();
  }

  private connect(): ChildProcess {
    const { options } = this;
    const script = options.script ?? path.join(__dirname, 'reaper.js');
    const args = ['--kill-grace-ms', String(options.killGraceMs)];
    if (options.logFile) args.push('--log', options.logFile);
    this.containedBy.clear();
    const child = spawn('/bin/sh', reaperStubArgv(options.execPath ?? process.execPath, script, args), {
      detached: true,
      stdio: ['pipe', 'pipe', 'ignore'],
      cwd: '/',
      // NODE_EXTRA_CA_CERTS: node would parse that file at its start (~40 ms); the reaper opens no TLS connection
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', RIPCORD_REAPER: '1', NODE_EXTRA_CA_CERTS: undefined },
    });
    this.child = child;
    this.log.event(LogEvent.reaperStarted, { reaperPid: child.pid, script });
    const lines = new LineSplitter();
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      for (const line of lines.push(chunk)) this.onReport(line);
    });
    child.stdin?.on('error', (err) => this.log.error('reaper-pipe-error', { error: String(err) }));
    child.on('error', (err) => this.log.error('reaper-spawn-failed', { error: String(err) }));
    child.on('exit', (code, signal) => this.replace(child, `exited (code ${code}, signal ${signal})`));
    child.stdout?.on('close', () => this.replace(child, 'pipe closed'));
    // the reaper's pipes and process handle must never hold the host's event loop open
    child.unref();
    (child.stdin as Socket | null)?.unref?.();
    (child.stdout as Socket | null)?.unref?.();
    return child;
  }

  /** A session stopped or killed the reaper: a new one takes over every container (DESIGN §4). */
  private replace(old: ChildProcess, why: string): void {
    if (this.disposed || old !== this.child) return;
    try { old.kill('SIGKILL'); } catch { /* already gone */ }
    const now = performance.now();
    this.replacements = this.replacements.filter((t) => now - t < REPLACEMENT_WINDOW_MS);
    if (this.replacements.length >= MAX_REPLACEMENTS) {
      this.log.error('reaper-gave-up', { why, replacements: this.replacements.length });
      return;
    }
    this.replacements.push(now);
    this.connect();
    for (const [cgroup, root] of this.cgroups) {
      this.send({ kind: 'contain', cgroup });
      if (root !== undefined) this.send({ kind: 'root', pid: root, cgroup });
    }
    for (const [pid, entry] of this.scanned) this.send({ kind: 'register', pid, ...entry });
    if (this.tookOver) {
      this.send({ kind: 'takeover' });
      this.terminal.deliver();
    }
    this.log.warn(LogEvent.reaperReplaced, { why, old: old.pid, pid: this.child.pid, cgroups: this.cgroups.size, scanned: this.scanned.size });
  }

  private checkStopped(): void {
    const child = this.child;
    if (child?.pid === undefined) return;
    try {
      // at once: every 100 ms for the session's life, four trips through the thread pool each otherwise
      const stat = readKernelFileNow(`/proc/${child.pid}/stat`);
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state === 'T' || state === 't') this.replace(child, `stopped (state ${state})`);
    } catch {
      // gone: its exit event does the replacing
    }
  }

  private send(command: ReaperCommand): void {
    const stdin = (this.child ?? (this.disposed ? undefined : this.connect()))?.stdin;
    if (this.disposed || !stdin || stdin.destroyed) {
      this.log.error('reaper-unavailable', { command: command.kind });
      return;
    }
    stdin.write(formatCommand(command));
  }

  private onReport(line: string): void {
    const contained = parseContained(line);
    if (contained !== undefined) {
      this.containedBy.add(contained);
      for (const waiter of [...(this.containWaiters.get(contained) ?? [])]) waiter();
      return;
    }
    const registered = parseRegistered(line);
    if (registered !== undefined) {
      for (const waiter of [...(this.registered.get(registered) ?? [])]) waiter();
      return;
    }
    const report = parseDead(line);
    if (!report) {
      this.log.warn('reaper-bad-report', { line: line.slice(0, 200) });
      return;
    }
    this.dead.set(report.pid, report);
    this.scanned.delete(report.pid);
    for (const [cgroup, root] of this.cgroups) if (root === report.pid) this.cgroups.delete(cgroup);
    for (const waiter of [...(this.waiters.get(report.pid) ?? [])]) waiter(report);
  }
}

/** A promise in `waiters[key]` that a report resolves with true; false after timeoutMs. */
function waitFor<K>(waiters: Map<K, Set<() => void>>, key: K, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const set = waiters.get(key) ?? new Set();
    waiters.set(key, set);
    const finish = (ok: boolean): void => {
      clearTimeout(timer);
      set.delete(done);
      resolve(ok);
    };
    const done = (): void => finish(true);
    const timer = setTimeout(() => finish(false), timeoutMs);
    set.add(done);
  });
}
