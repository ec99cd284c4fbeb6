import type { Disposable } from '../core/disposable';
import { SettleTimer } from '../platform/pty/settle-timer';
import { INTERRUPT_ECHO } from '../core/control-chars';

/**
 * One message per batch, not per pty read: the pty hands over at most 4 095 bytes a read, and
 * every message costs the screen a task (IPC or WebSocket, decode, dispatch) that a flood pays
 * thousands of times a second. Cap: large enough to cut messages by an order of magnitude,
 * small next to the flow-control window (a batch is counted when it is shown, as before).
 */
export const MAX_BATCH_CHARS = 32_768;
/**
 * The answer to a Ctrl+C comes in pieces (the kernel's echoed ^C at once, then the program's: a
 * newline, the prompt); a screen busy with a flood's last frames parses each message in its own
 * task, often a frame apart. For this long after a cut, output waits for the program's answer
 * after the echo, then until the pty is quiet for SETTLE_QUIET_MS, and goes as one message: the
 * prompt shows a frame sooner (docs/benchmarks.md#interrupt-under-a-flood).
 */
export const SETTLE_MAX_MS = 12;
/**
 * Longer than a shell takes from its job's end to its prompt on a busy machine — what follows the
 * echo may be the dying flood's last write, not yet the shell's answer: with 1 ms the prompt
 * reached the page 5–28 ms after its ^C in 5 of a full bench run's 120 presses, with 3 ms in 0
 * and 1 of two runs' 120 — and short next to a frame.
 */
export const SETTLE_QUIET_MS = 3;

/**
 * Output gathered while the event loop reads the pty and handed on once per turn (setImmediate:
 * after the reads of this turn, before any timer — so nothing waits longer than the turn that
 * read it). `flush` hands on what waits now, for the steps that must come after it in order.
 */
export class OutputBatch implements Disposable {
  private parts: string[] = [];
  private chars = 0;
  private scheduled: ReturnType<typeof setImmediate> | undefined;
  /** the wait for a quiet pty after a cut, from its first output on */
  private settling: SettleTimer | undefined;
  private settleUntil = 0;
  /** within a cut's window: the program's answer has begun (output other than the echo came) */
  private answering = false;

  constructor(private readonly emit: (data: string) => void) {}

  push(data: string): void {
    if (data.length === 0) return;
    this.parts.push(data);
    this.chars += data.length;
    if (this.chars >= MAX_BATCH_CHARS) this.flush();
    else if (this.settling || performance.now() < this.settleUntil) this.gather(data);
    else this.scheduled ??= setImmediate(() => this.flush());
  }

  /** An interrupt's cut: what follows is gathered until the program answered and the pty is quiet, briefly. */
  settle(): void {
    this.settleUntil = performance.now() + SETTLE_MAX_MS;
    this.answering = false;
  }

  /** Within a cut's window: output is gathered for the answer. */
  get gatheringAnswer(): boolean {
    return this.settling !== undefined || performance.now() < this.settleUntil;
  }

  /**
   * The answer is whole (the shell's prompt ended: its end mark passed): what was gathered goes
   * now, not after the pty's quiet, and the window is over.
   */
  answerComplete(): void {
    this.settleUntil = 0;
    this.flush();
  }

  /**
   * Within a cut's window: the echo alone waits for the program's answer (or the window's end);
   * once the answer began, the output goes when the pty is quiet.
   */
  private gather(data: string): void {
    const answering = this.answering || !data.endsWith(INTERRUPT_ECHO);
    if (this.settling && answering === this.answering) {
      this.settling.activity();
      return;
    }
    this.answering = answering;
    this.settling?.dispose();
    const left = Math.max(0, this.settleUntil - performance.now());
    this.settling = new SettleTimer(answering ? SETTLE_QUIET_MS : left, left, () => this.flush());
    this.settling.start();
  }

  flush(): void {
    this.cancelTimers();
    if (this.parts.length === 0) return;
    const data = this.parts.length === 1 ? (this.parts[0] as string) : this.parts.join('');
    this.parts = [];
    this.chars = 0;
    this.emit(data);
  }

  dispose(): void {
    this.cancelTimers();
    this.parts = [];
    this.chars = 0;
  }

  private cancelTimers(): void {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.settling?.dispose();
    this.settling = undefined;
  }
}
