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
 */
export class CutSequenceGuard {
  private armed = false;

  constructor(private readonly scanner: TerminalModeScanner) {}

  /** Call when a cancel was sent to the pty. */
  arm(): void {
    this.armed = true;
  }

  /** Call when the double-press window is over: a cut that late is no longer ours to fix. */
  disarm(): void {
    this.armed = false;
  }

  /** Pass every output chunk through here, in order; returns what to show. */
  filter(chunk: string): string {
    let out = chunk;
    if (this.armed) {
      const echoed = chunk.startsWith('^C');
      const freshLine = chunk.startsWith('\r') || chunk.startsWith('\n');
      if (this.scanner.inUnterminatedSequence && (echoed || freshLine)) {
        out = CANCEL_SEQUENCE + chunk;
        this.armed = false;
      } else if (echoed) {
        this.armed = false; // the interrupt's echo came through on a clean boundary
      }
    }
    this.scanner.feed(out);
    return out;
  }
}
