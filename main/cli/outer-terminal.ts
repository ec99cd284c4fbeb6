import { type Disposable, toDisposable } from '../core/disposable';
import { drainPendingInput, writeBounded, type DrainReport } from './bounded-terminal-io';
import { holdsForeground, ownershipNow } from './terminal-loss';
import { type OutputModes, HIDE_HINT_TITLE, restoreSequence, showHintTitle } from './terminal-sequences';

export interface TerminalSize {
  cols: number;
  rows: number;
}

/** When neither the terminal nor $COLUMNS/$LINES says (stdout is not a terminal). */
const FALLBACK_SIZE: TerminalSize = { cols: 80, rows: 24 };

export interface OuterTerminalStreams {
  input: NodeJS.ReadStream & { fd: number };
  output: NodeJS.WriteStream & { fd: number };
}

/**
 * The terminal `ripcord run` was started in: raw-mode passthrough, the hint in the window
 * title, and the restore of DESIGN §5 that runs exactly once, synchronously, on every exit.
 */
export class OuterTerminal {
  private raw = false;
  private restored = false;
  /** the terminal may no longer be ours (hang-up): nothing more of the child's output goes to it */
  private lost = false;
  /** the restore found the terminal someone else's and left it alone */
  private leftAlone = false;
  /** anything was written to the terminal: the restore has something to undo */
  private written = false;
  private modes: OutputModes | undefined;
  /** the hint title currently pushed on the terminal */
  private hintShown = false;
  /** the hint title the session wants; applied at the next sequence boundary of the output */
  private hintWanted = false;
  /** what the hint says (main/core/hint-text.ts), and what the title shows now */
  private hintText = '';
  private shownHintText = '';
  /** performance.now() when a key was last read or the child's output last left for the terminal: where the restore's drain counts its quiet from */
  private lastActivity = Number.NEGATIVE_INFINITY;

  constructor(private readonly streams: OuterTerminalStreams) {}

  get inputIsTerminal(): boolean {
    return this.streams.input.isTTY === true;
  }

  get outputIsTerminal(): boolean {
    return this.streams.output.isTTY === true;
  }

  get size(): TerminalSize {
    const { output } = this.streams;
    if (this.outputIsTerminal && output.columns > 0 && output.rows > 0) return { cols: output.columns, rows: output.rows };
    return {
      cols: positiveInteger(process.env.COLUMNS) ?? FALLBACK_SIZE.cols,
      rows: positiveInteger(process.env.LINES) ?? FALLBACK_SIZE.rows,
    };
  }

  /** The child's output modes, so the restore can undo them and the title waits for a boundary. */
  attachModes(modes: OutputModes): void {
    this.modes = modes;
  }

  /** After restore(): the terminal was someone else's, so nothing may change it any more. */
  get leftAloneAtRestore(): boolean {
    return this.leftAlone;
  }

  /** Keys go to the child as bytes; Ctrl+C no longer raises SIGINT here (ISIG is off). */
  enterRawMode(): void {
    if (!this.inputIsTerminal || this.restored) return;
    this.streams.input.setRawMode(true);
    this.raw = true;
  }

  /** Input as the terminal sent it; the session reads it sequence by sequence (DESIGN §3). */
  onInput(listener: (data: string) => void): Disposable {
    const { input } = this.streams;
    input.setEncoding('utf8');
    const handler = (chunk: string): void => {
      this.lastActivity = performance.now();
      listener(chunk);
    };
    input.on('data', handler);
    input.resume();
    return toDisposable(() => {
      input.off('data', handler);
      input.pause();
    });
  }

  onInputEnd(listener: () => void): Disposable {
    this.streams.input.on('end', listener);
    return toDisposable(() => this.streams.input.off('end', listener));
  }

  onResize(listener: (size: TerminalSize) => void): Disposable {
    const handler = (): void => listener(this.size);
    this.streams.output.on('resize', handler);
    return toDisposable(() => this.streams.output.off('resize', handler));
  }

  /** Reading the terminal failed: EIO once it hung up, or once ripcord is a background job of an orphaned group. */
  onInputError(listener: (error: Error) => void): Disposable {
    this.streams.input.on('error', listener);
    return toDisposable(() => this.streams.input.off('error', listener));
  }

  /**
   * The terminal may have been hung up or handed to someone else (the shell that started
   * ripcord, once its parent went away): nothing more of the child's output is written, and the
   * restore touches the terminal only if ripcord still holds its foreground.
   */
  markLost(): void {
    this.lost = true;
  }

  onOutputError(listener: (error: Error) => void): Disposable {
    this.streams.output.on('error', listener);
    return toDisposable(() => this.streams.output.off('error', listener));
  }

  /** Child output; `sent` runs once the chunk has left for the terminal (the flow-control ack). */
  write(data: string, sent: () => void): void {
    if (this.restored || this.lost) return;
    this.written = true;
    this.streams.output.write(data, () => {
      // a query in it may be answered a few ms from now: the drain waits for the reply
      this.lastActivity = performance.now();
      sent();
    });
    this.syncHintTitle();
  }

  /**
   * A line of ripcord's own on the screen, for a state the program cannot show (it stopped
   * itself): only between the program's escape sequences, and never into a terminal that is no
   * longer ours.
   */
  note(text: string): void {
    if (this.restored || this.lost || !this.outputIsTerminal || this.modes?.inUnterminatedSequence) return;
    this.written = true;
    this.streams.output.write(`\r\n\x1b[2mripcord: ${text}\x1b[0m\r\n`);
  }

  /** The double-press hint lives in the window title, never in the child's screen (DESIGN §3); `text` is what it says. */
  showHint(visible: boolean, text: string): void {
    this.hintWanted = visible && this.outputIsTerminal;
    this.hintText = text;
    this.syncHintTitle();
  }

  /**
   * Puts the terminal back as the user had it: synchronous, exactly once, never throws.
   * Safe from any state — before raw mode, mid-output, inside an exception handler.
   */
  restore(): DrainReport | undefined {
    if (this.restored) return undefined;
    this.restored = true;
    let report: DrainReport = { discardedInputBytes: 0, drainMs: 0 };
    // Someone else's terminal gets no bytes, and no tcsetattr: from a background job that
    // would stop ripcord with SIGTTOU. Still in the foreground, it is ours to put back. A
    // terminal ripcord never took (started in the background, never brought forward) is
    // the shell's, unless ripcord holds its foreground now.
    const ours = this.lost || (this.inputIsTerminal && !this.raw) ? stillHoldsForeground() : true;
    this.leftAlone = !ours;
    if (this.outputIsTerminal && this.written && ours) {
      ignoreErrors(() => writeBounded(this.streams.output.fd, this.restoreBytes()));
    }
    if (this.raw && ours) {
      // Drain while still raw: in canonical mode a half-typed line is not readable, and
      // libuv leaves raw mode with TCSADRAIN, which keeps the input queue.
      ignoreErrors(() => {
        report = drainPendingInput(this.streams.input.fd, this.lastActivity);
      });
      ignoreErrors(() => this.streams.input.setRawMode(false));
      this.raw = false;
    }
    return report;
  }

  /** What restore() writes to the terminal now; the reaper writes the same if the host dies without it. */
  restoreBytes(): string {
    return restoreSequence({ modes: this.modes, hintTitleShown: this.hintShown, columns: this.size.cols });
  }

  private syncHintTitle(): void {
    const shownText = this.hintShown ? this.shownHintText : undefined;
    if ((this.hintWanted ? this.hintText : undefined) === shownText || this.restored || this.lost) return;
    // A title written inside the child's unfinished escape sequence would become part of it.
    if (this.modes?.inUnterminatedSequence) return;
    this.streams.output.write(this.hintWanted ? showHintTitle(this.hintText, this.hintShown) : HIDE_HINT_TITLE);
    this.shownHintText = this.hintText;
    this.written = true;
    this.hintShown = this.hintWanted;
  }
}

/** Read at once: the restore runs inside the exit path, which never waits. */
function stillHoldsForeground(): boolean {
  const ownership = ownershipNow();
  return ownership !== undefined && holdsForeground(ownership);
}

function positiveInteger(text: string | undefined): number | undefined {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function ignoreErrors(run: () => void): void {
  try {
    run();
  } catch {
    // the restore is best effort on every step and must reach the exit
  }
}
