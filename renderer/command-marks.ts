import type { IMarker, Terminal } from '@xterm/xterm';
import { CommandTooltip, type FinishedCommand } from './command-tooltip';

/** Prompt marks kept for jumping; older ones scroll out of the scrollback and are dropped anyway. */
const MAX_PROMPTS = 10_000;

interface Prompt {
  marker: IMarker;
  finished: boolean;
  /** where the typed command starts (133;B), and the command once it runs (133;C) */
  commandStart?: { line: number; x: number };
  command?: string;
  startedAt?: number;
}

/**
 * Uses the shell integration's OSC 133 marks (docs/shell-integration.md): every prompt start
 * (A) is remembered for Ctrl+Up/Down jumps, and when its command finishes (D;status) its prompt
 * line gets a mark in the gutter left of the grid — green for 0, red otherwise. Hovering it shows
 * the command, its exit status and how long it ran. One per terminal.
 */
export class CommandMarks {
  private readonly prompts: IMarker[] = [];
  private current: Prompt | undefined;
  private readonly tooltip: CommandTooltip;

  /** `onPrompt`: a prompt starts (133;A) — the program that ran is over, and so is its title */
  constructor(
    private readonly terminal: Terminal,
    container: HTMLElement,
    private readonly onPrompt: () => void = () => undefined,
  ) {
    this.tooltip = new CommandTooltip(container);
    terminal.parser.registerOscHandler(133, (data) => this.onMark(data));
  }

  private onMark(data: string): boolean {
    const [kind, status] = data.split(';');
    if (kind === 'A') {
      this.promptStarted();
      this.onPrompt();
    } else if (kind === 'B') this.commandStarts();
    else if (kind === 'C') this.commandRuns();
    else if (kind === 'D') this.commandFinished(status);
    return true;
  }

  private cursorLine(): number {
    const buffer = this.terminal.buffer.active;
    return buffer.baseY + buffer.cursorY;
  }

  private promptStarted(): void {
    const line = this.cursorLine();
    // a prompt that redraws itself marks the same line again
    if (this.current && !this.current.marker.isDisposed && this.current.marker.line === line) return;
    const marker = this.terminal.registerMarker(0);
    this.prompts.push(marker);
    if (this.prompts.length > MAX_PROMPTS) this.prompts.shift()?.dispose();
    this.current = { marker, finished: false };
  }

  private commandStarts(): void {
    if (this.current) this.current.commandStart = { line: this.cursorLine(), x: this.terminal.buffer.active.cursorX };
  }

  private commandRuns(): void {
    if (!this.current) return;
    this.current.command = this.typedCommand(this.current);
    this.current.startedAt = performance.now();
  }

  /** The command as the screen shows it: from the prompt's end to the end of its (wrapped) line. */
  private typedCommand(prompt: Prompt): string | undefined {
    if (!prompt.commandStart) return undefined;
    const buffer = this.terminal.buffer.active;
    let text = buffer.getLine(prompt.commandStart.line)?.translateToString(true, prompt.commandStart.x) ?? '';
    for (let y = prompt.commandStart.line + 1; buffer.getLine(y)?.isWrapped; y++) text += buffer.getLine(y)?.translateToString(true) ?? '';
    return text.trim();
  }

  private commandFinished(status: string | undefined): void {
    const current = this.current;
    if (!current || current.finished || current.marker.isDisposed) return;
    current.finished = true;
    const finished: FinishedCommand = {
      // a line without a simple command of its own, like `(exit 3)`, finishes without running (no C)
      command: current.command ?? this.typedCommand(current) ?? '',
      exitStatus: status !== undefined && /^\d+$/.test(status) ? Number(status) : undefined,
      durationMs: current.startedAt === undefined ? undefined : performance.now() - current.startedAt,
    };
    const decoration = this.terminal.registerDecoration({ marker: current.marker, x: 0, width: 1, layer: 'top' });
    decoration?.onRender((element) => {
      if (element.classList.contains('command-mark')) return;
      element.classList.add('command-mark', finished.exitStatus === 0 ? 'command-succeeded' : 'command-failed');
      element.dataset.exitStatus = finished.exitStatus === undefined ? '' : String(finished.exitStatus);
      element.setAttribute('aria-label', CommandTooltip.describe(finished));
      element.addEventListener('mouseenter', () => this.tooltip.show(element, finished));
      element.addEventListener('mouseleave', () => this.tooltip.hide());
    });
  }

  /** previousCommand / nextCommand (Ctrl+Up / Ctrl+Down): scroll the previous / next prompt to the top. */
  jump(direction: -1 | 1): void {
    const top = this.terminal.buffer.active.viewportY;
    const lines = this.prompts.filter((m) => !m.isDisposed).map((m) => m.line);
    const target = direction < 0 ? lines.filter((l) => l < top).pop() : lines.find((l) => l > top);
    if (target !== undefined) this.terminal.scrollToLine(target);
    else if (direction > 0) this.terminal.scrollToBottom();
  }
}
