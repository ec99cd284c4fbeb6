import { LogEvent } from '../core/log-events';
import { DisposableBase, type Disposable } from '../core/disposable';
import type { Decision, Trigger } from '../core/exit-decisions';
import type { HintState } from '../../contracts/renderer';
import type { Logger } from '../platform/log/log';
import type { Session } from '../platform/pty/session';
import { DoublePressHint } from './double-press-hint';
import type { OutputPipeline } from './output-pipeline';
import { CANCEL_ANSWER_WAIT_MS } from './running-program';
import type { ProgramDecisions } from './running-program';

/**
 * What a Ctrl+C decision means for the running program (DESIGN §2, §3): a cancel writes `^C`
 * to the pty, holds output for the cut and shows the hint; the root taking the terminal back
 * is the cancel's answer, which main hears (ProgramDecisions.cancelHandled); any other key hides
 * the hint. The decisions themselves are main's (SessionExits).
 */
export class CtrlCHandling extends DisposableBase {
  private readonly hint: DoublePressHint;
  /** a cancel went to the program and its root has not taken the terminal back yet */
  private cancelUnanswered = false;

  constructor(
    private readonly session: Session,
    private readonly output: OutputPipeline,
    decisions: Pick<ProgramDecisions, 'cancelHandled' | 'hintRemainingMs'>,
    private readonly log: Logger,
  ) {
    super();
    this.hint = this.register(
      new DoublePressHint(
        () => decisions.hintRemainingMs(),
        () => output.endCutWatch(),
      ),
    );
    this.register(
      session.onForegroundReturned(() => {
        if (!this.cancelUnanswered) return;
        this.cancelUnanswered = false;
        decisions.cancelHandled();
      }),
    );
  }

  onHint(listener: (hint: HintState) => void): Disposable {
    return this.hint.onHint(listener);
  }

  /** Acts on a decision SessionExits made; an exit is the exit path's. */
  decided(trigger: Trigger, decision: Decision): void {
    if (decision.action === 'cancel') {
      this.output.holdForCut();
      const dropped = this.session.cancel(() => this.output.interruptInPty());
      if (dropped > 0) this.log.event(LogEvent.inputInterrupted, { droppedBytes: dropped });
      this.cancelUnanswered = true;
      this.hint.show();
      return;
    }
    if (trigger.kind === 'ctrl-c') this.output.pressHoldsNothing();
  }

  /** The press's answer went to the screen: the hint follows it. */
  answerShown(): void {
    this.hint.reveal();
  }

  /** Any key but Ctrl+C ended the double press (DESIGN §2; main reset its machine). */
  keyPressed(): void {
    this.cancelUnanswered = false;
    this.hint.hide();
  }

  /** Resolves once the root has the terminal back after the cancel, or CANCEL_ANSWER_WAIT_MS later. */
  untilCancelAnswered(): Promise<void> {
    if (!this.cancelUnanswered) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        answered.dispose();
        resolve();
      };
      const timer = setTimeout(done, CANCEL_ANSWER_WAIT_MS);
      const answered = this.session.onForegroundReturned(done);
    });
  }
}
