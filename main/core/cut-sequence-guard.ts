import { INTERRUPT_ECHO } from './control-chars';
import { CANCEL_SEQUENCE, TerminalModeScanner } from './terminal-mode-scanner';

/**
 * After an interrupt the kernel flushes the tty's output queue, so the stream can stop inside
 * an escape or string sequence; the terminal would then read what follows (the echoed `^C`,
 * the prompt) as part of that sequence (DESIGN §6). This guard aborts such a sequence with CAN.
 *
 * The cut is recognised by the first chunk after a cancel that starts with the line
 * discipline's echo of the interrupt (`^C`, ECHOCTL) while the scanner is inside a sequence —
 * a chunk that merely continues a sequence split across reads does not start with `^C`.
 * When the program turned echo off there is no `^C`: then the first chunk after the cancel
 * that starts a fresh line (`\r` or `\n`) is taken as the cut.
 *
 * The same point tells the screen that the kernel dropped the program's queued output there,
 * so output the screen still holds unparsed from before it may be dropped too (DESIGN §6, §9).
 */
export class CutSequenceGuard {
  private armed = false;

  constructor(private readonly scanner: TerminalModeScanner) {}

  /** Call when a cancel was sent to the pty. */
  arm(): void {
    this.armed = true;
  }

  /** Call when the double-press interval is over: a cut that late is no longer ours to fix. */
  disarm(): void {
    this.armed = false;
  }

  /**
   * Pass every output chunk through here, in order. Returns what to show, and whether this
   * chunk is the first after the interrupt's cut.
   */
  filter(chunk: string): { data: string; interrupted: boolean } {
    let data = chunk;
    let interrupted = false;
    if (this.armed) {
      const echoed = chunk.startsWith(INTERRUPT_ECHO);
      const freshLine = chunk.startsWith('\r') || chunk.startsWith('\n');
      if (this.scanner.inUnterminatedSequence && (echoed || freshLine)) {
        data = CANCEL_SEQUENCE + chunk;
        interrupted = true;
      } else {
        interrupted = echoed; // the interrupt's echo came through on a clean boundary
      }
      if (interrupted) this.armed = false;
    }
    this.scanner.feed(data);
    return { data, interrupted };
  }
}
