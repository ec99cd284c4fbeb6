// The session host's one job (DESIGN §1): run the programs main asks for — one per pane — with
// their output pipelines, flow control, transcripts, process views and shell integration, off
// main's thread.
// Main keeps the Ctrl+C machine, the decisions, the exit path and the containers; this process
// reports what the program does and follows what main decides (contracts/session-host.ts).
import { isScreenRequestChannel, type ScreenTarget } from '../../contracts/renderer';
import { handleScreenRequest, parsePaneRequest } from '../../contracts/renderer-checks';
import { DecisionService, HOST_HEARTBEAT_MS, ProgramService, type HostStart } from '../../contracts/session-host';
import { proxyOf, serve, type MessageLink, type ServiceProxy } from '../../contracts/service';
import type { PaneId } from '../../contracts/panes';
import { validateConfig } from '../core/config-validation';
import { DisposableBase, DisposableStore, toDisposable, type Disposable } from '../core/disposable';
import { Emitter } from '../core/emitter';
import type { Logger } from '../platform/log/log';
import { readWorkingDirectory } from '../platform/processes/proc-files';
import { GuardedSession } from '../program/guarded-session';
import { ScreenFeed, type ScreenChannel } from '../program/screen-feed';
import { parentLog } from './host-log';
import { paneDecisions, paneReaper } from './pane-link';

/** The page's screen: events out, and its requests (acks, the process view) in, still unchecked. */
export interface HostScreen extends ScreenChannel {
  onRequest(listener: (channel: unknown, args: unknown) => void): Disposable;
}

/** A pane whose program has not started (or has closed) has nothing to ack or stop; a request is still checked. */
const NO_PROGRAM: ScreenTarget = {
  ack: () => undefined,
  stopJob: () => undefined,
  stopProcess: () => undefined,
  watchProcesses: () => undefined,
};

/** One pane's program here, with what it reports to main and shows in the page. */
interface HostedPane extends Disposable {
  readonly decisions: ReturnType<typeof paneDecisions>;
  program?: GuardedSession;
  screenFeed?: ScreenFeed;
}

/**
 * The host's side of the boundary: main's ProgramService served here (each command checked once,
 * then routed to its pane), main's DecisionService proxied to it.
 */
export class PanePrograms extends DisposableBase {
  private readonly main: ServiceProxy<typeof DecisionService>;
  private readonly lastWords = this.register(new Emitter<void>());
  private readonly panes = new Map<PaneId, HostedPane>();
  private killGraceMs = 0;
  /** each pane's tab number, as main last said */
  private tabs = new Map<PaneId, number>();
  private readonly log: Logger;

  /** `parent`: main, as the host hears and answers it (Node's IPC channel, or Electron's parentPort) */
  constructor(
    parent: MessageLink,
    private readonly screen: HostScreen,
  ) {
    super();
    const dropped = (problem: string): void => this.log.warn('host.command-dropped', { problem });
    this.main = this.register(proxyOf(DecisionService, parent, dropped));
    this.log = parentLog(parent);
    this.register(serve(ProgramService, this.fromMain(), parent, dropped));
    this.register(screen.onRequest((channel, args) => this.onScreenRequest(channel, args)));
    const heartbeat = setInterval(() => this.main.heartbeat({}), HOST_HEARTBEAT_MS);
    this.register(toDisposable(() => clearInterval(heartbeat)));
  }

  /** Main is gone or said its last words: a `ripcord stop` waiting is answered, the control sockets go, the programs' ptys close. */
  override dispose(): void {
    this.lastWords.fire();
    for (const pane of this.panes.values()) pane.dispose();
    this.panes.clear();
    super.dispose();
  }

  /** Main's commands (ProgramService), each for its pane's program; one for a pane not started here does nothing. */
  private fromMain(): ProgramService {
    const program = (pane: PaneId): GuardedSession | undefined => this.panes.get(pane)?.program;
    return {
      start: ({ pane, start }) => void this.start(pane, start),
      run: ({ pane }) => program(pane)?.run(),
      input: ({ pane, data }) => program(pane)?.input(data),
      resize: ({ pane, cols, rows }) => program(pane)?.resize(cols, rows),
      decided: ({ pane, trigger, decision, hintRemainingMs }) => {
        this.panes.get(pane)?.decisions.follow(decision, hintRemainingMs);
        program(pane)?.beforeDecision();
        program(pane)?.decided(trigger, decision);
      },
      keyPressed: ({ pane }) => program(pane)?.keyPressed(),
      close: ({ pane }) => {
        this.panes.get(pane)?.dispose();
        this.panes.delete(pane);
      },
      killGrace: ({ ms }) => {
        this.killGraceMs = ms;
      },
      tabs: ({ tabs }) => {
        this.tabs = new Map(Object.entries(tabs));
      },
      exit: () => {
        this.lastWords.fire();
        // main waits for this before it exits: what the last words wrote is on its way first
        this.main.lastWords({});
      },
    };
  }

  private onScreenRequest(channel: unknown, args: unknown): void {
    if (!isScreenRequestChannel(channel) || !Array.isArray(args)) {
      this.log.warn('host.screen-request-dropped', { reason: `not a request to the screen: ${String(channel).slice(0, 40)}` });
      return;
    }
    const request = parsePaneRequest(args);
    const handled = request.ok
      ? handleScreenRequest(this.panes.get(request.value.pane)?.screenFeed ?? NO_PROGRAM, channel, request.value.args)
      : request;
    if (!handled.ok) this.log.warn('host.screen-request-dropped', { reason: `${channel}: ${handled.error}` });
  }

  private async start(id: PaneId, start: HostStart): Promise<void> {
    if (this.panes.has(id)) {
      this.log.warn('host.command-dropped', { problem: `start: pane ${id} was already started` });
      return;
    }
    const { main } = this;
    const store = new DisposableStore();
    const pane: HostedPane = { decisions: paneDecisions(main, id), dispose: () => store.dispose() };
    this.panes.set(id, pane);
    const { config, problems } = validateConfig(start.config);
    for (const problem of problems) this.log.warn('host.config-problem', { key: problem.key, message: problem.message });
    this.killGraceMs = config.killGraceMs;
    const reaper = paneReaper(main, id);
    const cwdFrom = start.cwdFrom === undefined ? undefined : this.panes.get(start.cwdFrom)?.program?.pid;
    const cwd = cwdFrom === undefined ? start.cwd : ((await readWorkingDirectory(cwdFrom)) ?? start.cwd);
    const started = await GuardedSession.start({
      config,
      log: this.log,
      reaper,
      makeCgroup: reaper.makeCgroup,
      cols: start.cols,
      rows: start.rows,
      decisions: pane.decisions,
      describedAs: start.describedAs,
      killGraceMs: () => this.killGraceMs,
      onExit: (listener) => this.lastWords.event(listener),
      keyPressesReported: start.keyPressesReported,
      window: { tab: () => this.tabs.get(id) },
      command: start.command,
      cwd,
      hostKind: start.hostKind,
    });
    if (!started.ok) {
      main.startFailed({ pane: id, error: started.error });
      return;
    }
    const program = started.value;
    if (this.panes.get(id) !== pane) {
      // closed while it started: main killed its container already
      program.dispose();
      return;
    }
    pane.program = store.add(program);
    pane.screenFeed = store.add(new ScreenFeed(program, paneScreen(this.screen, id), this.log));
    store.add(program.onStartOver(() => main.startOver({ pane: id })));
    main.started({
      pane: id,
      pid: program.pid,
      containment: { kind: program.container.kind, reason: program.container.reason },
      transcript: program.transcript?.dir,
    });
  }
}

/** One pane's part of the page's screen: each event names the pane. */
function paneScreen(screen: ScreenChannel, pane: PaneId): ScreenChannel {
  return { send: (channel, ...args) => screen.send(channel, pane, ...args) };
}
