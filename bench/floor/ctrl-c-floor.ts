// The Ctrl+C floor (issue 43): what any terminal must wait for after a Ctrl+C under a flood.
// Bash in a pty of the pages' grid, the row's flood typed and seen, the flood left running, then
// "\x03" written to the pty and the time from that write until the output read so far shows the
// prompt after the echoed ^C — read as fast as node can, nothing parsed or drawn. It runs in a
// host process of its own (ctrl-c-host.ts), so no other work on its event loop delays a read.
import * as pty from 'node-pty';
import { FLOOD_COMMANDS, FLOOD_ROW, type Flood } from '../lib/ctrl-c-rows';

export interface FloorOptions {
  program: { file: string; args: string[]; env: Record<string, string> };
  prompt: string;
  cols: number;
  rows: number;
  cwd: string;
  flood: Flood;
  /** how long the flood runs before the press */
  floodMs: number;
  /** from the press: past this the run is censored (ms is a lower bound) */
  timeoutMs: number;
}

/** One run: the host's result line. */
export interface FloorRun {
  ms: number;
  censored: boolean;
  /** chars read from the pty after the press, up to the prompt */
  charsAfterPress: number;
}

/** Setup only (not timed): the first prompt, asked for again once with an Enter after this long. */
const PROMPT_NUDGE_MS = 3_000;
/** Setup only: the first prompt, or the flood's first row, within this long. */
const SETUP_TIMEOUT_MS = 20_000;
/** Kept of the output after the press: the prompt and its ^C are at its end. */
const AFTER_PRESS_TAIL_CHARS = 64 * 1024;
/** Kept of the output before the press: enough for the flood's row split over two reads. */
const BEFORE_PRESS_TAIL_CHARS = 256;
/** SGR sequences, stripped before the flood's row is looked for (the colored flood's line carries them). */
// eslint-disable-next-line no-control-regex -- ESC is what it looks for
const SGR = /\x1b\[[0-9;]*m/g;

/** The output after a press shows the prompt after its echoed ^C, and ends there (the cursor after it). */
export function promptAfterInterrupt(output: string, prompt: string): boolean {
  const echo = output.lastIndexOf('^C');
  return echo >= 0 && output.endsWith(prompt) && output.length - prompt.length >= echo + 2;
}

export function measureFloor(options: FloorOptions): Promise<FloorRun> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...options.program.env })) if (value !== undefined) env[key] = value;
  const child = pty.spawn(options.program.file, options.program.args, {
    name: 'xterm-256color',
    cols: options.cols,
    rows: options.rows,
    cwd: options.cwd,
    env,
  });
  return new Promise<FloorRun>((resolve, reject) => {
    let phase: 'prompt' | 'flood' | 'flooding' | 'pressed' = 'prompt';
    let tail = '';
    let pressedAt = 0;
    let charsAfterPress = 0;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    let ended = false;
    const end = (result: FloorRun | Error): void => {
      if (ended) return;
      ended = true;
      for (const timer of timers) clearTimeout(timer);
      data.dispose();
      child.kill('SIGKILL');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    /** the next setup step within SETUP_TIMEOUT_MS (the step before it is done) */
    const setup = (what: string): void => {
      for (const timer of timers) clearTimeout(timer);
      timers.push(
        setTimeout(() => end(new Error(`no ${what} within ${SETUP_TIMEOUT_MS} ms; output: ${JSON.stringify(tail)}`)), SETUP_TIMEOUT_MS),
      );
    };
    setup('first prompt');
    timers.push(setTimeout(() => child.write('\r'), PROMPT_NUDGE_MS));
    const data = child.onData((chunk) => {
      if (phase === 'pressed') {
        charsAfterPress += chunk.length;
        tail = (tail + chunk).slice(-AFTER_PRESS_TAIL_CHARS);
        if (promptAfterInterrupt(tail, options.prompt)) end({ ms: performance.now() - pressedAt, censored: false, charsAfterPress });
        return;
      }
      if (phase === 'flooding') return;
      tail = (tail + chunk.replace(SGR, '')).slice(-BEFORE_PRESS_TAIL_CHARS);
      if (phase === 'prompt' && tail.endsWith(options.prompt)) {
        phase = 'flood';
        tail = '';
        setup("flood's first row");
        child.write(`${FLOOD_COMMANDS[options.flood]}\r`);
      } else if (phase === 'flood' && tail.includes(`\n${FLOOD_ROW[options.flood]}\r\n`)) {
        phase = 'flooding';
        for (const timer of timers) clearTimeout(timer);
        timers.push(
          setTimeout(() => {
            phase = 'pressed';
            tail = '';
            timers.push(setTimeout(() => end({ ms: performance.now() - pressedAt, censored: true, charsAfterPress }), options.timeoutMs));
            pressedAt = performance.now();
            child.write('\x03');
          }, options.floodMs),
        );
      }
    });
    child.onExit(({ exitCode, signal }) =>
      end(new Error(`${options.program.file} exited (${exitCode}, signal ${signal ?? '-'}) before the prompt came back`)),
    );
  });
}
