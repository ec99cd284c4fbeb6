import { checkEvent, HEARTBEAT_MS, HOST_HUNG_AFTER_MS } from '../../contracts/session-host';
import { DisposableStore, toDisposable, type Disposable } from '../core/disposable';
import { Emitter } from '../core/emitter';
import type { SessionReaper } from '../platform/containment/containment-spawn';
import type { Logger } from '../platform/log/log';
import { readProcStat } from '../platform/processes/proc-files';
import type { ProgramLauncher } from '../program/running-program';
import { panesOf, type PaneId, type WindowLayout } from '../../contracts/panes';
import { HostedProgram, type HostLink } from './hosted-program';
import { hostLine } from '../session-host/host-log';

/** The session host's process, as its starter gives it: Electron's utilityProcess or child_process.fork. */
export interface HostProcess extends HostLink {
  readonly pid: number | undefined;
  onExit(listener: (why: string) => void): Disposable;
  /** SIGKILL: a stopped or hung host cannot be asked to go */
  kill(): void;
}

/** How the host is doing, as main can tell from its messages, its end and /proc. */
export type HostState = 'running' | 'hung' | 'stopped' | 'gone';

/** A host silent this long is looked at in /proc: stopped (T) is said at once, hung after HOST_HUNG_AFTER_MS. */
const LOOK_AFTER_SILENCE_MS = 2 * HEARTBEAT_MS;

/**
 * Main's session host (DESIGN §1): starts programs there (launch) and watches it — its end, a
 * stop (state T in /proc) and its silence (no heartbeat for HOST_HUNG_AFTER_MS) become states
 * the windows show. A host that stopped or died leaves its sessions unguarded: main kills their
 * containers at once (the reaper's killAll), and a stopped host with them; a hung one is only
 * reported. No new host is started: a window's session lives and dies with its host, and the
 * quit paths are main's alone.
 */
export class SessionHostProcess implements Disposable {
  private readonly disposables = new DisposableStore();
  private readonly states = this.disposables.add(new Emitter<{ state: HostState; why: string }>());
  private state: HostState = 'running';
  private lastHeard: number;
  private looking = false;

  /** The host changed state: why, in words for the window. */
  readonly onState = this.states.event;

  constructor(private readonly host: HostProcess, private readonly reaper: SessionReaper, private readonly log: Logger, private readonly clock: () => number = () => performance.now()) {
    this.lastHeard = clock();
    this.disposables.add(host.onMessage((message) => this.heard(message)));
    this.disposables.add(host.onExit((why) => this.become('gone', `the session host ended (${why})`)));
    const watch = setInterval(() => void this.look(), HEARTBEAT_MS);
    watch.unref?.();
    this.disposables.add(toDisposable(() => clearInterval(watch)));
  }

  get pid(): number | undefined {
    return this.host.pid;
  }

  get current(): HostState {
    return this.state;
  }

  /** ms since main last heard from the host (it sends a heartbeat every HEARTBEAT_MS) */
  get silentMs(): number {
    return this.clock() - this.lastHeard;
  }

  /** Where a pane's lifecycle starts its program: in this host, under the pane's id (in `cwdFrom`'s directory, when given). */
  launcher(pane: PaneId, cwdFrom?: PaneId): ProgramLauncher {
    return (options) => HostedProgram.launch(this.host, pane, { ...options, reaper: this.reaper, ...(cwdFrom === undefined ? {} : { cwdFrom }) });
  }

  /** The window's layout changed: each pane's tab number, for `ripcord ps`. */
  placeTabs(layout: WindowLayout): void {
    const tabs: Record<PaneId, number> = {};
    layout.tabs.forEach((tab, index) => {
      for (const pane of panesOf(tab.root)) tabs[pane] = index + 1;
    });
    this.host.send({ type: 'tabs', tabs });
  }

  /**
   * Main's exit (inside its exit path): a live host hears the last words (a `ripcord stop`
   * waiting is answered, the control sockets go) and goes when main's channel closes; one that
   * cannot answer any more is killed. Resolves when the host answered (`last-words`) or ended,
   * at once when it was not asked; the caller bounds the wait (desktop-exit-host.ts).
   */
  exiting(): Promise<void> {
    if (this.state === 'stopped' || this.state === 'hung') this.host.kill();
    if (this.state !== 'running') return Promise.resolve();
    const answered = new Promise<void>((resolve) => {
      const store = new DisposableStore();
      const done = (): void => {
        store.dispose();
        resolve();
      };
      store.add(this.host.onMessage((message) => {
        const checked = checkEvent(message);
        if (checked.ok && checked.value.type === 'last-words') done();
      }));
      store.add(this.host.onExit(done));
    });
    this.host.send({ type: 'exit' });
    return answered;
  }

  dispose(): void {
    this.disposables.dispose();
  }

  private heard(message: unknown): void {
    this.lastHeard = this.clock();
    if (this.state === 'hung') this.become('running', 'the session host answers again');
    const checked = checkEvent(message);
    if (!checked.ok) return; // HostedProgram logs what it drops
    const event = checked.value;
    if (event.type === 'log') hostLine(this.log, event);
  }

  /** One look of the watch (every HEARTBEAT_MS): resolves once its /proc read, if any, is done. */
  async look(): Promise<void> {
    const silentMs = this.clock() - this.lastHeard;
    if (this.state === 'gone' || this.state === 'stopped' || this.looking || silentMs < LOOK_AFTER_SILENCE_MS || this.host.pid === undefined) return;
    this.looking = true;
    try {
      const stat = await readProcStat(this.host.pid);
      if (stat?.state === 'T' || stat?.state === 't') this.become('stopped', 'the session host was stopped (SIGSTOP)');
      else if (silentMs >= HOST_HUNG_AFTER_MS && this.state === 'running') this.become('hung', `the session host has not answered for ${Math.round(silentMs / 1000)} s`);
    } finally {
      this.looking = false;
    }
  }

  private become(state: HostState, why: string): void {
    // stopped and gone are the end: a stopped host is killed here, and its end is no news
    if (this.state === state || this.state === 'gone' || this.state === 'stopped') return;
    this.state = state;
    this.log.warn('host.state', { state, why, pid: this.host.pid });
    if (state === 'stopped' || state === 'gone') {
      // its sessions are unguarded now: their containers go, and a stopped host with them
      this.reaper.killAll();
      if (state === 'stopped') this.host.kill();
    }
    this.states.fire({ state, why });
  }
}
