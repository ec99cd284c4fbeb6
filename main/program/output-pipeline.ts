import { LogEvent } from '../core/log-events';
import { CutSequenceGuard } from '../core/cut-sequence-guard';
import { DisposableBase } from '../core/disposable';
import { Emitter } from '../core/emitter';
import { FlowControl } from '../core/flow-control';
import { PROMPT_END_MARK, ShellOutputFilter } from '../core/osc-exit-request';
import { TerminalModeScanner } from '../core/terminal-mode-scanner';
import type { Logger } from '../platform/log/log';
import type { Session } from '../platform/pty/session';
import { InterruptHold } from './interrupt-hold';
import { OutputBatch } from './output-batch';
import type { ShellIntegration } from './shell-integration/prepare';

export interface OutputPipelineOptions {
  log: Logger;
  /** the shell integration injected into the program: its exit requests are taken out here */
  integration: ShellIntegration | undefined;
  /** the shell's hook asked to exit, with the secret, at the root's prompt (osc-exit-request.ts) */
  exitRequested: () => void;
  /** output went to the screen while no hold waits: a press's answer, or what the program printed instead */
  shown: () => void;
  /** InterruptHold's wait for a cancel's cut (default CUT_WAIT_MS) */
  cutWaitMs?: number;
}

/**
 * The program's output on its way to the screen (DESIGN §3, §6): exit requests and the marks'
 * secret taken out (ShellOutputFilter), held for an interrupt's cut (InterruptHold), a sequence
 * the cut left open closed (CutSequenceGuard, following the modes with TerminalModeScanner),
 * read only while the screen keeps up (FlowControl), and handed on in batches (OutputBatch).
 */
export class OutputPipeline extends DisposableBase {
  readonly scanner = new TerminalModeScanner();
  private readonly guard = new CutSequenceGuard(this.scanner);
  private readonly flow = new FlowControl();
  private readingPaused = false;
  private readonly output = this.register(new Emitter<string>());
  private readonly programOutput = this.register(new Emitter<string>());
  private readonly flush = this.register(new Emitter<void>());
  private readonly holding = this.register(new Emitter<boolean>());
  private readonly batch: OutputBatch;
  private readonly hold: InterruptHold;

  /**
   * Output shown to the screen. The first prompt is not missed by a listener that subscribes
   * right after the start resolves: Session hands the pty's early output over a turn later.
   */
  readonly onOutput = this.output.event;
  /**
   * All the program printed, in order, before the interrupt hold drops anything — without exit
   * requests and the secret of the shell's marks (the transcript records this).
   */
  readonly onProgramOutput = this.programOutput.event;
  /**
   * Fires right before the first output after an interrupt's cut: the kernel dropped the
   * program's queued output there, so a screen may drop what it still holds unparsed.
   */
  readonly onFlush = this.flush.event;
  /**
   * true when a press starts holding output for an interrupt's cut: what a screen still holds
   * unparsed may be about to be dropped (onFlush, which also ends the hold), so it may stop
   * parsing it; false when the hold ended without a cut (raw mode, the session ended), or a
   * press started none, and nothing is dropped. Every press gets one of the two.
   */
  readonly onHold = this.holding.event;

  constructor(
    private readonly session: Session,
    private readonly options: OutputPipelineOptions,
  ) {
    super();
    this.batch = this.register(
      new OutputBatch((data) => {
        this.output.fire(data);
        if (!this.hold.holding) options.shown();
      }),
    );
    this.hold = this.register(
      new InterruptHold(
        (held) => {
          this.holding.fire(false);
          if (held) this.show(held);
        },
        (droppedChars) => options.log.event(LogEvent.cancelDropped, { chars: droppedChars }),
        () => this.syncReading(),
        options.cutWaitMs,
      ),
    );
    const { integration } = options;
    const shellOutput = integration && new ShellOutputFilter(integration.secret);
    this.register(
      session.onData((raw) => {
        const data = shellOutput ? this.fromShell(shellOutput, raw) : raw;
        this.programOutput.fire(data);
        // the shell has read its start-up files once it shows a prompt: its temp dir can go now,
        // not only at a dispose that process.exit never reaches
        if (integration && shellOutput?.phase !== 'starting') integration.dispose();
        const passed = this.hold.feed(data);
        if (passed !== undefined) this.show(passed);
      }),
    );
  }

  /** A cancel goes to the program: output waits for its cut, whose open sequence is closed. */
  holdForCut(): void {
    if (!this.hold.holding) {
      this.hold.start();
      this.holding.fire(true);
    }
    this.guard.arm();
  }

  /** The cancel's ^C is in the pty: the hold waits for its cut from now, reading as fast as it comes. */
  interruptInPty(): void {
    this.hold.arm();
  }

  /** A press that starts no hold: a screen that stopped parsing at the key goes on. */
  pressHoldsNothing(): void {
    if (!this.hold.holding) this.holding.fire(false);
  }

  /** The double-press interval is over: a cut that late is no longer ours to fix. */
  endCutWatch(): void {
    this.guard.disarm();
  }

  /** The program ended: what the hold keeps passes on. */
  releaseHeld(): void {
    this.hold.releaseHeld();
  }

  /** What was read goes to the screen now, before anything that comes after it in order (a trigger's effects). */
  flushBatch(): void {
    this.batch.flush();
  }

  /** The screen parsed `chars` more characters of output. */
  ack(chars: number): void {
    this.flow.onAck(chars);
    this.syncReading();
  }

  /** Exit requests leave the output here; one with the secret, at the root's prompt, exits. */
  private fromShell(filter: ShellOutputFilter, raw: string): string {
    const { data, exitRequested } = filter.filter(raw);
    if (exitRequested) this.options.exitRequested();
    return data;
  }

  private show(data: string): void {
    const { data: shown, interrupted } = this.guard.filter(data);
    if (interrupted) {
      this.batch.flush();
      this.options.log.event(LogEvent.cancelCut);
      this.flush.fire();
      this.flow.onFlush();
      this.batch.settle();
    }
    this.flow.onSent(shown.length);
    this.syncReading();
    this.batch.push(shown);
    // with shell integration the answer's end is known: the prompt's end mark
    if (this.batch.gatheringAnswer && shown.includes(PROMPT_END_MARK)) this.batch.answerComplete();
  }

  /**
   * The pty is read while the screen keeps up (flow control) — and while a cancel whose ^C is in
   * the pty waits for its cut, which must be read to be found; held output has its own bound.
   */
  private syncReading(): void {
    const pause = this.hold.full || (this.flow.paused && !(this.hold.holding && this.hold.armed));
    if (pause === this.readingPaused) return;
    this.readingPaused = pause;
    if (pause) this.session.pause();
    else this.session.resume();
  }
}
