// One program in a pty (DESIGN §4). The only importer of node-pty. node-pty's forkpty makes
// the root a session and process-group leader and resets every signal disposition in the
// child before exec (signal-hygiene.ts has the measurement notes).
import { LogEvent } from '../../core/log-events';
import path from 'node:path';
import * as pty from 'node-pty';
import { CTRL_C } from '../../core/control-chars';
import { DisposableBase, type Disposable, toDisposable } from '../../core/disposable';
import { Emitter } from '../../core/emitter';
import type { EventLog } from '../log/event-log';
import type { ProcessTable } from '../processes/process-table';
import { close } from 'node:fs';
import { openTerminalNow, procNow } from '../files/kernel-reads';
import { PtyWriter } from './pty-writer';
import { systemProcessTable } from '../processes/process-tree';
import { watchRootExit, watchRootStops } from './root-exit-watch';
import { ForegroundWatch } from './foreground-watch';
import { SettleTimer } from './settle-timer';
import { DESKTOP_TERMINAL_ENV, newSessionId, sessionEnvironment } from './session-env';
import { queuedWrites, slaveDevice } from './node-pty-internals';
import { checkCwd, resolveProgram } from './program-file';
import { readCommandLine } from '../processes/proc-files';
import { checkHostSignalMask } from './signal-hygiene';
import type { Result } from '../../../contracts/result';

/** After node-pty reports the exit, wait for this much quiet on the data stream... */
const EXIT_SETTLE_MS = 10;
/** ...but never longer than this: the exit must reach the host promptly. */
const EXIT_SETTLE_MAX_MS = 250;
/**
 * Once the root is gone, the pty is read until EXIT_SETTLE_MS of quiet (its last output is
 * already in the pty), for this long at most, then closed so node-pty reports the exit.
 */
const ROOT_GONE_DRAIN_MAX_MS = 40;
/** Output kept for the first data listener (it subscribes after spawnSession resolves). */
const EARLY_OUTPUT_MAX_CHARS = 1_000_000;
/**
 * The pty is closed only once the writes under way (node-pty's queue, the input writer's writev) are done (polled this often, for this
 * long at most): closing the descriptor under a write in the thread pool makes node-pty print
 * "Unhandled pty write error [Error: EBADF …]" on our stderr. A loaded machine can keep a
 * small write waiting for the pool for tens of ms; a program that reads no input can keep the
 * queue full for ever, hence the bound, which only such a session's end waits out.
 */
const CLOSE_AFTER_WRITES_POLL_MS = 1;
const CLOSE_AFTER_WRITES_MAX_MS = 250;

export interface SessionOptions {
  file?: string; // default $SHELL, else /bin/sh
  args?: string[];
  cwd?: string; // default $HOME, else the host's cwd
  env?: Record<string, string>; // the settings' env, laid over the host's environment (session-env.ts)
  /** `ripcord run`: keep the outer terminal's TERM/COLORTERM (default: the desktop's xterm.js) */
  inheritTerminalType?: boolean;
  /** argv that runs first and execs the program (containment-spawn.ts: the cgroup join shim) */
  launcher?: readonly string[];
  cols: number;
  rows: number;
  log?: EventLog;
}
export type SpawnResult = Result<Session>;
export interface SessionExit {
  exitCode: number;
  signal?: number;
}

let hostMaskChecked = false;

export async function spawnSession(options: SessionOptions): Promise<SpawnResult> {
  const tables = systemProcessTable();
  if (!tables.ok) return { ok: false, error: tables.error };
  const id = newSessionId();
  const terminal = options.inheritTerminalType ? 'inherit' : DESKTOP_TERMINAL_ENV;
  const env = sessionEnvironment({ base: process.env, terminal, settings: options.env, sessionId: id });
  const file = options.file || process.env.SHELL || '/bin/sh';
  const cwd = path.resolve(options.cwd || process.env.HOME || process.cwd());
  const dir = checkCwd(cwd);
  const program = resolveProgram(file, env.PATH ?? '', cwd);
  await checkMaskOnce(options.log);
  if (dir) return { ok: false, error: dir };
  if (!program.ok) return program;
  let proc: pty.IPty;
  try {
    const [file0, ...argv] = [...(options.launcher ?? []), program.value, ...(options.args ?? [])] as [string, ...string[]];
    // node-pty sets TERM to `name`; without one (a bare environment) the honest answer is "dumb".
    proc = pty.spawn(file0, argv, { name: env.TERM ?? 'dumb', cols: options.cols, rows: options.rows, cwd, env });
  } catch (err) {
    return { ok: false, error: `cannot start "${file}": ${err instanceof Error ? err.message : String(err)}` };
  }
  // subscribe before the first await: node-pty drops events nobody listens to yet
  const session = new Session(proc, tables.value, id);
  session.holdTerminal();
  const now = systemProcessTable(process.platform, procNow);
  await session.readStartTime(now.ok ? now.value : tables.value);
  options.log?.event(LogEvent.sessionSpawned, {
    childPid: proc.pid,
    sessionId: id,
    file: program.value,
    cwd,
    startTime: session.startTime,
  });
  return { ok: true, value: session };
}

/** Children inherit the host thread's signal mask: checked (and logged) at the first spawn. */
async function checkMaskOnce(log: EventLog | undefined): Promise<void> {
  if (!log || hostMaskChecked) return;
  hostMaskChecked = true;
  await checkHostSignalMask(log);
}

export class Session extends DisposableBase {
  readonly pid: number;
  private readonly data = this.register(new Emitter<string>());
  private readonly exited = this.register(new Emitter<SessionExit>());
  private readonly foreground = this.register(new ForegroundWatch(() => this.rootHoldsForeground()));
  private readonly stopChanged = this.register(new Emitter<boolean>());
  private stopWatch: Disposable | undefined;
  private exit: SessionExit | undefined;
  private reportedExit: SessionExit | undefined;
  private early: string[] | undefined = [];
  private earlyFlush: NodeJS.Immediate | undefined;
  private earlyChars = 0;
  private rootStartTime = 0;
  private readonly exitSettle = new SettleTimer(EXIT_SETTLE_MS, EXIT_SETTLE_MAX_MS, () => this.reportExit());
  private readonly rootGoneDrain = new SettleTimer(EXIT_SETTLE_MS, ROOT_GONE_DRAIN_MAX_MS, () => this.closePty());
  private ptyClosed = false;
  /** a descriptor of the pty's slave side, held by the host until it closes the pty (holdTerminal) */
  private slave: number | undefined;
  private disposed = false;
  /** input towards the program (node-pty's writer when it does not say its descriptor) */
  private readonly writer: PtyWriter | undefined;

  /** @param id RIPCORD_SESSION in the program's environment */
  constructor(
    private readonly proc: pty.IPty,
    private readonly table: ProcessTable,
    readonly id: string,
  ) {
    super();
    this.pid = proc.pid;
    const { fd } = proc as pty.IPty & { fd?: number };
    this.writer = typeof fd === 'number' ? this.register(new PtyWriter(fd)) : undefined;
    this.register(
      proc.onData((data) => {
        this.exitSettle.activity(); // still draining: keep waiting
        this.rootGoneDrain.activity();
        if (!this.early) {
          this.data.fire(data);
        } else if (this.earlyChars < EARLY_OUTPUT_MAX_CHARS) {
          this.early.push(data);
          this.earlyChars += data.length;
        }
      }),
    );
    this.register(
      proc.onExit(({ exitCode, signal }) => {
        this.exit = signal ? { exitCode, signal } : { exitCode };
        this.foreground.stop();
        // once ripcord closed the pty no more data can come: nothing to settle
        if (this.ptyClosed) this.reportExit();
        else this.exitSettle.start();
      }),
    );
    this.register(watchRootExit(proc.pid, () => this.rootGoneDrain.start()));
    this.register(this.exitSettle);
    this.register(this.rootGoneDrain);
    this.register(
      toDisposable(() => {
        clearImmediate(this.earlyFlush);
        this.early = undefined;
      }),
    );
  }

  /**
   * Holds the pty's slave side open until closePty: otherwise the root's exit makes the master
   * read EIO, node-pty closes the descriptor at once, and a write of ours still queued in the
   * thread pool (the end of piped input, keys typed at that moment) fails with EBADF, which
   * node-pty prints on stderr. With the slave held, only closePty closes, after those writes;
   * the root's end is seen by root-exit-watch.ts as when its children hold the pty.
   */
  holdTerminal(): void {
    const device = slaveDevice(this.proc);
    this.slave = device === undefined ? undefined : openTerminalNow(device);
  }

  /** /proc/<pid>/stat field 22 of the root; 0 when the root was gone before it could be read. */
  get startTime(): number {
    return this.rootStartTime;
  }

  /** @internal spawnSession reads it once, right after the spawn, from /proc read at once (the start waits for it) */
  async readStartTime(table: ProcessTable): Promise<void> {
    this.rootStartTime = (await table.lookup(this.pid))?.startTime ?? 0;
  }

  /**
   * Output produced before the first listener subscribed is delivered to the listeners in a
   * later turn, as a fresh chunk from the pty would be, so a host that finishes wiring up
   * after subscribing still sees it; later output follows in order.
   */
  onData(listener: (data: string) => void): Disposable {
    if (this.early && !this.earlyFlush) this.earlyFlush = setImmediate(() => this.flushEarly());
    return this.data.event(listener);
  }

  /** Fires once, after the last data; a listener that comes after the exit gets it in a later
   * turn, still after any output the data listeners have not seen yet. */
  onExit(listener: (exit: SessionExit) => void): Disposable {
    const reported = this.reportedExit;
    if (!reported) return this.exited.event(listener);
    const late = setImmediate(() => {
      if (this.earlyFlush) this.flushEarly();
      listener(reported);
    });
    return toDisposable(() => clearImmediate(late));
  }
  /** After cancel(): fires once when the root holds the terminal's foreground again. */
  readonly onForegroundReturned = this.foreground.onReturned;
  /**
   * true when the root was stopped (it stopped itself: SIGSTOP), false when it runs again.
   * Watched from the first subscription on, which must come after the program was let run:
   * the containment shim holds it stopped until then (DESIGN §4).
   */
  onRootStopped(listener: (stopped: boolean) => void): Disposable {
    if (!this.stopWatch && !this.disposed) {
      this.stopWatch = this.register(
        watchRootStops(
          this.pid,
          async (pid) => (await this.table.lookup(pid))?.state,
          (stopped) => this.stopChanged.fire(stopped),
        ),
      );
    }
    return this.stopChanged.event(listener);
  }

  /** Input for the program; nothing once the pty is closed (the program is gone, or the session ends). */
  write(data: string): void {
    if (this.disposed || this.ptyClosed) return;
    if (this.writer) this.writer.write(data);
    else this.proc.write(data);
  }

  /** Bytes of input written and not yet taken by the pty (the program does not read). */
  get queuedInputBytes(): number {
    return this.writer?.queuedBytes ?? 0;
  }

  resize(cols: number, rows: number): void {
    if (this.disposed || this.exit || !(cols > 0 && rows > 0)) return;
    this.proc.resize(Math.floor(cols), Math.floor(rows));
  }

  /**
   * Writes ^C (the line discipline turns it into SIGINT for the foreground job) ahead of input
   * still waiting, which it drops (returns how many bytes), and watches the foreground. `inPty`:
   * called once the ^C is in the pty.
   */
  cancel(inPty: () => void = () => undefined): number {
    if (this.disposed) {
      inPty();
      return 0;
    }
    let dropped = 0;
    if (this.writer) dropped = this.writer.interrupt(inPty);
    else {
      // node-pty's own writer: it writes at once when the pty takes it
      this.proc.write(CTRL_C);
      inPty();
    }
    if (!this.exit) this.foreground.start();
    return dropped;
  }

  pause(): void {
    this.proc.pause();
  }
  resume(): void {
    this.proc.resume();
  }

  /** Linux: tpgid of /proc/<root>/stat equals the root's process group. */
  async rootHoldsForeground(): Promise<boolean> {
    const root = await this.table.lookup(this.pid);
    return root !== undefined && root.startTime === this.startTime && root.tpgid === root.pgrp;
  }

  /** The root's argv as it runs now, after any exec (`env … bash` is bash); undefined without /proc. */
  rootCommandLine(): Promise<string[] | undefined> {
    return readCommandLine(this.pid);
  }

  override dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    super.dispose();
    this.closePty();
  }

  /**
   * Closes the master side: the kernel hangs up the terminal, and node-pty SIGHUPs the root and
   * reports its exit. destroy() is node-pty's own Unix method, missing from its typings. The
   * staged kill of what is left is the reaper's job.
   */
  private closePty(deadline = performance.now() + CLOSE_AFTER_WRITES_MAX_MS): void {
    if (this.ptyClosed) return;
    if ((queuedWrites(this.proc) > 0 || this.writer?.writing === true) && performance.now() < deadline && !this.disposed) {
      setTimeout(() => this.closePty(deadline), CLOSE_AFTER_WRITES_POLL_MS);
      return;
    }
    this.ptyClosed = true;
    if (this.slave !== undefined) close(this.slave, () => undefined);
    this.slave = undefined;
    const closable = this.proc as pty.IPty & { destroy?: () => void };
    if (closable.destroy) closable.destroy();
    else this.proc.kill('SIGHUP');
  }

  private reportExit(): void {
    if (this.earlyFlush) this.flushEarly(); // the exit comes after the last data
    const exit = this.exit as SessionExit;
    this.reportedExit = exit;
    this.exited.fire(exit);
    this.exited.dispose();
  }

  private flushEarly(): void {
    clearImmediate(this.earlyFlush);
    this.earlyFlush = undefined;
    const early = this.early;
    this.early = undefined;
    if (early && early.length > 0) {
      const data = early.join('');
      this.data.fire(data);
    }
  }
}
