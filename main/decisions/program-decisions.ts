import { LogEvent } from '../core/log-events';
import { type Disposable, toDisposable } from '../core/disposable';
import type { Decision } from '../core/exit-decisions';
import type { Logger } from '../platform/log/log';
import { CANCEL_ANSWER_WAIT_MS, type ProgramDecisions, type ProgramTrigger, type RunningProgram } from '../program/running-program';
import type { SessionExits } from './session-exits';

/** `press`: the key press's number in its pane, when a key entry numbered it (PaneWindow.pressCtrlC) */
type Waiting = { kind: 'press'; press?: number } | { kind: 'key' };

/**
 * Main's side of a running program's decisions, for every host: presses and keys (from the key
 * entry, a signal, or the program's input) are decided by SessionExits in the order they came,
 * each press after a cancel waiting for that cancel's answer (CANCEL_ANSWER_WAIT_MS at most);
 * the program's own triggers are decided at once.
 */
export class MainDecisions implements ProgramDecisions, Disposable {
  private program: Pick<RunningProgram, 'beforeDecision' | 'decided' | 'keyPressed'> | undefined;
  private answerTimer: ReturnType<typeof setTimeout> | undefined;
  private waiting: Waiting[] = [];

  constructor(
    private readonly exits: SessionExits,
    private readonly log: Logger,
  ) {}

  /** The running program takes part in every decision until the returned Disposable is disposed. */
  attach(program: Pick<RunningProgram, 'beforeDecision' | 'decided' | 'keyPressed'>): Disposable {
    this.program = program;
    const attached = this.exits.attach(program);
    return toDisposable(() => {
      attached.dispose();
      if (this.program === program) this.program = undefined;
    });
  }

  get exiting(): boolean {
    return this.exits.exiting;
  }

  press(press?: number): void {
    this.inOrder(press === undefined ? { kind: 'press' } : { kind: 'press', press });
  }

  keyPressed(): void {
    this.inOrder({ kind: 'key' });
  }

  trigger(trigger: ProgramTrigger): void {
    this.exits.decide(trigger);
  }

  cancelHandled(): void {
    this.exits.state.markCancelHandled();
    this.log.event(LogEvent.cancelHandled);
    this.answered();
  }

  hintRemainingMs(): number {
    return this.exits.state.hintRemainingMs();
  }

  dispose(): void {
    clearTimeout(this.answerTimer);
    this.answerTimer = undefined;
    this.waiting = [];
  }

  private inOrder(step: Waiting): void {
    if (this.answerTimer !== undefined) this.waiting.push(step);
    else this.run(step);
  }

  private run(step: Waiting): void {
    if (step.kind === 'key') {
      // the program first: a hint not yet revealed goes out with the time the machine still had left
      this.program?.keyPressed();
      this.exits.state.reset();
      return;
    }
    // the press's number goes with the decision to the program, whose screen names it in its answer (DESIGN §6)
    const decision: Decision = this.exits.decide(step.press === undefined ? { kind: 'ctrl-c' } : { kind: 'ctrl-c', press: step.press });
    // only a running program answers a cancel; before the spawn there is nothing to wait for
    if (decision.action === 'cancel' && this.program && this.exits.state.phase === 'cancel-requested') {
      this.answerTimer = setTimeout(() => this.answered(), CANCEL_ANSWER_WAIT_MS);
    }
  }

  /** The cancel was answered (or its wait is over): what waited is decided now, in order. */
  private answered(): void {
    if (this.answerTimer === undefined) return;
    clearTimeout(this.answerTimer);
    this.answerTimer = undefined;
    // each step may be a cancel that waits for its own answer
    for (let step = this.waiting.shift(); step !== undefined; step = this.awaitingAnswer ? undefined : this.waiting.shift()) this.run(step);
  }

  private get awaitingAnswer(): boolean {
    return this.answerTimer !== undefined;
  }
}
