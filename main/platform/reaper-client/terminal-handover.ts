// The host's side of the reaper's terminal restore (reaper-terminal.ts, DESIGN §5): what the Node
// reaper is told of `ripcord run`'s outer terminal. Nothing is sent before the takeover, so the sh
// stub never gets the terminal, and everything is sent again to a replacement reaper.
import type { TerminalCommand } from '../../../contracts/reaper-pipe';

type KeepTerminal = Extract<TerminalCommand, { kind: 'terminal' }>;

export class TerminalHandover {
  private terminal: KeepTerminal | undefined;
  private bytes: string | undefined;
  private delivering = false;
  /** the host restored the terminal itself: a description that arrives later is not handed over */
  private released = false;

  constructor(private readonly send: (command: TerminalCommand) => void) {}

  /** The terminal to restore if the host dies without its own restore. */
  keep(terminal: KeepTerminal): void {
    if (this.released) return;
    this.terminal = terminal;
    if (this.delivering) this.sendAll();
  }

  /** What the host's restore would write now; sent only when it changed. */
  restoreBytes(bytes: string): void {
    if (bytes === this.bytes) return;
    this.bytes = bytes;
    if (this.delivering && this.terminal) this.send({ kind: 'terminal-restore', bytes });
  }

  /** The host restored the terminal itself: the reaper lets go of it. */
  done(): void {
    this.released = true;
    if (!this.terminal) return;
    this.terminal = undefined;
    if (this.delivering) this.send({ kind: 'terminal-done' });
  }

  /** The Node reaper runs now (the takeover, or a replacement's): it is told all there is. */
  deliver(): void {
    this.delivering = true;
    this.sendAll();
  }

  private sendAll(): void {
    if (!this.terminal) return;
    this.send(this.terminal);
    if (this.bytes !== undefined) this.send({ kind: 'terminal-restore', bytes: this.bytes });
  }
}
