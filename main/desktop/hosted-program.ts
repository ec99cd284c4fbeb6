import { checkEvent, type HostCommand, type HostEvent, type HostQuestion, type HostTrigger, type ProgramCommand, type ReaperNotice } from '../../contracts/session-host';
import type { RipcordConfig } from '../core/config';
import { DisposableStore, type Disposable } from '../core/disposable';
import { Emitter } from '../core/emitter';
import type { Decision, Trigger } from '../core/exit-decisions';
import type { PaneId } from '../../contracts/panes';
import { CGROUP_PREFIX, CgroupDir } from '../platform/containment/cgroup';
import { containmentPlan } from '../platform/containment/containment-probe';
import type { SessionReaper } from '../platform/containment/containment-spawn';
import type { ProgramOptions, ProgramStart, RunningProgram } from '../program/running-program';

/** Main's link to the session host: commands out, the host's events in (unchecked). */
export interface HostLink {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): Disposable;
}

/** The host's triggers, checked field by field: only these two ever come from a program. */
function programTrigger(trigger: Record<string, unknown>): HostTrigger | undefined {
  if (trigger.kind === 'exit-command' && typeof trigger.line === 'string') return { kind: 'exit-command', line: trigger.line };
  if (trigger.kind !== 'session-ended' || typeof trigger.exitCode !== 'number') return undefined;
  return { kind: 'session-ended', exitCode: trigger.exitCode, ...(typeof trigger.signal === 'number' ? { signal: trigger.signal } : {}) };
}

/**
 * One pane's program in the session host, as the pane's lifecycle sees it (RunningProgram): main's
 * decisions go to the host, and the host's findings come to main's decisions; the host's
 * questions about the start are answered with main's own reaper and cgroups — main makes each
 * session's cgroup (only below its own plan's parent, only with ripcord's prefix) and so holds
 * its kill.
 */
export class HostedProgram implements RunningProgram {
  private readonly disposables = new DisposableStore();
  private readonly startOver = this.disposables.add(new Emitter<void>());
  private disposed = false;
  pid = 0;
  transcriptDir: string | undefined;
  container: RunningProgram['container'] = { kind: 'process-scan', reason: 'not started' };
  readonly onStartOver = this.startOver.event;

  private constructor(private readonly link: HostLink, private readonly pane: PaneId, private readonly options: ProgramOptions & { reaper: SessionReaper }) {}

  /** Asks the host to start the pane's program; resolves once it runs there, or with why it cannot. */
  static launch(link: HostLink, pane: PaneId, options: ProgramOptions & { reaper: SessionReaper; cwdFrom?: PaneId }): Promise<ProgramStart> {
    const program = new HostedProgram(link, pane, options);
    return new Promise((resolve) => {
      let settled = false;
      program.disposables.add(link.onMessage((message) => {
        const outcome = program.onEvent(message);
        if (settled || outcome === undefined) return;
        settled = true;
        if (outcome.ok) resolve({ ok: true, program });
        else {
          program.dispose();
          resolve(outcome);
        }
      }));
      const { config, command, cwd, cwdFrom, cols, rows, keyPressesReported, tools, describedAs } = options;
      program.send({
        type: 'start',
        start: { config: config as unknown as Record<string, unknown>, cols, rows, keyPressesReported: keyPressesReported === true, describedAs, ...(command ? { command } : {}), ...(cwd !== undefined ? { cwd } : {}), ...(cwdFrom !== undefined ? { cwdFrom } : {}), ...(tools ? { tools } : {}) },
      });
    });
  }

  run(): void {
    this.send({ type: 'run' });
  }

  input(data: string): void {
    this.send({ type: 'input', data });
  }

  resize(cols: number, rows: number): void {
    this.send({ type: 'resize', cols, rows });
  }

  /** The page acks to the host itself (its screen channel): nothing comes here. */
  ack(): void {}

  configChanged(config: RipcordConfig): void {
    this.link.send({ type: 'kill-grace', ms: config.killGraceMs });
  }

  /** The host flushes what it read when it hears the decision (before following it). */
  beforeDecision(): void {}

  decided(trigger: Trigger, decision: Decision): void {
    this.send({ type: 'decided', trigger, decision, hintRemainingMs: this.options.decisions.hintRemainingMs() });
  }

  keyPressed(): void {
    this.send({ type: 'key-pressed' });
  }

  /** The pane closed (its container is main's to kill): the host closes the program's pty and tools. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.send({ type: 'close' });
    this.disposables.dispose();
  }

  private send(command: ProgramCommand): void {
    this.link.send({ ...command, pane: this.pane } satisfies HostCommand);
  }

  /** One message from the host; the start's outcome when it is one. */
  private onEvent(message: unknown): { ok: true } | { ok: false; error: string } | undefined {
    const checked = checkEvent(message);
    const { log, decisions } = this.options;
    if (!checked.ok) {
      log.warn('host.event-dropped', { problem: checked.problem });
      return undefined;
    }
    const event: HostEvent = checked.value;
    if (!('pane' in event) || event.pane !== this.pane) return undefined; // another pane's, or the host process's (SessionHostProcess)
    switch (event.type) {
      case 'started':
        this.pid = event.pid;
        this.container = { kind: event.containment.kind as RunningProgram['container']['kind'], reason: String(event.containment.reason) };
        if (typeof event.transcript === 'string') this.transcriptDir = event.transcript;
        return { ok: true };
      case 'start-failed': return { ok: false, error: event.error };
      case 'press': decisions.press(); return undefined;
      case 'key-pressed': decisions.keyPressed(); return undefined;
      case 'cancel-handled': decisions.cancelHandled(); return undefined;
      case 'start-over': this.startOver.fire(); return undefined;
      case 'trigger': {
        const trigger = programTrigger(event.trigger as Record<string, unknown>);
        if (trigger) decisions.trigger(trigger);
        else log.warn('host.event-dropped', { problem: 'trigger: not a program\'s trigger' });
        return undefined;
      }
      case 'reaper': this.tellReaper(event.notice); return undefined;
      case 'ask': void this.answer(event.id, event.question); return undefined;
    }
  }

  private tellReaper(notice: ReaperNotice): void {
    const { reaper } = this.options;
    switch (notice.kind) {
      case 'contain': reaper.contain(String(notice.cgroup), notice.sessionId); return;
      case 'attach-root': reaper.attachRoot(Number(notice.pid), String(notice.cgroup)); return;
      case 'release': reaper.release(String(notice.cgroup)); return;
      case 'register': reaper.register(Number(notice.pid), Number(notice.startTime), notice.sessionId); return;
    }
  }

  private async answer(id: number, question: HostQuestion): Promise<void> {
    const { reaper } = this.options;
    const reply = (answer: { ok: boolean; dir?: string; error?: string }): void => this.link.send({ type: 'answer', id, ...answer });
    switch (question.kind) {
      case 'make-cgroup': {
        const parent = (await containmentPlan()).facts.parent;
        const { name } = question as { name: unknown };
        if (question.parent !== parent || typeof name !== 'string' || !name.startsWith(CGROUP_PREFIX) || name.includes('/')) {
          reply({ ok: false, error: `main makes session cgroups only below ${String(parent)}, named ${CGROUP_PREFIX}…` });
          return;
        }
        const made = await CgroupDir.createUnique(parent, name);
        reply(made.ok ? { ok: true, dir: made.value.dir } : { ok: false, error: made.error });
        return;
      }
      case 'contained': reply({ ok: await reaper.whenContained(String(question.cgroup), Number(question.timeoutMs)) }); return;
      case 'registered': reply({ ok: await reaper.whenRegistered(Number(question.pid), Number(question.timeoutMs)) }); return;
      default:
        this.options.log.warn('host.event-dropped', { problem: 'ask: not a question main answers' });
        reply({ ok: false, error: 'not a question main answers' });
    }
  }
}
