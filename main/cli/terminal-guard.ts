// `ripcord run`'s half of the restore after a host that died without its own (kill -9, an OOM
// kill; DESIGN §5): the reaper gets the outer terminal's device, the termios from before raw mode,
// and — after every output batch, hint and resize — the bytes the host's restore would write then
// (OuterTerminal.restoreBytes: one reset-sequence code for both). The reaper side is
// main/reaper/reaper-terminal.ts.
import { fstat } from 'node:fs';
import { readlink } from 'node:fs/promises';
import { stty } from '../platform/pty/stty';
import type { Disposable } from '../core/disposable';
import type { TerminalHandover } from '../platform/reaper-client/terminal-handover';
import type { OuterTerminal } from './outer-terminal';

export class TerminalGuard {
  constructor(
    private readonly handover: TerminalHandover,
    private readonly outer: OuterTerminal,
  ) {}

  /**
   * Once the program runs: reads what the reaper needs and from then on tells it what a restore
   * would write, after each output batch, hint and resize. Resolves once the terminal's settings
   * were read (`stty -g`, a spawn that holds this thread until its exec, so not before the
   * program's start, which waits for none of it); raw mode must wait for that, since the
   * settings kept are the user's. Nothing to read when stdout is not a terminal.
   */
  follow(session: { onOutput(listener: () => void): Disposable; onHint(listener: () => void): Disposable }): Promise<void> {
    if (!this.outer.outputIsTerminal) return Promise.resolve();
    const update = (): void => this.handover.restoreBytes(this.outer.restoreBytes());
    session.onOutput(update);
    session.onHint(update);
    this.outer.onResize(update);
    // the terminal's settings as the user had them, in the form stty takes back
    const termios = this.outer.inputIsTerminal ? stty(0, ['-g']) : Promise.resolve(undefined);
    void describeTerminal(termios).then((terminal) => {
      if (terminal) this.handover.keep({ kind: 'terminal', ...terminal });
    });
    return termios.then(() => undefined);
  }

  /** The host's own restore ran: the reaper lets go of the terminal. */
  done(): void {
    this.handover.done();
  }
}

/** The device behind stdout (Linux /proc), and the termios when stdin is the same device. */
async function describeTerminal(
  termios: Promise<string | undefined>,
): Promise<{ path: string; rdev: number; termios?: string } | undefined> {
  try {
    const [path, output, input, saved] = await Promise.all([
      readlink('/proc/self/fd/1'),
      fstatOf(1),
      fstatOf(0).catch(() => undefined),
      termios,
    ]);
    if (!path.startsWith('/')) return undefined;
    const sameDevice = input !== undefined && input.rdev === output.rdev;
    return { path, rdev: output.rdev, ...(sameDevice && saved ? { termios: saved } : {}) };
  } catch {
    return undefined;
  }
}

function fstatOf(fd: number): Promise<{ rdev: number }> {
  return new Promise((resolve, reject) => fstat(fd, (error, stats) => (error ? reject(error) : resolve(stats))));
}
