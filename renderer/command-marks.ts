import type { IMarker, Terminal } from '@xterm/xterm';

/** Prompt marks kept for jumping; older ones scroll out of the scrollback and are dropped anyway. */
const MAX_PROMPTS = 10_000;

/**
 * Uses the shell integration's OSC 133 marks (docs/shell-integration.md): every prompt start
 * (A) is remembered for Ctrl+Up/Down jumps, and when its command finishes (D;status) its prompt
 * line gets a small mark — green for 0, red otherwise — with the exit status on hover.
 */
export class CommandMarks {
  private readonly prompts: IMarker[] = [];
  private current: { marker: IMarker; finished: boolean } | undefined;

  constructor(private readonly terminal: Terminal) {
    terminal.parser.registerOscHandler(133, (data) => this.onMark(data));
  }

  /** Ctrl+Up / Ctrl+Down: scroll the previous / next prompt to the top. True when the key was used. */
  handleKey(event: KeyboardEvent): boolean {
    if (!event.ctrlKey || event.shiftKey || event.altKey || event.metaKey) return false;
    const direction = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (direction === 0) return false;
    if (event.type === 'keydown') {
      event.preventDefault();
      this.jump(direction);
    }
    return true;
  }

  private onMark(data: string): boolean {
    const [kind, status] = data.split(';');
    if (kind === 'A') this.promptStarted();
    else if (kind === 'D') this.commandFinished(status);
    return true;
  }

  private promptStarted(): void {
    const buffer = this.terminal.buffer.active;
    const line = buffer.baseY + buffer.cursorY;
    // a prompt that redraws itself marks the same line again
    if (this.current && !this.current.marker.isDisposed && this.current.marker.line === line) return;
    const marker = this.terminal.registerMarker(0);
    if (!marker) return;
    this.prompts.push(marker);
    if (this.prompts.length > MAX_PROMPTS) this.prompts.shift()?.dispose();
    this.current = { marker, finished: false };
  }

  private commandFinished(status: string | undefined): void {
    const current = this.current;
    if (!current || current.finished || current.marker.isDisposed) return;
    current.finished = true;
    const code = status !== undefined && /^\d+$/.test(status) ? Number(status) : undefined;
    const decoration = this.terminal.registerDecoration({ marker: current.marker, x: 0, width: 1, layer: 'top' });
    decoration?.onRender((element) => {
      element.classList.add('command-mark', code === 0 ? 'command-succeeded' : 'command-failed');
      element.title = code === undefined ? 'exit status unknown' : `exit status ${code}`;
      element.dataset.exitStatus = code === undefined ? '' : String(code);
    });
  }

  private jump(direction: -1 | 1): void {
    const top = this.terminal.buffer.active.viewportY;
    const lines = this.prompts.filter((m) => !m.isDisposed).map((m) => m.line);
    const target = direction < 0 ? lines.filter((l) => l < top).pop() : lines.find((l) => l > top);
    if (target !== undefined) this.terminal.scrollToLine(target);
    else if (direction > 0) this.terminal.scrollToBottom();
  }
}
