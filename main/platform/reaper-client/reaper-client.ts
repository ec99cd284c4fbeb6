// Host side of the reaper (DESIGN §4). The reaper is spawned detached (its own session, so
// terminal signals never reach it) with a pipe on its stdin: when the host dies for any
// reason the pipe closes and the reaper kills every registered session. It starts as a sh stub
// that holds at once (reaper-stub.ts) and becomes the Node reaper on `takeover` — sent once
// the session's start is over — or on the first command only the Node reaper can answer.
// Nothing here keeps the host alive, and every call is one pipe write that never waits.
import { LogEvent } from '../../core/log-events';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Disposable } from '../../core/disposable';
import { Emitter } from '../../core/emitter';
import { nullEventLog, type EventLog } from '../log/event-log';
import { ExitDescriptors } from '../containment/exit-descriptors';
import {
  formatCommand,
  LineSplitter,
  OUTER_SESSIONS_ENV,
  SESSION_ID_ENV,
  parseContained,
  parseDead,
  parseRegistered,
  type ReaperCommand,
} from '../../../contracts/reaper-pipe';
import { reaperStubArgv } from './reaper-stub';
import { isExiting, procStatNow } from '../processes/proc-files';
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
   * the child has exec'd (docs/benchmarks.md#start); `ripcord run` starts its session at once,
   * and the first command comes while the session's root starts beside it.
   */
  spawn?: 'now' | 'when-needed';
}

/** How often the host looks at the reaper's state: a stopped reaper is replaced within this. */
const WATCH_INTERVAL_MS = 100;
/**
 * The replacement budget (DESIGN §4): a reaper that cannot stay up (missing script, broken
 * runtime) or a session that keeps killing it is not answered in a loop forever: past this many
 * replacements per REPLACEMENT_PERIOD_MS the session is ended instead (onGaveUp), never left
 * running unguarded.
 */
export const MAX_REPLACEMENTS = 10;
const REPLACEMENT_PERIOD_MS = 60_000;

export class ReaperClient implements Disposable {
  private readonly registered = new Map<number, Set<() => void>>();
  /** cgroups the current reaper confirmed, and who waits for a confirmation */
  private readonly containedBy = new Set<string>();
  private readonly containWaiters = new Map<string, Set<() => void>>();
  private tookOver = false;
  /** what a replacement reaper must be told again: scanned roots and session cgroups */
  private readonly scanned = new Map<number, { startTime: number; sessionId?: string }>();
  private readonly cgroups = new Map<string, { root?: number; sessionId?: string }>();
  private disposed = false;
  private replacements: number[] = [];
  private child: ChildProcess | undefined;
  /** the reaper given up on past the budget: however /proc shows it in its last moments, it is gone */
  private abandoned: ChildProcess | undefined;
  private readonly watch: NodeJS.Timeout;
  private readonly exitFiles: ExitDescriptors;
  private readonly gaveUp = new Emitter<string>();
  /** The reaper kept being stopped or killed past the budget: why, for the user. The host ends the session. */
  readonly onGaveUp = this.gaveUp.event;
  /** `ripcord run`'s outer terminal, for the Node reaper to restore if the host dies without its restore */
  readonly terminal = new TerminalHandover((command) => this.send(command));

  /** the grace a kill gives, as last edited (a replacement reaper starts with it) */
  private killGraceMs: number;

  private constructor(
    private readonly options: ReaperClientOptions,
    private readonly log: EventLog,
  ) {
    this.killGraceMs = options.killGraceMs;
    this.exitFiles = new ExitDescriptors(log);
    if (options.spawn !== 'when-needed') this.connect();
    this.watch = setInterval(() => {
      this.checkStopped();
      this.exitFiles.refill();
    }, WATCH_INTERVAL_MS);
    this.watch.unref();
  }

  static start(options: ReaperClientOptions): ReaperClient {
    return new ReaperClient(options, options.log ?? nullEventLog);
  }

  get pid(): number {
    return this.child?.pid ?? -1;
  }

  /** A scanned session's root; `sessionId` lets the reaper count the session's processes it could not link. */
  register(rootPid: number, startTime: bigint | number, sessionId?: string): void {
    const entry = { startTime: Number(startTime), sessionId };
    this.scanned.set(rootPid, entry);
    this.send({ kind: 'register', pid: rootPid, ...entry });
  }

  /**
   * A session cgroup, before its root runs: the reaper kills it if the host dies once it confirmed
   * (whenContained), then sweeps for processes carrying `sessionId` outside it (its migrants).
   */
  contain(cgroup: string, sessionId?: string): void {
    this.cgroups.set(cgroup, sessionId ? { sessionId } : {});
    this.exitFiles.hold(cgroup);
    this.send({ kind: 'contain', cgroup, sessionId });
  }

  /** Resolves true once the reaper confirmed `contain(cgroup)` (false after timeoutMs). */
  whenContained(cgroup: string, timeoutMs: number): Promise<boolean> {
    if (this.containedBy.has(cgroup)) return Promise.resolve(true);
    return waitFor(this.containWaiters, cgroup, timeoutMs);
  }

  /**
   * The session's start is over: the sh stub hands over to the Node reaper now (its start costs
   * CPU the first prompt need not share: docs/benchmarks.md#start). Also for every later
   * replacement.
   */
  takeOver(): void {
    if (this.tookOver) return;
    this.tookOver = true;
    this.send({ kind: 'takeover' });
    this.terminal.deliver();
  }

  /** The root joined `cgroup`: the reaper's `dead <rootPid>` report means the cgroup. */
  attachRoot(rootPid: number, cgroup: string): void {
    this.cgroups.set(cgroup, { ...this.cgroups.get(cgroup), root: rootPid });
    this.send({ kind: 'root', pid: rootPid, cgroup });
  }

  /** A cgroup given up before its session started (the caller removes it). */
  release(cgroup: string): void {
    this.cgroups.delete(cgroup);
    this.exitFiles.drop(cgroup);
    this.send({ kind: 'release', cgroup });
  }

  /**
   * An edited killGraceMs: kills that start from now on give this much grace (DESIGN §4). A sh
   * stub takes it as any command other than a `contain` it confirms: it execs the Node reaper.
   */
  setKillGrace(ms: number): void {
    if (ms === this.killGraceMs) return;
    this.killGraceMs = ms;
    if (this.child) this.send({ kind: 'grace', ms });
  }

  /**
   * The exit path's kill (DESIGN §4 "the host kills too"): SIGKILL to every session cgroup,
   * written here and now to descriptors opened at its start — one write per cgroup, nothing
   * allocated, and it holds even if the reaper is gone — then the reaper is told to finish (the scanned
   * sessions' staged kill, the sweep for migrants, removing the cgroups). With no reaper alive
   * (killed, stopped, or past its budget) one is started for that, in the spare descriptors'
   * room; nothing waits for it.
   */
  killAll(): void {
    this.exitFiles.killAll();
    // a reaper never needed holds nothing: none is spawned to be told so
    if (!this.child) return;
    this.exitFiles.withSpare(() => {
      const child = this.child as ChildProcess;
      if (child === this.abandoned || !reaperRuns(child)) this.restart(child, 'no reaper alive at the exit');
      this.send({ kind: 'killall' });
    });
  }

  /**
   * One session ends while the others run (a pane closed): its cgroup is killed here and now, as
   * killAll kills each, and the reaper finishes it (the staged kill of a scanned session, the
   * sweep for migrants, removing the cgroup) and reports it dead.
   */
  endSession(rootPid: number): void {
    for (const [cgroup, entry] of this.cgroups) {
      if (entry.root !== rootPid) continue;
      this.exitFiles.kill(cgroup);
      this.exitFiles.drop(cgroup);
      this.cgroups.delete(cgroup);
    }
    this.scanned.delete(rootPid);
    // a reaper never needed holds nothing of it (killAll's rule)
    if (this.child) this.send({ kind: 'end', pid: rootPid });
  }

  /** Resolves once the reaper has taken its first look at a registered root (false after timeoutMs). */
  whenRegistered(rootPid: number, timeoutMs: number): Promise<boolean> {
    return waitFor(this.registered, rootPid, timeoutMs);
  }

  /** Closes the pipe: the reaper kills everything still registered and exits. */
  dispose(): void {
    if (this.disposed) return;
    // a host that lets its reaper go restores its terminal itself
    this.terminal.done();
    this.disposed = true;
    clearInterval(this.watch);
    this.child?.stdin?.end();
    this.exitFiles.dispose();
    this.gaveUp.dispose();
  }

  private connect(): ChildProcess {
    const { options } = this;
    const script = options.script ?? path.join(__dirname, 'reaper.js');
    const args = ['--kill-grace-ms', String(this.killGraceMs)];
    if (options.logFile) args.push('--log', options.logFile);
    this.containedBy.clear();
    // in the spare descriptors' room: a session that used up the host's descriptors cannot keep it from starting
    const child = this.exitFiles.withSpare(() =>
      spawn('/bin/sh', reaperStubArgv(options.execPath ?? process.execPath, script, args), {
        detached: true,
        stdio: ['pipe', 'pipe', 'ignore'],
        cwd: '/',
        // NODE_EXTRA_CA_CERTS: node would parse that file at its start (docs/benchmarks.md#start);
        // the reaper opens no TLS connection. No session tag: a ripcord run inside a session must
        // not hand its reaper the outer sessions' tags, or their sweeps stop it mid-cleanup (DESIGN §4)
        env: {
          ...process.env,
          ELECTRON_RUN_AS_NODE: '1',
          RIPCORD_REAPER: '1',
          NODE_EXTRA_CA_CERTS: undefined,
          [SESSION_ID_ENV]: undefined,
          [OUTER_SESSIONS_ENV]: undefined,
        },
      }),
    );
    this.child = child;
    this.log.event(LogEvent.reaperStarted, { reaperPid: child.pid, script });
    const lines = new LineSplitter();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      for (const line of lines.push(chunk)) this.onReport(line);
    });
    child.stdin.on('error', (err) => this.log.error('reaper-pipe-error', { error: String(err) }));
    child.on('error', (err) => this.log.error('reaper-spawn-failed', { error: String(err) }));
    child.on('exit', (code, signal) => this.replace(child, `exited (code ${code}, signal ${signal})`));
    child.stdout.on('close', () => this.replace(child, 'pipe closed'));
    // the reaper's pipes and process handle must never hold the host's event loop open
    child.unref();
    (child.stdin as Socket).unref();
    (child.stdout as Socket).unref();
    return child;
  }

  /** A session stopped or killed the reaper: a new one takes over every container (DESIGN §4), within the budget. */
  private replace(old: ChildProcess, why: string): void {
    if (this.disposed || old !== this.child) return;
    const now = performance.now();
    this.replacements = this.replacements.filter((t) => now - t < REPLACEMENT_PERIOD_MS);
    if (this.replacements.length >= MAX_REPLACEMENTS) {
      try {
        old.kill('SIGKILL');
      } catch {
        /* already gone */
      }
      this.abandoned = old;
      const minutes = REPLACEMENT_PERIOD_MS / 60_000;
      this.log.error('reaper-gave-up', { why, replacements: this.replacements.length });
      this.gaveUp.fire(
        `the session kept killing ripcord's reaper (${this.replacements.length + 1} times within ${minutes} minute${minutes === 1 ? '' : 's'}), so ripcord ended it`,
      );
      return;
    }
    this.replacements.push(now);
    this.restart(old, why);
  }

  /** A new reaper in place of `old`, told every container again. */
  private restart(old: ChildProcess, why: string): void {
    try {
      old.kill('SIGKILL');
    } catch {
      /* already gone */
    }
    const child = this.connect();
    for (const [cgroup, { root, sessionId }] of this.cgroups) {
      this.send({ kind: 'contain', cgroup, sessionId });
      if (root !== undefined) this.send({ kind: 'root', pid: root, cgroup });
    }
    for (const [pid, entry] of this.scanned) this.send({ kind: 'register', pid, ...entry });
    if (this.tookOver) {
      this.send({ kind: 'takeover' });
      this.terminal.deliver();
    }
    this.log.warn(LogEvent.reaperReplaced, { why, old: old.pid, pid: child.pid, cgroups: this.cgroups.size, scanned: this.scanned.size });
  }

  private checkStopped(): void {
    const child = this.child;
    // read at once: every 100 ms for the session's life; gone: its exit event does the replacing
    const state = child?.pid === undefined ? undefined : procStatNow(child.pid)?.state;
    if (child && (state === 'T' || state === 't')) this.replace(child, `stopped (state ${state})`);
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
    this.scanned.delete(report.pid);
    for (const [cgroup, { root }] of this.cgroups) {
      if (root !== report.pid) continue;
      this.cgroups.delete(cgroup);
      this.exitFiles.drop(cgroup);
    }
  }
}

/** The reaper process runs: not ended, not a zombie, not stopped. */
function reaperRuns(child: ChildProcess): boolean {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null || child.stdin?.destroyed) return false;
  const now = procStatNow(child.pid);
  return now !== undefined && !isExiting(now) && !/^[TtZX]$/.test(now.state);
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
