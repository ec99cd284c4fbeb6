// A panel over the window whose content a source sends only while it is open — the process view
// (the session host, every second) and the signals view (main, every half second): open, it
// asks for updates and has the keys; closed, no update comes and the terminal has the keys back.

export interface WatchedPanelHooks {
  /** tell the source: send updates (true), or stop (false) */
  watch(open: boolean): void;
  /** the panel was just shown: fresh text, the keys to it */
  opened(): void;
  /** the panel was just hidden: the keys back where they were */
  closed(): void;
}

export class WatchedPanel {
  constructor(
    private readonly element: HTMLElement,
    private readonly hooks: WatchedPanelHooks,
  ) {
    element.hidden = true;
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  open(): void {
    if (this.isOpen) return;
    this.element.hidden = false;
    this.hooks.watch(true);
    this.hooks.opened();
  }

  close(): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.hooks.watch(false);
    this.hooks.closed();
  }
}

/** A panel's header: its title in bold, then the rest (a status line, its buttons). */
export function panelHeader(title: string, ...rest: HTMLElement[]): HTMLElement {
  const header = document.createElement('div');
  header.className = 'ripcord-processes-header';
  const strong = document.createElement('strong');
  strong.textContent = title;
  header.append(strong, ...rest);
  return header;
}
