import { closeSync, constants, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import type { Disposable } from '../core/disposable';
import { PressSplitter } from './press-splitter';
import { holdsForeground, parseOwnership } from './terminal-loss';
import { type OutputModes, HIDE_HINT_TITLE, restoreSequence, SHOW_HINT_TITLE } from './terminal-sequences';

export interface TerminalSize {
  cols: number;
  rows: number;
}

/** When neither the terminal nor $COLUMNS/$LINES says (stdout is not a terminal). */
const FALLBACK_SIZE: TerminalSize = { cols: 80, rows: 24 };
// Draining pending input on exit: keys typed after the second Ctrl+C and replies to queries
// the child sent are already in the tty's queue or arrive within a few ms on a local
// terminal. Read until the queue stays empty for DRAIN_QUIET_MS, never longer than
// DRAIN_MAX_MS (a held key would otherwise keep us here), polling every DRAIN_POLL_MS.
const DRAIN_QUIET_MS = 10;
const DRAIN_MAX_MS = 40;
const DRAIN_POLL_MS = 2;
// The restore write goes to a non-blocking descriptor; a terminal that accepts nothing for
// this long (a stalled SSH link) is given up on rather than holding the exit.
const RESTORE_WRITE_MAX_MS = 200;

export interface OuterTerminalStreams {
  input: NodeJS.ReadStream & { fd: number };
  output: NodeJS.WriteStream & { fd: number };
}

export interface RestoreReport {
  discardedInputBytes: number;
  drainMs: number;
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

  /** Input as the child should get it, every Ctrl+C press a `\x03` chunk of its own. */
  onInput(listener: (data: string) => void): Disposable {
    const { input } = this.streams;
    input.setEncoding('utf8');
    const splitter = new PressSplitter();
    const handler = (chunk: string): void => {
      for (const piece of splitter.split(chunk)) listener(piece);
    };
    input.on('data', handler);
    input.resume();
    return {
      dispose: () => {
        input.off('data', handler);
        input.pause();
      },
    };
  }

  onInputEnd(listener: () => void): Disposable {
    this.streams.input.on('end', listener);
    return { dispose: () => this.streams.input.off('end', listener) };
  }

  onResize(listener: (size: TerminalSize) => void): Disposable {
    const handler = (): void => listener(this.size);
    this.streams.output.on('resize', handler);
    return { dispose: () => this.streams.output.off('resize', handler) };
  }

  /** Reading the terminal failed: EIO once it hung up, or once ripcord is a background job of an orphaned group. */
  onInputError(listener: (error: Error) => void): Disposable {
    this.streams.input.on('error', listener);
    return { dispose: () => this.streams.input.off('error', listener) };
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
    return { dispose: () => this.streams.output.off('error', listener) };
  }

  /** Child output; `sent` runs once the chunk has left for the terminal (the flow-control ack). */
  write(data: string, sent: () => void): void {
    if (this.restored || this.lost) return;
    this.written = true;
    this.streams.output.write(data, () => sent());
    this.syncHintTitle();
  }

  /** The double-press hint lives in the window title, never in the child's screen (DESIGN §3). */
  showHint(visible: boolean): void {
    this.hintWanted = visible && this.outputIsTerminal;
    this.syncHintTitle();
  }

  /**
   * Puts the terminal back as the user had it: synchronous, exactly once, never throws.
   * Safe from any state — before raw mode, mid-output, inside an exception handler.
   */
  restore(): RestoreReport | undefined {
    if (this.restored) return undefined;
    this.restored = true;
    let report: RestoreReport = { discardedInputBytes: 0, drainMs: 0 };
    // Someone else's terminal gets no bytes, and no tcsetattr: from a background job that
    // would stop ripcord with SIGTTOU. Still in the foreground, it is ours to put back.
    const ours = !this.lost || stillHoldsForeground();
    this.leftAlone = !ours;
    if (this.outputIsTerminal && this.written && ours) {
      ignoreErrors(() =>
        writeBounded(
          this.streams.output.fd,
          restoreSequence({ modes: this.modes, hintTitleShown: this.hintShown, columns: this.size.cols }),
        ),
      );
    }
    if (this.raw && ours) {
      // Drain while still raw: in canonical mode a half-typed line is not readable, and
      // libuv leaves raw mode with TCSADRAIN, which keeps the input queue.
      ignoreErrors(() => {
        report = drainPendingInput(this.streams.input.fd);
      });
      ignoreErrors(() => this.streams.input.setRawMode(false));
      this.raw = false;
    }
    return report;
  }

  private syncHintTitle(): void {
    if (this.hintWanted === this.hintShown || this.restored || this.lost) return;
    // A title written inside the child's unfinished escape sequence would become part of it.
    if (this.modes?.inUnterminatedSequence) return;
    this.streams.output.write(this.hintWanted ? SHOW_HINT_TITLE : HIDE_HINT_TITLE);
    this.written = true;
    this.hintShown = this.hintWanted;
  }
}

/** Read synchronously: the restore runs inside the exit path, which never waits. */
function stillHoldsForeground(): boolean {
  try {
    const ownership = parseOwnership(readFileSync('/proc/self/stat', 'utf8'));
    return ownership !== undefined && holdsForeground(ownership);
  } catch {
    return false;
  }
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

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
function sleepMs(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms);
}

/**
 * Opens the terminal behind `fd` again as a new, non-blocking file description (Linux
 * /proc/self/fd), so a read or write on it can never block the exit; falls back to `fd`.
 */
function openTerminalNonBlocking(fd: number, access: number): { fd: number; own: boolean } {
  try {
    return { fd: openSync(`/proc/self/fd/${fd}`, access | constants.O_NONBLOCK | constants.O_NOCTTY), own: true };
  } catch {
    return { fd, own: false };
  }
}

function isWouldBlock(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EAGAIN';
}

/**
 * Writes `text` to `fd` through a non-blocking description, giving up after
 * RESTORE_WRITE_MAX_MS: a stopped terminal (XOFF) or a pipe nobody reads cannot hold the exit.
 */
export function writeBounded(fd: number, text: string): void {
  const target = openTerminalNonBlocking(fd, constants.O_WRONLY);
  const bytes = Buffer.from(text, 'utf8');
  const deadline = performance.now() + RESTORE_WRITE_MAX_MS;
  try {
    let offset = 0;
    while (offset < bytes.length && performance.now() < deadline) {
      try {
        offset += writeSync(target.fd, bytes, offset);
      } catch (error) {
        if (!isWouldBlock(error)) throw error;
        sleepMs(1);
      }
    }
  } finally {
    if (target.own) closeSync(target.fd);
  }
}

/** tcflush(TCIFLUSH) is not in Node: read and drop what the tty has queued (see the constants). */
function drainPendingInput(fd: number): RestoreReport {
  const source = openTerminalNonBlocking(fd, constants.O_RDONLY);
  const report: RestoreReport = { discardedInputBytes: 0, drainMs: 0 };
  // Without a non-blocking descriptor a read would wait for the next key press.
  if (!source.own) return report;
  const buffer = Buffer.alloc(4096);
  const start = performance.now();
  let lastData = start;
  try {
    for (;;) {
      const now = performance.now();
      if (now - lastData >= DRAIN_QUIET_MS || now - start >= DRAIN_MAX_MS) break;
      try {
        const read = readSync(source.fd, buffer, 0, buffer.length, null);
        if (read === 0) break; // hang-up: nothing more will come
        report.discardedInputBytes += read;
        lastData = performance.now();
      } catch (error) {
        if (!isWouldBlock(error)) throw error;
        sleepMs(DRAIN_POLL_MS);
      }
    }
  } finally {
    closeSync(source.fd);
    report.drainMs = performance.now() - start;
  }
  return report;
}
