import { CTRL_C } from '../core/control-chars';
import type { Disposable } from '../core/disposable';
import { type InputEvent, InputSequenceParser } from '../core/input-sequence-parser';

/**
 * A read that ended inside a CSI sequence waits this long for its rest at most. A terminal
 * writes a key's sequence in one write, so the rest is already in the kernel; what waits the
 * whole time is a key that looks like a sequence's start (Alt+[ typed alone).
 */
const HELD_SEQUENCE_MAX_MS = 10;

export interface SessionInputTarget {
  /** a Ctrl+C press (DESIGN §3) */
  pressCtrlC(): void;
  /** any other key press: the double-press window ends (DESIGN §2) */
  keyPressed(): void;
  /** bytes for the program, `typed` when they hold a key press (text, a key, a paste) */
  forward(text: string, typed: boolean): void;
}

/**
 * The input stream of one session, read sequence by sequence (InputSequenceParser). Hosts that
 * find presses in the input (`ripcord run`, the browser harness) get every Ctrl+C as a press and
 * every other key as the end of the double-press window; the desktop, which takes both from its
 * key events, only gets its input classed for the bound on queued input.
 */
export class SessionInput implements Disposable {
  private readonly parser: InputSequenceParser;
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(private readonly target: SessionInputTarget, private readonly findsPresses: boolean) {
    this.parser = new InputSequenceParser(findsPresses);
  }

  /** Input as the terminal sent it; a chunk that is exactly `\x03` is a press in every host. */
  input(data: string): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (data === CTRL_C && !this.findsPresses) {
      this.target.pressCtrlC();
      return;
    }
    this.deliver(this.parser.feed(data));
    if (this.parser.holding) this.flushTimer = setTimeout(() => this.deliver(this.parser.flush()), HELD_SEQUENCE_MAX_MS);
  }

  dispose(): void {
    clearTimeout(this.flushTimer);
  }

  private deliver(events: InputEvent[]): void {
    for (const event of events) {
      if (event.kind === 'ctrl-c') {
        this.target.pressCtrlC();
        continue;
      }
      if (event.typed && this.findsPresses) this.target.keyPressed();
      if (event.text !== '') this.target.forward(event.text, event.typed);
    }
  }
}
