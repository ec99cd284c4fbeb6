// The session host's one job (DESIGN §1): run the programs main asks for — one per pane — with
// their output pipelines, flow control, transcripts, process views and shell integration, off
// main's thread.
// Main keeps the Ctrl+C machine, the decisions, the exit path and the containers; this process
// reports what the program does and follows what main decides (contracts/session-host.ts).
import { isScreenRequestChannel, type ScreenTarget } from '../../../contracts/renderer';
import { handleScreenRequest, parsePaneRequest } from '../../../contracts/renderer-checks';
import { checkCommand, HEARTBEAT_MS, type HostCommand, type HostEvent, type HostStart, type ProgramEvent } from '../../../contracts/session-host';
import type { PaneId } from '../../../contracts/panes';
import { validateConfig } from '../../core/config';
import { DisposableStore, toDisposable, type Disposable } from '../../core/disposable';
import { Emitter } from '../../core/emitter';
import type { Decision, Trigger } from '../../core/exit-decisions';
import type { Logger } from '../../platform/log/log';
import { readWorkingDirectory } from '../../platform/processes/proc-files';
import { LocalProgram } from '../local-program';
import { ScreenFeed, type ScreenChannel } from '../screen-feed';
import { RemoteDecisions } from './remote-decisions';
import { RemoteReaper } from './remote-reaper';
import { parentLog } from './host-log';

/** Main, as the host hears and answers it: Node's IPC channel, or Electron's parentPort. */
export interface HostParent {
  send(event: HostEvent): void;
  onMessage(listener: (message: unknown) => void): Disposable;
}

/** The page's screen: events out, and its requests (acks, the process view) in, still unchecked. */
export interface HostScreen extends ScreenChannel {
  onRequest(listener: (channel: unknown, args: unknown) => void): Disposable;
}

/** A pane whose program has not started (or has closed) has nothing to ack or stop; a request is still checked. */
const NO_PROGRAM: ScreenTarget = { ack: () => undefined, stopJob: () => undefined, stopProcess: () => undefined, watchProcesses: () => undefined };

/** One pane's program here, with what it reports to main and shows in the page. */
interface HostedPane extends Disposable {
  readonly decisions: RemoteDecisions;
  program?: LocalProgram;
  screenFeed?: ScreenFeed;
}

export class SessionHost implements Disposable {
  private readonly disposables = new DisposableStore();
  private readonly reaper: RemoteReaper;
  private readonly lastWords = this.disposables.add(new Emitter<void>());
  private readonly panes = new Map<PaneId, HostedPane>();
  private killGraceMs = 0;
  /** each pane's tab number, as main last said */
  private tabs = new Map<PaneId, number>();
  private readonly log: Logger;

  constructor(private readonly parent: HostParent, private readonly screen: HostScreen) {
    this.log = parentLog(parent);
    this.reaper = this.disposables.add(new RemoteReaper((event) => parent.send(event)));
    this.disposables.add(parent.onMessage((message) => this.onCommand(message)));
    this.disposables.add(screen.onRequest((channel, args) => this.onScreenRequest(channel, args)));
    const heartbeat = setInterval(() => parent.send({ type: 'heartbeat' }), HEARTBEAT_MS);
    this.disposables.add(toDisposable(() => clearInterval(heartbeat)));
  }

  /** Main is gone or said its last words: a `ripcord stop` waiting is answered, the control sockets go, the programs' ptys close. */
  dispose(): void {
    this.lastWords.fire();
    for (const pane of this.panes.values()) pane.dispose();
    this.panes.clear();
    this.disposables.dispose();
  }

  private onCommand(message: unknown): void {
    const checked = checkCommand(message);
    if (!checked.ok) {
      this.log.warn('host.command-dropped', { problem: checked.problem });
      return;
    }
    const command: HostCommand = checked.value;
    switch (command.type) {
      case 'kill-grace': this.killGraceMs = command.ms; return;
      case 'answer': this.reaper.answered(command); return;
      case 'exit':
        this.lastWords.fire();
        // main waits for this before it exits: what the last words wrote is on its way first
        this.parent.send({ type: 'last-words' });
        return;
      case 'tabs': this.tabs = new Map(Object.entries(command.tabs)); return;
      case 'start': void this.start(command.pane, command.start); return;
    }
    const pane = this.panes.get(command.pane);
    const program = pane?.program;
    switch (command.type) {
      case 'run': program?.run(); return;
      case 'input': program?.input(command.data); return;
      case 'resize': program?.resize(command.cols, command.rows); return;
      case 'decided':
        pane?.decisions.follow(command);
        program?.beforeDecision();
        program?.decided(command.trigger as Trigger, command.decision as Decision);
        return;
      case 'key-pressed': program?.keyPressed(); return;
      case 'close':
        pane?.dispose();
        this.panes.delete(command.pane);
        return;
    }
  }

  private onScreenRequest(channel: unknown, args: unknown): void {
    if (!isScreenRequestChannel(channel) || !Array.isArray(args)) {
      this.log.warn('host.screen-request-dropped', { reason: `not a request to the screen: ${String(channel).slice(0, 40)}` });
      return;
    }
    const request = parsePaneRequest(args);
    const handled = request.ok ? handleScreenRequest(this.panes.get(request.value.pane)?.screenFeed ?? NO_PROGRAM, channel, request.value.args) : request;
    if (!handled.ok) this.log.warn('host.screen-request-dropped', { reason: `${channel}: ${handled.error}` });
  }

  private async start(id: PaneId, start: HostStart): Promise<void> {
    if (this.panes.has(id)) {
      this.log.warn('host.command-dropped', { problem: `start: pane ${id} was already started` });
      return;
    }
    const send = (event: ProgramEvent): void => this.parent.send({ ...event, pane: id });
    const store = new DisposableStore();
    const pane: HostedPane = { decisions: new RemoteDecisions(send), dispose: () => store.dispose() };
    this.panes.set(id, pane);
    const { config, problems } = validateConfig(start.config);
    for (const problem of problems) this.log.warn('host.config-problem', { key: problem.key, message: problem.message });
    this.killGraceMs = config.killGraceMs;
    const reaper = this.reaper.forPane(id);
    const cwdFrom = start.cwdFrom === undefined ? undefined : this.panes.get(start.cwdFrom)?.program?.pid;
    const cwd = cwdFrom === undefined ? start.cwd : ((await readWorkingDirectory(cwdFrom)) ?? start.cwd);
    const started = await LocalProgram.start({
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
      ...(start.command ? { command: start.command } : {}),
      ...(cwd !== undefined ? { cwd } : {}),
      ...(start.tools ? { tools: start.tools } : {}),
    });
    if (!started.ok) {
      send({ type: 'start-failed', error: started.error });
      return;
    }
    const { program } = started;
    if (this.panes.get(id) !== pane) {
      // closed while it started: main killed its container already
      program.dispose();
      return;
    }
    pane.program = store.add(program);
    pane.screenFeed = store.add(new ScreenFeed(program, paneScreen(this.screen, id), this.log));
    store.add(program.onStartOver(() => send({ type: 'start-over' })));
    const transcript = program.transcript?.dir;
    send({ type: 'started', pid: program.pid, containment: { kind: program.container.kind, reason: program.container.reason }, ...(transcript === undefined ? {} : { transcript }) });
  }
}

/** One pane's part of the page's screen: each event names the pane. */
function paneScreen(screen: ScreenChannel, pane: PaneId): ScreenChannel {
  return { send: (channel, ...args) => screen.send(channel, pane, ...args) };
}
