// The session host's one job (DESIGN §1): run the program main asks for, with its output
// pipeline, flow control, transcript, process view and shell integration, off main's thread.
// Main keeps the Ctrl+C machine, the decisions, the exit path and the containers; this process
// reports what the program does and follows what main decides (contracts/session-host.ts).
import { isScreenRequestChannel, type ScreenTarget } from '../../../contracts/renderer';
import { handleScreenRequest } from '../../../contracts/renderer-checks';
import { checkCommand, HEARTBEAT_MS, type HostCommand, type HostEvent, type HostStart } from '../../../contracts/session-host';
import { validateConfig } from '../../core/config';
import { DisposableStore, toDisposable, type Disposable } from '../../core/disposable';
import { Emitter } from '../../core/emitter';
import type { Decision, Trigger } from '../../core/exit-decisions';
import type { Logger } from '../../platform/log/log';
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

/** Before the program starts there is nothing to ack or stop; a request is still checked. */
const NO_PROGRAM_YET: ScreenTarget = { ack: () => undefined, stopJob: () => undefined, stopProcess: () => undefined, watchProcesses: () => undefined };

export class SessionHost implements Disposable {
  private readonly disposables = new DisposableStore();
  private readonly decisions: RemoteDecisions;
  private readonly reaper: RemoteReaper;
  private readonly lastWords = this.disposables.add(new Emitter<void>());
  private program: LocalProgram | undefined;
  private screenFeed: ScreenFeed | undefined;
  private starting = false;
  private killGraceMs = 0;
  private readonly log: Logger;

  constructor(private readonly parent: HostParent, private readonly screen: HostScreen) {
    const send = (event: HostEvent): void => parent.send(event);
    this.log = parentLog(parent);
    this.decisions = new RemoteDecisions(send);
    this.reaper = this.disposables.add(new RemoteReaper(send));
    this.disposables.add(parent.onMessage((message) => this.onCommand(message)));
    this.disposables.add(screen.onRequest((channel, args) => this.onScreenRequest(channel, args)));
    const heartbeat = setInterval(() => send({ type: 'heartbeat' }), HEARTBEAT_MS);
    this.disposables.add(toDisposable(() => clearInterval(heartbeat)));
  }

  /** Main is gone or said its last words: a `ripcord stop` waiting is answered, the control socket goes, the program's pty closes. */
  dispose(): void {
    this.lastWords.fire();
    this.disposables.dispose();
  }

  private onCommand(message: unknown): void {
    const checked = checkCommand(message);
    if (!checked.ok) {
      this.log.warn('host.command-dropped', { problem: checked.problem });
      return;
    }
    const command: HostCommand = checked.value;
    const { program } = this;
    switch (command.type) {
      case 'start': void this.start(command.start); return;
      case 'run': program?.run(); return;
      case 'input': program?.input(command.data); return;
      case 'resize': program?.resize(command.cols, command.rows); return;
      case 'decided':
        this.decisions.follow(command);
        program?.beforeDecision();
        program?.decided(command.trigger as Trigger, command.decision as Decision);
        return;
      case 'key-pressed': program?.keyPressed(); return;
      case 'kill-grace': this.killGraceMs = command.ms; return;
      case 'answer': this.reaper.answered(command); return;
      case 'exit': this.lastWords.fire(); return;
    }
  }

  private onScreenRequest(channel: unknown, args: unknown): void {
    const target = this.screenFeed;
    if (!isScreenRequestChannel(channel) || !Array.isArray(args)) {
      this.log.warn('host.screen-request-dropped', { reason: `not a request to the screen: ${String(channel).slice(0, 40)}` });
      return;
    }
    const handled = handleScreenRequest(target ?? NO_PROGRAM_YET, channel, args);
    if (!handled.ok) this.log.warn('host.screen-request-dropped', { reason: `${channel}: ${handled.problem}` });
  }

  private async start(start: HostStart): Promise<void> {
    if (this.starting) {
      this.log.warn('host.command-dropped', { problem: 'start: a program was already started' });
      return;
    }
    this.starting = true;
    const { config, problems } = validateConfig(start.config);
    for (const problem of problems) this.log.warn('host.config-problem', { key: problem.key, message: problem.message });
    this.killGraceMs = config.killGraceMs;
    const started = await LocalProgram.start({
      config,
      log: this.log,
      reaper: this.reaper,
      makeCgroup: this.reaper.makeCgroup,
      cols: start.cols,
      rows: start.rows,
      decisions: this.decisions,
      describedAs: start.describedAs,
      killGraceMs: () => this.killGraceMs,
      onExit: (listener) => this.lastWords.event(listener),
      keyPressesReported: start.keyPressesReported,
      ...(typeof start.appPid === 'number' ? { appPid: start.appPid } : {}),
      ...(start.command ? { command: start.command } : {}),
      ...(start.cwd !== undefined ? { cwd: start.cwd } : {}),
      ...(start.tools ? { tools: start.tools } : {}),
    });
    if (!started.ok) {
      this.parent.send({ type: 'start-failed', error: started.error });
      return;
    }
    const { program } = started;
    this.program = this.disposables.add(program);
    this.screenFeed = this.disposables.add(new ScreenFeed(program, this.screen, this.log));
    this.disposables.add(program.onStartOver(() => this.parent.send({ type: 'start-over' })));
    this.parent.send({ type: 'started', pid: program.pid, containment: { kind: program.container.kind, reason: program.container.reason } });
  }
}
