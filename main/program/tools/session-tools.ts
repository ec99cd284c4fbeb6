// What every host adds to its running session for issue #16: the session control (process
// view, stop), its control socket for `ripcord ps` / `ripcord stop`, the transcript, and the
// hint that offers the stop key while a cancelled job keeps running. SessionLifecycle attaches
// it right after the spawn (before the first output is handed out), and once the start is over
// publishes the control socket and lets the transcript make its file (what came before waits
// in memory); it disposes it with the session. Nothing here is on the exit path; a program's own
// end waits (bounded) for its transcript's file before it is reported.
import type { HintState } from '../../../contracts/renderer';
import type { Event } from '../../core/emitter';
import type { SessionContainer } from '../../platform/containment/session-container';
import type { Session } from '../../platform/pty/session';
import type { RipcordConfig } from '../../core/config';
import { DisposableBase, type Disposable, toDisposable } from '../../core/disposable';
import type { SessionInfo } from '../../../contracts/control-socket';
import { ControlServer } from '../../platform/control/control-server';
import { stateDir, type Logger } from '../../platform/log/log';
import { systemProcessTable } from '../../platform/processes/process-tree';
import { SessionControl } from './session-control';
import { Transcript, transcriptsRoot } from '../../platform/transcript/transcript';

/** How long a program's own end waits for its transcript's file (a hung disk delays that exit by no more). */
const TRANSCRIPT_AT_END_MAX_MS = 250;
/** After a cancel, a job still in the foreground this much later is "still running" (it ignored INT). */
const STILL_RUNNING_AFTER_MS = 300;
export interface SessionToolsOptions {
  config: RipcordConfig;
  /** the grace of a job stop, as the settings say when the stop starts (they may be edited) */
  killGraceMs: () => number;
  log: Logger;
  host: SessionInfo['host'];
  /** what runs, for `ripcord ps` and the transcript header */
  command: string;
  cols: number;
  rows: number;
  /** the double-press interval's time left, on the Ctrl+C machine's clock (CtrlCState.hintRemainingMs) */
  hintRemainingMs: () => number;
  /** the exit path's last words (SessionExits.onExit): the socket is answered and removed there */
  onExit: (listener: () => void) => Disposable;
  /** default: $XDG_STATE_HOME/ripcord/transcripts */
  transcriptsDir?: string;
  /** one pane of a window: the session is named by its root's pid (this process runs every pane of it) and listed with its tab */
  window?: { tab(): number | undefined };
}

/** What the tools watch of the running program (GuardedSession, which attaches them). */
export interface ToolsTarget {
  readonly session: Pick<Session, 'pid' | 'startTime' | 'rootHoldsForeground'>;
  readonly container: Pick<SessionContainer, 'members'>;
  /** the shell integration's directory, when the shell was integrated */
  readonly integrationDir: string | undefined;
  /** all the program printed */
  readonly onProgramOutput: Event<string>;
  readonly onResize: Event<{ cols: number; rows: number }>;
  /** the double-press hint, without the tools' part */
  onHint(listener: (hint: HintState) => void): Disposable;
  /** what the root's end waits for before it is reported */
  waitBeforeEndReport(wait: () => Promise<void>): void;
}

export class SessionTools extends DisposableBase {
  readonly control: SessionControl;
  readonly transcript: Transcript | undefined;
  private server: ControlServer | undefined;
  private publishing = false;
  private disposed = false;
  private readonly startedAt = Date.now();

  private constructor(
    private readonly guarded: ToolsTarget,
    private readonly options: SessionToolsOptions,
  ) {
    super();
    const { config, log } = options;
    if (config.transcripts) {
      const transcript = new Transcript({
        root: options.transcriptsDir ?? transcriptsRoot(stateDir()),
        cols: options.cols,
        rows: options.rows,
        command: options.command,
        log,
      });
      this.transcript = transcript;
      // what the program printed, exit requests and the marks' secret taken out
      this.register(guarded.onProgramOutput((data) => transcript.output(data)));
      this.register(guarded.onResize(({ cols, rows }) => transcript.resize(cols, rows)));
      this.register(transcript);
      // a program that ends by itself is reported ended once its output is in the file: a session of milliseconds keeps its transcript too
      guarded.waitBeforeEndReport(() => transcript.whenWritten(TRANSCRIPT_AT_END_MAX_MS));
    }
    const tables = systemProcessTable();
    if (!tables.ok) throw new Error('no process table'); // not reached: the session could not have started
    this.control = new SessionControl({
      root: { pid: guarded.session.pid, startTime: guarded.session.startTime },
      table: tables.value,
      killGraceMs: options.killGraceMs,
      log,
      transcript: this.transcript?.dir ?? null,
      rootCommand: guarded.integrationDir === undefined ? undefined : { asStarted: options.command, wrapperMark: guarded.integrationDir },
      // who belongs to the session: its container (the cgroup, or the process scan)
      members: { listMembers: () => guarded.container.members() },
    });
    // every way out removes the socket and answers a stop the session's end overtook
    this.register(options.onExit(() => this.server?.closeAtExit()));
  }

  static attach(guarded: ToolsTarget, options: SessionToolsOptions): SessionTools {
    return new SessionTools(guarded, options);
  }

  /**
   * The start is over: the transcript makes its file, and the session becomes reachable for
   * `ripcord ps` / `ripcord stop` (once; nothing after dispose).
   */
  startIsOver(): void {
    if (this.publishing || this.disposed) return;
    this.publishing = true;
    this.transcript?.begin();
    void this.publishNow();
  }

  /**
   * The double-press hint, plus the stop key while the cancelled job is still running: a job
   * that still holds the terminal shortly after the cancel ignored or survived the interrupt.
   */
  onHint(listener: (hint: HintState) => void): Disposable {
    let check: ReturnType<typeof setTimeout> | undefined;
    let latest: HintState | undefined;
    const subscription = this.guarded.onHint((hint) => {
      clearTimeout(check);
      check = undefined;
      latest = hint;
      listener(hint);
      if (!hint.visible) return;
      // what a second press ends, by name (issue #44): told as soon as it is known
      void this.control.whatEnds().then(
        (ends) => {
          const remainingMs = this.options.hintRemainingMs();
          if (ends && remainingMs > 0 && latest?.visible) {
            latest = { ...latest, remainingMs, ends };
            listener(latest);
          }
        },
        () => undefined,
      );
      const mine = setTimeout(() => {
        void this.guarded.session.rootHoldsForeground().then((holds) => {
          const remainingMs = this.options.hintRemainingMs();
          // only if no newer hint came meanwhile
          if (!holds && remainingMs > 0 && check === mine) {
            latest = { ...latest, visible: true, remainingMs, jobStillRunning: true };
            listener(latest);
          }
        });
      }, STILL_RUNNING_AFTER_MS);
      check = mine;
    });
    return toDisposable(() => {
      clearTimeout(check);
      check = undefined;
      subscription.dispose();
    });
  }

  override dispose(): void {
    this.disposed = true;
    super.dispose();
  }

  private async publishNow(): Promise<void> {
    const published = await ControlServer.publish({
      control: this.control,
      log: this.options.log,
      info: () => {
        const tab = this.options.window?.tab();
        const id = this.options.window ? this.guarded.session.pid : process.pid;
        return { id, host: this.options.host, command: this.options.command, startedAt: this.startedAt, tab };
      },
    });
    if (!published.ok) {
      this.options.log.warn('control.unpublished', { error: published.error });
      return;
    }
    // a store already disposed disposes what is added to it: a socket published too late is removed at once
    this.server = this.register(published.value);
  }
}
