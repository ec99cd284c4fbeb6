// "New tab with profile…" (issue #45): the tab bar's ˅ beside the + opens it, and so does
// whatever calls Workspace.openProfilePicker (the command palette). A WAI-ARIA menu, as the
// context menu: arrows move, Enter runs, Esc or Tab closes and the keys go back where they were.
import type { ProfileEntry } from '../contracts/settings-screen';
import { menuItem, menuKey } from './dom';

export interface ProfileMenuActions {
  /** a new tab with the profile (none: the default one) */
  newTab(profile: string | undefined): void;
  /** the settings screen */
  openSettings(): void;
  /** the keys go back to the terminal */
  refocus(): void;
}

/** Room between the menu and the window's right edge when it opens without an anchor. */
const EDGE_MARGIN_PX = 4;

export class ProfileMenu {
  private readonly element: HTMLElement;
  /** what opened the menu: Esc gives it the keys back */
  private anchor: HTMLElement | undefined;
  private readonly closeOnOutsidePress = (event: Event): void => {
    if (!this.element.contains(event.target as Node)) this.close(false);
  };

  constructor(
    parent: HTMLElement,
    private readonly actions: ProfileMenuActions,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'ripcord-menu ripcord-profile-menu';
    this.element.setAttribute('role', 'menu');
    this.element.setAttribute('aria-label', 'New tab with profile');
    this.element.hidden = true;
    this.element.addEventListener('keydown', (event) => {
      if (!menuKey(event, this.items(), () => this.close(true))) return;
      event.preventDefault();
      event.stopPropagation();
    });
    parent.append(this.element);
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Opens under `anchor` (the ˅), or at the window's top right, listing the default and every profile. */
  open(profiles: readonly ProfileEntry[], defaultProfile: string | undefined, anchor?: HTMLElement): void {
    this.close(false);
    this.anchor = anchor;
    const entries = [
      this.item(`Default${defaultProfile === undefined ? ' (the shell setting)' : ` (${defaultProfile})`}`, 'Ctrl+Shift+T', () =>
        this.actions.newTab(undefined),
      ),
      ...profiles.map((profile) => this.item(profile.name, profile.program, () => this.actions.newTab(profile.name), profile.color)),
      this.item('Settings…', '', () => this.actions.openSettings()),
    ];
    this.element.replaceChildren(...entries);
    this.element.hidden = false;
    const box = anchor?.getBoundingClientRect();
    this.element.style.top = `${box ? box.bottom : EDGE_MARGIN_PX}px`;
    this.element.style.left = `${Math.max(EDGE_MARGIN_PX, (box ? box.right : window.innerWidth) - this.element.offsetWidth - EDGE_MARGIN_PX)}px`;
    document.addEventListener('pointerdown', this.closeOnOutsidePress, true);
    entries[0]?.focus();
  }

  close(refocus: boolean): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.element.replaceChildren();
    document.removeEventListener('pointerdown', this.closeOnOutsidePress, true);
    if (!refocus) return;
    if (this.anchor?.isConnected && this.anchor.offsetParent !== null) this.anchor.focus();
    else this.actions.refocus();
  }

  private item(label: string, detail: string, run: () => void, color?: string): HTMLButtonElement {
    const { item: button, label: name } = menuItem(label, detail || undefined);
    if (color !== undefined) Object.assign(name.style, { borderLeft: `4px solid ${color}`, paddingLeft: '6px' });
    button.addEventListener('click', () => {
      this.close(false);
      run();
    });
    return button;
  }

  private items(): HTMLElement[] {
    return [...this.element.querySelectorAll<HTMLElement>('.ripcord-menu-item')];
  }
}
