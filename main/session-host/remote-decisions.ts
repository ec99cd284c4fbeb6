import type { HostDecision, ProgramEvent } from '../../contracts/session-host';
import type { ProgramDecisions, ProgramTrigger } from '../decisions/program-decisions';

/**
 * ProgramDecisions in the session host: what the program finds goes to main as an event; what
 * the program asks (the hint's time left, whether an exit was decided) is known from main's last
 * decision (follow), counted on this process's monotonic clock.
 */
export class RemoteDecisions implements ProgramDecisions {
  private exitDecided = false;
  private hintEndsAt = 0;

  constructor(private readonly send: (event: ProgramEvent) => void, private readonly clock: () => number = () => performance.now()) {}

  get exiting(): boolean {
    return this.exitDecided;
  }

  press(): void {
    this.send({ type: 'press' });
  }

  keyPressed(): void {
    this.send({ type: 'key-pressed' });
  }

  trigger(trigger: ProgramTrigger): void {
    this.send({ type: 'trigger', trigger });
  }

  cancelHandled(): void {
    this.send({ type: 'cancel-handled' });
  }

  hintRemainingMs(): number {
    return Math.max(0, this.hintEndsAt - this.clock());
  }

  /** Main decided: the program follows it (GuardedSession.decided) right after this. */
  follow(decided: HostDecision): void {
    this.hintEndsAt = this.clock() + decided.hintRemainingMs;
    if (decided.decision.action === 'exit' || decided.decision.action === 'already-exiting') this.exitDecided = true;
  }
}
