import { DecisionService, HOST_HEARTBEAT_MS, HOST_HUNG_AFTER_MS, ProgramService, type HostStart } from '../../contracts/session-host';
import { proxyOf, serve, type MessageLink, type ServiceProxy } from '../../contracts/service';
import { DisposableBase, DisposableStore, toDisposable, type Disposable } from '../core/disposable';
import { Emitter } from '../core/emitter';
import type { Result } from '../../contracts/result';
import { CGROUP_PREFIX, CgroupDir } from '../platform/containment/cgroup';
import { containmentPlan } from '../platform/containment/containment-probe';
import type { SessionReaper } from '../platform/containment/containment-spawn';
import type { Logger } from '../platform/log/log';
import { readProcStat } from '../platform/processes/proc-files';
import type { ProgramDecisions, ProgramLauncher, RunningProgram } from '../program/running-program';
import { panesOf, type PaneId, type WindowLayout } from '../../contracts/panes';
import { hostLine } from '../session-host/host-log';

/** The session host's process, as its starter gives it: Electron's utilityProcess or child_process.fork. */
export interface HostProcess extends MessageLink {
  readonly pid: number | undefined;
  onExit(listener: (why: string) => void): Disposable;
  /** SIGKILL: a stopped or hung host cannot be asked to go */
  kill(): void;
}

/** How the host is doing, as main can tell from its messages, its end and /proc. */
export type HostState = 'running' | 'hung' | 'stopped' | 'gone';

/** A host silent this long is looked at in /proc: stopped (T) is said at once, hung after HOST_HUNG_AFTER_MS. */
const LOOK_AFTER_SILENCE_MS = 2 * HOST_HEARTBEAT_MS;

/** A pane whose program main started in the host: where the host's word about it goes. */
interface HostedPane {
  readonly decisions: ProgramDecisions;
  readonly startOver: Emitter<void>;
  /** the start's outcome, once the host says it */
  started(outcome: Result<Pick<RunningProgram, 'pid' | 'container' | 'transcriptDir'>>): void;
}

/**
 * Main's session host (DESIGN §1): runs programs there (launcher) through the host's
 * ProgramService, serves the host's DecisionService — each message checked once, then routed to
 * its pane — and watches the host: its end, a stop (state T in /proc) and its silence (no
 * heartbeat for HOST_HUNG_AFTER_MS) become states the windows show. A host that stopped or died
 * leaves its sessions unguarded: main kills their containers at once (the reaper's killAll), and
 * a stopped host with them; a hung one is only reported. No new host is started: a window's
 * session lives and dies with its host, and the quit paths are main's alone.
 */
export class SessionHostProcess extends DisposableBase {
  private readonly states = this.register(new Emitter<{ state: HostState; why: string }>());
  private readonly lastWordsSaid = this.register(new Emitter<void>());
  private readonly programs: ServiceProxy<typeof ProgramService>;
  private readonly panes = new Map<PaneId, HostedPane>();
  private state: HostState = 'running';
  private lastHeard: number;
  private looking = false;

  /** The host changed state: why, in words for the window. */
  readonly onState = this.states.event;

  constructor(
    private readonly host: HostProcess,
    private readonly reaper: SessionReaper,
    private readonly log: Logger,
    private readonly clock: () => number = () => performance.now(),
  ) {
    super();
    this.lastHeard = clock();
    const dropped = (problem: string): void => log.warn('host.event-dropped', { problem });
    // any word at all, even one dropped, says the host's thread runs
    this.register(host.onMessage(() => this.heard()));
    this.programs = this.register(proxyOf(ProgramService, host, dropped));
    this.register(serve(DecisionService, this.fromHost(), host, dropped));
    this.register(host.onExit((why) => this.become('gone', `the session host ended (${why})`)));
    const watch = setInterval(() => void this.look(), HOST_HEARTBEAT_MS);
    watch.unref();
    this.register(toDisposable(() => clearInterval(watch)));
  }

  get pid(): number | undefined {
    return this.host.pid;
  }

  get current(): HostState {
    return this.state;
  }

  /** ms since main last heard from the host (it sends a heartbeat every HOST_HEARTBEAT_MS) */
  get silentMs(): number {
    return this.clock() - this.lastHeard;
  }

  /** Where a pane's lifecycle starts its program: in this host, under the pane's id (in `cwdFrom`'s directory, when given). */
  launcher(pane: PaneId, cwdFrom?: PaneId): ProgramLauncher {
    return (options) =>
      new Promise((resolve) => {
        const { programs } = this;
        const startOver = new Emitter<void>();
        let closed = false;
        const close = (): void => {
          if (closed) return;
          closed = true;
          programs.close({ pane });
          startOver.dispose();
          if (this.panes.get(pane) === hosted) this.panes.delete(pane);
        };
        const hosted: HostedPane = {
          decisions: options.decisions,
          startOver,
          started: (outcome) => {
            if (!outcome.ok) {
              close();
              resolve(outcome);
              return;
            }
            const { pid, container, transcriptDir } = outcome.value;
            resolve({
              ok: true,
              value: {
                pid,
                container,
                transcriptDir,
                onStartOver: startOver.event,
                run: () => programs.run({ pane }),
                input: (data) => programs.input({ pane, data }),
                resize: (cols, rows) => programs.resize({ pane, cols, rows }),
                // the page acks to the host itself (its screen channel): nothing comes here
                ack: () => undefined,
                configChanged: (config) => programs.killGrace({ ms: config.killGraceMs }),
                // the host flushes what it read when it hears the decision (before following it)
                beforeDecision: () => undefined,
                decided: (trigger, decision) =>
                  programs.decided({ pane, trigger, decision, hintRemainingMs: options.decisions.hintRemainingMs() }),
                keyPressed: () => programs.keyPressed({ pane }),
                // the pane closed (its container is main's to kill): the host closes the program's pty and tools
                dispose: close,
              },
            });
          },
        };
        this.panes.set(pane, hosted);
        const { config, command, cwd, cols, rows, keyPressesReported, hostKind, describedAs } = options;
        const start: HostStart = {
          config,
          command,
          cwd,
          cwdFrom,
          cols,
          rows,
          keyPressesReported: keyPressesReported === true,
          hostKind,
          describedAs,
        };
        programs.start({ pane, start });
      });
  }

  /** The window's layout changed: each pane's tab number, for `ripcord ps`. */
  placeTabs(layout: WindowLayout): void {
    const tabs: Record<PaneId, number> = {};
    layout.tabs.forEach((tab, index) => {
      for (const pane of panesOf(tab.root)) tabs[pane] = index + 1;
    });
    this.programs.tabs({ tabs });
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
      store.add(this.lastWordsSaid.event(done));
      store.add(this.host.onExit(done));
    });
    this.programs.exit({});
    return answered;
  }

  /** The host's word (DecisionService), each message checked once by serve and routed to its pane. */
  private fromHost(): DecisionService {
    const { panes, reaper } = this;
    // the reaper hears of a pane's processes while main knows the pane (its start, its run)
    const known = (pane: PaneId): boolean => panes.has(pane);
    return {
      started: ({ pane, pid, containment, transcript }) =>
        panes.get(pane)?.started({ ok: true, value: { pid, container: containment, transcriptDir: transcript } }),
      startFailed: ({ pane, error }) => panes.get(pane)?.started({ ok: false, error }),
      press: ({ pane }) => panes.get(pane)?.decisions.press(),
      keyPressed: ({ pane }) => panes.get(pane)?.decisions.keyPressed(),
      trigger: ({ pane, trigger }) => panes.get(pane)?.decisions.trigger(trigger),
      cancelHandled: ({ pane }) => panes.get(pane)?.decisions.cancelHandled(),
      startOver: ({ pane }) => panes.get(pane)?.startOver.fire(),
      contain: ({ pane, cgroup, sessionId }) => {
        if (known(pane)) reaper.contain(cgroup, sessionId);
      },
      attachRoot: ({ pane, pid, cgroup }) => {
        if (known(pane)) reaper.attachRoot(pid, cgroup);
      },
      release: ({ pane, cgroup }) => {
        if (known(pane)) reaper.release(cgroup);
      },
      register: ({ pane, pid, startTime, sessionId }) => {
        if (known(pane)) reaper.register(pid, startTime, sessionId);
      },
      makeCgroup: ({ parent, name }) => makeSessionCgroup(parent, name),
      contained: async ({ cgroup, timeoutMs }) => ({ ok: true, value: await reaper.whenContained(cgroup, timeoutMs) }),
      registered: async ({ pid, timeoutMs }) => ({ ok: true, value: await reaper.whenRegistered(pid, timeoutMs) }),
      log: (line) => hostLine(this.log, line),
      // heard() counts every word: a heartbeat says nothing more
      heartbeat: () => undefined,
      lastWords: () => this.lastWordsSaid.fire(),
    };
  }

  private heard(): void {
    this.lastHeard = this.clock();
    if (this.state === 'hung') this.become('running', 'the session host answers again');
  }

  /** One look of the watch (every HOST_HEARTBEAT_MS): resolves once its /proc read, if any, is done. */
  async look(): Promise<void> {
    const silentMs = this.clock() - this.lastHeard;
    if (
      this.state === 'gone' ||
      this.state === 'stopped' ||
      this.looking ||
      silentMs < LOOK_AFTER_SILENCE_MS ||
      this.host.pid === undefined
    )
      return;
    this.looking = true;
    try {
      const stat = await readProcStat(this.host.pid);
      if (stat?.state === 'T' || stat?.state === 't') this.become('stopped', 'the session host was stopped (SIGSTOP)');
      else if (silentMs >= HOST_HUNG_AFTER_MS && this.state === 'running')
        this.become('hung', `the session host has not answered for ${Math.round(silentMs / 1000)} s`);
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

/** Main makes each session's cgroup (and so holds its kill): only below its own plan's parent, only with ripcord's prefix. */
async function makeSessionCgroup(parent: string, name: string): Promise<Result<string>> {
  const planned = (await containmentPlan()).facts.parent;
  if (parent !== planned || !name.startsWith(CGROUP_PREFIX) || name.includes('/')) {
    return { ok: false, error: `main makes session cgroups only below ${String(planned)}, named ${CGROUP_PREFIX}…` };
  }
  const made = await CgroupDir.createUnique(parent, name);
  return made.ok ? { ok: true, value: made.value.dir } : made;
}
