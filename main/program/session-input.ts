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
  /** any other key press: the double-press interval ends (DESIGN §2) */
  keyPressed(): void;
  /** bytes for the program, `typed` when they hold a key press (text, a key, a paste) */
  forward(text: string, typed: boolean): void;
}

/**
 * The input stream of one session, read sequence by sequence (InputSequenceParser). A host that
 * finds presses in the input (`ripcord run`) gets every Ctrl+C as a press and every other key as
 * the end of the double-press interval; the desktop and the browser harness, which take both from
 * their key events (key-entry.ts), only get their input classed for the bound on queued input:
 * a `\x03` in it is a byte for the program, never a press (DESIGN §3).
 */
export class SessionInput implements Disposable {
  private readonly parser: InputSequenceParser;
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: SessionInputTarget,
    private readonly findsPresses: boolean,
  ) {
    this.parser = new InputSequenceParser(findsPresses);
  }

  /** Input as the terminal sent it. */
  input(data: string): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
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
