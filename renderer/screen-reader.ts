import type { Terminal } from '@xterm/xterm';

/** The key that switches screen-reader mode, as VS Code binds its own screen-reader toggle. */
export const SCREEN_READER_KEY = 'Shift+Alt+F1';

/**
 * xterm's screen-reader mode switched from the keyboard (the `screenReaderMode` setting sets it
 * at the start and on edits): the rows become an accessibility tree and new output is read
 * out. The switch itself is announced through a polite live region, so a screen reader says
 * what the key did.
 */
export class ScreenReaderToggle {
  private readonly announcer: HTMLElement;

  constructor(parent: HTMLElement, private readonly terminal: Terminal) {
    this.announcer = document.createElement('div');
    this.announcer.className = 'ripcord-visually-hidden';
    this.announcer.setAttribute('role', 'status');
    this.announcer.setAttribute('aria-live', 'polite');
    parent.appendChild(this.announcer);
  }

  /** For the terminal's key handler: true when the key was this one (the program never gets it). */
  handleKey(event: KeyboardEvent): boolean {
    const isKey = event.code === 'F1' && event.shiftKey && event.altKey && !event.ctrlKey && !event.metaKey;
    if (!isKey) return false;
    if (event.type === 'keydown' && !event.repeat) {
      event.preventDefault();
      const on = !this.terminal.options.screenReaderMode;
      this.terminal.options.screenReaderMode = on;
      this.announcer.textContent = `Screen reader mode ${on ? 'on' : 'off'}`;
    }
    return true;
  }
}
