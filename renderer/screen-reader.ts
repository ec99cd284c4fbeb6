import type { Terminal } from '@xterm/xterm';

/**
 * xterm's screen-reader mode switched from the keyboard (the `screenReaderMode` setting sets it
 * at the start and on edits): the rows become an accessibility tree and new output is read
 * out. The switch itself is announced through a polite live region, so a screen reader says
 * what the key did.
 */
export class ScreenReaderToggle {
  private readonly announcer: HTMLElement;

  constructor(
    parent: HTMLElement,
    private readonly terminal: Terminal,
  ) {
    this.announcer = document.createElement('div');
    this.announcer.className = 'ripcord-visually-hidden';
    this.announcer.setAttribute('role', 'status');
    this.announcer.setAttribute('aria-live', 'polite');
    parent.appendChild(this.announcer);
  }

  /** toggleScreenReader (Shift+Alt+F1, as VS Code binds its own screen-reader toggle). */
  toggle(): void {
    const on = !this.terminal.options.screenReaderMode;
    this.terminal.options.screenReaderMode = on;
    this.announcer.textContent = `Screen reader mode ${on ? 'on' : 'off'}`;
  }
}
