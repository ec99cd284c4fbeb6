/** What a command mark knows of its command. */
export interface FinishedCommand {
  /** as typed at the prompt; empty when the shell gave no command start */
  command: string;
  exitStatus: number | undefined;
  durationMs: number | undefined;
}

/** Below this a duration reads as milliseconds, above as seconds. */
const SHOW_SECONDS_FROM_MS = 1_000;
/** A pasted script as a command stays one readable tooltip. */
const COMMAND_MAX_CHARS = 200;

/** The hover card of a command mark: the command, its exit status and how long it ran. One per terminal. */
export class CommandTooltip {
  private readonly element: HTMLElement;
  private readonly command: HTMLElement;
  private readonly details: HTMLElement;

  constructor(container: HTMLElement) {
    this.element = document.createElement('div');
    this.element.className = 'ripcord-command-tooltip';
    this.element.setAttribute('role', 'tooltip');
    this.element.hidden = true;
    this.command = document.createElement('code');
    this.details = document.createElement('div');
    this.element.append(this.command, this.details);
    container.appendChild(this.element);
  }

  static describe(finished: FinishedCommand): string {
    return [finished.command || undefined, details(finished)].filter(Boolean).join(' · ');
  }

  show(mark: HTMLElement, finished: FinishedCommand): void {
    const command = finished.command || '(command not known)';
    this.command.textContent = command.length > COMMAND_MAX_CHARS ? `${command.slice(0, COMMAND_MAX_CHARS)}…` : command;
    this.details.textContent = details(finished);
    this.element.classList.toggle('ripcord-command-failed', finished.exitStatus !== 0);
    const container = this.element.parentElement?.getBoundingClientRect();
    const at = mark.getBoundingClientRect();
    if (container) {
      this.element.style.left = `${at.right - container.left + 4}px`;
      this.element.style.top = `${at.bottom - container.top + 2}px`;
    }
    this.element.hidden = false;
  }

  hide(): void {
    this.element.hidden = true;
  }
}

function details(finished: FinishedCommand): string {
  const status = finished.exitStatus === undefined ? 'exit status unknown' : `exit status ${finished.exitStatus}`;
  return [status, formatDuration(finished.durationMs)].filter(Boolean).join(' · ');
}

function formatDuration(ms: number | undefined): string | undefined {
  if (ms === undefined) return undefined;
  return ms < SHOW_SECONDS_FROM_MS ? `ran ${Math.round(ms)} ms` : `ran ${(ms / 1000).toFixed(1)} s`;
}
