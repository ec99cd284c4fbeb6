import type { Terminal } from '@xterm/xterm';
import { ACTIONS } from '../main/core/actions';
import { menuItem, menuKey } from './dom';
import { type PageActionId, type PageKeys } from './page-keys';

/** One entry of the menu: an action of the table (its title and keys) or a link's; `run` happens inside the click or key press (a user gesture, for the clipboard). */
interface MenuItem {
  label: string;
  /** the action's, shown beside the label, and given to assistive technology as aria-keyshortcuts */
  keys?: { shown: string; aria: string };
  enabled: boolean;
  run: () => void;
}

/** The table's actions the menu offers, in its order. */
const MENU_ACTIONS = ['copy', 'paste', 'selectAll', 'clear', 'find'] as const satisfies readonly PageActionId[];

/** What the menu's items do: the pane's actions, and a link's own. */
export interface ContextMenuActions {
  run(action: PageActionId): void;
  /** the http(s) link under the pointer, if any (LinkPreview knows it) */
  linkUnderPointer(): string | undefined;
  openLink(url: string): void;
  copyText(text: string): void;
}

/** Room kept between the menu and the window's edges when it would not fit beside the pointer. */
const EDGE_MARGIN_PX = 4;

/**
 * The terminal's context menu, one per terminal instance: right click opens Copy, Paste, Select
 * All, Clear, Find and, over a link, Open Link / Copy Link. A program that asked for mouse
 * reports (xterm's mouseTrackingMode) owns the right button: then Shift+right-click opens the
 * menu, as in VS Code, Windows Terminal and iTerm2. From the keyboard: the Menu key or
 * Shift+F10 (at the cursor); arrows move, Enter runs, Esc or Tab closes and the terminal gets
 * the keyboard back. It is built in the page, so Electron and the browser harness show the same.
 */
export class ContextMenu {
  private readonly element: HTMLElement;
  private readonly closeOnOutsidePress = (event: Event): void => {
    if (!this.element.contains(event.target as Node)) this.close(false);
  };
  private readonly closeOnBlur = (): void => this.close(false);

  constructor(
    private readonly box: HTMLElement,
    private readonly terminal: Terminal,
    private readonly actions: ContextMenuActions,
    private readonly keys: PageKeys,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'ripcord-menu';
    this.element.setAttribute('role', 'menu');
    this.element.setAttribute('aria-label', 'Terminal actions');
    this.element.hidden = true;
    this.element.addEventListener('keydown', (event) => this.onMenuKey(event));
    box.appendChild(this.element);
    // bubbling, after xterm's own handler, which selects its hidden textarea (and so takes the focus)
    box.addEventListener('contextmenu', (event) => this.onContextMenu(event));
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** The contextMenu action (the Menu key, Shift+F10, the palette): the menu at the cursor. Its key-down is prevented by the key handler, or Chromium would fire its own contextmenu event after the key. */
  openAtCursor(): void {
    const at = this.cursorPoint();
    this.open(at.x, at.y, undefined);
  }

  close(refocusTerminal = true): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.element.replaceChildren();
    document.removeEventListener('pointerdown', this.closeOnOutsidePress, true);
    window.removeEventListener('blur', this.closeOnBlur);
    if (refocusTerminal) this.terminal.focus();
  }

  private onContextMenu(event: MouseEvent): void {
    // never the browser's own menu (Back, Reload, Inspect...) over the terminal
    event.preventDefault();
    if (this.element.contains(event.target as Node)) return;
    if (this.terminal.modes.mouseTrackingMode !== 'none' && !event.shiftKey) return; // the program's click
    this.open(event.clientX, event.clientY, this.actions.linkUnderPointer());
  }

  private open(x: number, y: number, link: string | undefined): void {
    this.close(false);
    const enabled: Partial<Record<PageActionId, boolean>> = {
      copy: this.terminal.hasSelection(),
      paste: !this.terminal.options.disableStdin,
    };
    const items: MenuItem[] = MENU_ACTIONS.map((id) => {
      const shown = this.keys.labels(id)[0];
      return {
        label: ACTIONS[id].title,
        ...(shown === undefined ? {} : { keys: { shown, aria: this.keys.ariaShortcuts(id) } }),
        enabled: enabled[id] ?? true,
        run: () => this.actions.run(id),
      };
    });
    if (link !== undefined) {
      items.push(
        { label: 'Open Link', enabled: true, run: () => this.actions.openLink(link) },
        { label: 'Copy Link', enabled: true, run: () => this.actions.copyText(link) },
      );
    }
    this.element.append(...items.map((item) => this.itemElement(item)));
    this.element.hidden = false;
    this.place(x, y);
    document.addEventListener('pointerdown', this.closeOnOutsidePress, true);
    window.addEventListener('blur', this.closeOnBlur);
    this.enabledItems()[0]?.focus();
  }

  private itemElement(item: MenuItem): HTMLButtonElement {
    const { item: button, detail: keys } = menuItem(item.label, item.keys?.shown);
    if (item.keys) {
      keys?.setAttribute('aria-hidden', 'true');
      button.setAttribute('aria-keyshortcuts', item.keys.aria);
    }
    // aria-disabled, not disabled: the item stays in the menu's reading order, as the APG menu pattern has it
    if (!item.enabled) button.setAttribute('aria-disabled', 'true');
    button.addEventListener('click', () => {
      if (!item.enabled) return;
      // the terminal gets the keyboard back first: Paste and Clear act on the focused terminal
      this.close();
      item.run();
    });
    return button;
  }

  private onMenuKey(event: KeyboardEvent): void {
    // the menu's own key closes it as well; Enter and Space click the focused item by themselves
    if (this.keys.action(event, 'terminal') === 'contextMenu') this.close();
    else if (!menuKey(event, this.enabledItems(), () => this.close())) return;
    event.preventDefault();
    event.stopPropagation();
  }

  private enabledItems(): HTMLButtonElement[] {
    return [...this.element.querySelectorAll<HTMLButtonElement>('.ripcord-menu-item:not([aria-disabled="true"])')];
  }

  /** At the point, moved back inside the window when it would stick out. */
  private place(x: number, y: number): void {
    const { offsetWidth: width, offsetHeight: height } = this.element;
    const left = Math.max(EDGE_MARGIN_PX, Math.min(x, window.innerWidth - width - EDGE_MARGIN_PX));
    const top = Math.max(EDGE_MARGIN_PX, Math.min(y, window.innerHeight - height - EDGE_MARGIN_PX));
    this.element.style.left = `${left}px`;
    this.element.style.top = `${top}px`;
  }

  /** The bottom left of the cursor's cell, in window coordinates (for the keyboard's menu). */
  private cursorPoint(): { x: number; y: number } {
    const screen = this.box.querySelector('.xterm-screen')?.getBoundingClientRect() ?? this.box.getBoundingClientRect();
    const buffer = this.terminal.buffer.active;
    const cell = { width: screen.width / this.terminal.cols, height: screen.height / this.terminal.rows };
    return { x: screen.left + buffer.cursorX * cell.width, y: screen.top + (buffer.cursorY + 1) * cell.height };
  }
}
