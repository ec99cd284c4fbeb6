import { LogEvent } from '../core/log-events';
import type { CtrlCState } from '../core/ctrl-c-state';
import { DisposableStore, type Disposable } from '../core/disposable';
import type { Decision, Trigger } from '../core/exit-decisions';
import type { HintState } from '../../contracts/renderer';
import type { Logger } from '../platform/log/log';
import type { Session } from '../platform/pty/session';
import { DoublePressHint } from './double-press-hint';
import type { OutputPipeline } from './output-pipeline';

/**
 * Whether a cancel was handled is known from /proc a few ms after the press. Input arriving
 * sooner (a fast double tap, two presses in one read) waits for that answer this long at most —
 * well under the 200 ms debounce — so a second press at an idle prompt quits however fast it
 * comes (DESIGN §2) instead of meeting a machine that has not heard the answer yet.
 */
const CANCEL_ANSWER_WAIT_MS = 50;

/**
 * What a Ctrl+C decision means for the running program (DESIGN §2, §3): a cancel writes `^C`
 * to the pty, holds output for the cut and shows the hint; the root taking the terminal back
 * marks the cancel handled; any other key ends the double press. The decision itself is
 * SessionExits'.
 */
export class CtrlCHandling implements Disposable {
  private readonly disposables = new DisposableStore();
  private readonly hint: DoublePressHint;

  constructor(
    private readonly session: Session,
    private readonly output: OutputPipeline,
    private readonly state: CtrlCState,
    private readonly log: Logger,
  ) {
    this.hint = this.disposables.add(new DoublePressHint(() => state.hintRemainingMs(), () => output.endCutWatch()));
    this.disposables.add(
      session.onForegroundReturned(() => {
        state.markCancelHandled();
        log.event(LogEvent.cancelHandled);
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
      const dropped = this.session.cancel();
      if (dropped > 0) this.log.event(LogEvent.inputInterrupted, { droppedBytes: dropped });
      this.hint.show();
      return;
    }
    if (trigger.kind === 'ctrl-c') this.output.pressHoldsNothing();
  }

  /** The press's answer went to the screen: the hint follows it. */
  answerShown(): void {
    this.hint.reveal();
  }

  /** Any key but Ctrl+C: a double press is two presses in a row (DESIGN §2). */
  keyPressed(): void {
    // the hint first: one not yet revealed goes out with the time the machine still had left
    this.hint.hide();
    this.state.reset();
  }

  /** Resolves once the root has the terminal back after the cancel, or CANCEL_ANSWER_WAIT_MS later. */
  untilCancelAnswered(): Promise<void> {
    if (this.state.phase !== 'cancel-requested') return Promise.resolve();
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

  dispose(): void {
    this.disposables.dispose();
  }
}
