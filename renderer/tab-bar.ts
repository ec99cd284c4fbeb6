// The tab bar (issue #33): one tab per TabLayout, in main's order, labelled for screen readers
// as a WAI-ARIA tablist; shown once the window has two tabs. Clicks, the ×, the + and drags are
// reported to main (PaneAction), which decides and sends the next layout. The keys of the
// tablist pattern work while a tab has the focus: Left/Right/Home/End move between tabs,
// Enter/Space shows one, Delete closes it.
import { widgetKey, type PageKeys } from './page-keys';
import type { PaneAction, TabId } from '../contracts/panes';
import { button } from './dom';

/** What a tab shows of its panes. */
export interface TabLabel {
  id: TabId;
  /** the program's title, or its directory's name */
  title: string;
  /** processes of its sessions, when known */
  processes?: number;
  /** output came while it was not in front */
  activity: boolean;
  /** the bell rang while it was not in front */
  bell: boolean;
  /** how its session ended, once every pane's has */
  ended?: string;
  /** its profile's color, a CSS color */
  color?: string;
}

export class TabBar {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private dragged: TabId | undefined;
  /** what the tabs show now: a render that changes nothing keeps the elements (a drag or the focus on them lives on) */
  private shown = '';
  /** a render that came during a drag, done at its end: replacing the dragged tab would drop the drag */
  private pending: (() => void) | undefined;

  /** names the user gave tabs (a double click on the title), kept until the tab closes */
  private readonly names = new Map<TabId, string>();
  /** a tab's name being edited: a render meanwhile would drop the field, so it waits as during a drag */
  private renaming = false;
  private last: (() => void) | undefined;

  /** the ˅ beside the +: "New tab with profile…" opens under it */
  readonly profilesButton: HTMLButtonElement;
  /** the bar shows with one tab too (profiles to pick from) */
  private shownAlways = false;

  constructor(
    parent: HTMLElement,
    private readonly act: (action: PaneAction) => void,
    private readonly panelId: (tab: TabId) => string,
    private readonly keys: PageKeys,
    pickProfile: () => void,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'ripcord-tabbar';
    this.list = document.createElement('div');
    this.list.setAttribute('role', 'tablist');
    this.list.setAttribute('aria-label', 'Tabs');
    this.list.addEventListener('keydown', (event) => this.onKey(event));
    this.profilesButton = button('˅', pickProfile, { className: 'ripcord-tab-profiles', title: 'New tab with profile…, Settings…' });
    // its own name: the + is "New tab"
    this.profilesButton.setAttribute('aria-label', 'Profiles…');
    this.profilesButton.setAttribute('aria-haspopup', 'menu');
    this.element.append(
      this.list,
      button('+', () => act({ kind: 'new-tab' }), { className: 'ripcord-tab-new', title: `New tab (${keys.shown('newTab')})` }),
      this.profilesButton,
    );
    parent.prepend(this.element);
  }

  render(tabs: TabLabel[], active: TabId, focusPane: (tab: TabId) => void): void {
    this.last = () => this.render(tabs, active, focusPane);
    if (this.dragged !== undefined || this.renaming) {
      this.pending = this.last;
      return;
    }
    for (const id of this.names.keys()) if (!tabs.some((tab) => tab.id === id)) this.names.delete(id);
    const shown = JSON.stringify([tabs, active, [...this.names], this.shownAlways]);
    if (shown === this.shown) return;
    this.shown = shown;
    this.element.hidden = tabs.length < 2 && !this.shownAlways;
    const hadFocus = this.list.contains(document.activeElement);
    this.list.replaceChildren(...tabs.map((tab, index) => this.tab(tab, index + 1, tab.id === active, focusPane)));
    if (hadFocus) this.list.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }

  /** With profiles to pick from, the bar (its +, its ˅) shows with one tab too. */
  showAlways(shown: boolean): void {
    this.shownAlways = shown;
    this.last?.();
  }

  /** One tab: the tab itself (role tab) and its × beside it, in an item the tablist sees through. */
  private tab(label: TabLabel, number: number, selected: boolean, focusPane: (tab: TabId) => void): HTMLElement {
    const item = document.createElement('div');
    item.className = 'ripcord-tab';
    item.setAttribute('role', 'presentation');
    item.dataset.tab = label.id;
    item.draggable = true;
    const state = label.ended ?? (label.bell ? 'bell' : label.activity ? 'new output' : '');
    item.dataset.state = label.ended ? 'ended' : label.bell ? 'bell' : label.activity ? 'activity' : '';
    const tab = document.createElement('div');
    tab.className = 'ripcord-tab-title';
    tab.setAttribute('role', 'tab');
    tab.id = `ripcord-tab-${label.id}`;
    tab.dataset.tab = label.id;
    tab.setAttribute('aria-selected', String(selected));
    tab.setAttribute('aria-controls', this.panelId(label.id));
    tab.tabIndex = selected ? 0 : -1;
    const title = this.names.get(label.id) ?? label.title;
    if (label.color !== undefined) item.style.boxShadow = `inset 0 3px 0 ${label.color}`;
    tab.textContent = `${number < 10 ? `${number}: ` : ''}${title}`;
    tab.title = title;
    tab.setAttribute(
      'aria-label',
      `${title}${label.processes === undefined ? '' : `, ${processes(label.processes)}`}${state ? `, ${state}` : ''}`,
    );
    tab.setAttribute('aria-description', 'Delete closes the tab and ends its sessions; F2 or a double click renames it');
    tab.addEventListener('click', () => focusPane(label.id));
    tab.addEventListener('dblclick', () => this.rename(tab, label.id, label.title));
    // the mouse's way to close it; the keyboard's are Ctrl+Shift+W and Delete on the tab (a
    // control inside a tablist is not allowed there, so screen readers are told of Delete instead)
    const close = document.createElement('span');
    close.className = 'ripcord-tab-close';
    close.textContent = '×';
    close.title = `Close tab (${this.keys.shown('closeTab')}): ends its sessions`;
    close.setAttribute('aria-hidden', 'true');
    close.addEventListener('click', () => this.act({ kind: 'close-tab', tab: label.id }));
    item.append(tab);
    if (label.processes !== undefined) {
      // the number alone says nothing: its tooltip says what it counts
      const count = document.createElement('span');
      count.className = 'ripcord-tab-count';
      count.textContent = String(label.processes);
      count.title = `${processes(label.processes)} in this tab's session${label.processes === 1 ? '' : 's'}: the program and everything it started`;
      count.setAttribute('aria-hidden', 'true');
      item.append(count);
    }
    item.append(close);
    item.addEventListener('dragstart', (event) => {
      this.dragged = label.id;
      event.dataTransfer?.setData('text/plain', label.id);
    });
    item.addEventListener('dragover', (event) => event.preventDefault());
    item.addEventListener('drop', (event) => {
      event.preventDefault();
      if (this.dragged !== undefined && this.dragged !== label.id) this.act({ kind: 'move-tab', tab: this.dragged, before: label.id });
    });
    // after the drop (or a drag that went nowhere): what came meanwhile is drawn now
    item.addEventListener('dragend', () => {
      this.dragged = undefined;
      const pending = this.pending;
      this.pending = undefined;
      pending?.();
    });
    return item;
  }

  /** A text field over the title: Enter keeps the name (empty: the title from what runs again), Esc leaves it as it was. */
  private rename(tab: HTMLElement, id: TabId, current: string): void {
    const field = document.createElement('input');
    field.className = 'ripcord-tab-rename';
    field.value = this.names.get(id) ?? current;
    field.setAttribute('aria-label', 'Tab name (Enter keeps it, Esc cancels)');
    let done = false;
    const finish = (keep: boolean): void => {
      if (done) return;
      done = true;
      this.renaming = false;
      const name = field.value.trim();
      if (keep && name !== '') this.names.set(id, name);
      else if (keep) this.names.delete(id);
      this.shown = '';
      field.remove();
      const redraw = this.pending ?? this.last;
      this.pending = undefined;
      redraw?.();
      this.act({ kind: 'show-tab', tab: id });
    };
    field.addEventListener('keydown', (event) => {
      event.stopPropagation();
      const key = widgetKey(event);
      if (key === 'accept') finish(true);
      else if (key === 'dismiss') finish(false);
      else return;
      event.preventDefault();
    });
    field.addEventListener('blur', () => finish(true));
    this.renaming = true;
    // over the tab, outside the tablist (a tablist holds tabs only)
    const [bar, box] = [this.element.getBoundingClientRect(), tab.getBoundingClientRect()];
    Object.assign(field.style, {
      left: `${box.left - bar.left}px`,
      top: `${box.top - bar.top}px`,
      width: `${Math.max(box.width, 100)}px`,
      height: `${box.height}px`,
    });
    this.element.append(field);
    field.focus();
    field.select();
  }

  private onKey(event: KeyboardEvent): void {
    const tabs = [...this.list.querySelectorAll<HTMLElement>('[role="tab"]')];
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const go = (index: number): void => tabs[(index + tabs.length) % tabs.length]?.focus();
    switch (widgetKey(event)) {
      case 'right':
        go(at + 1);
        break;
      case 'left':
        go(at - 1);
        break;
      case 'first':
        go(0);
        break;
      case 'last':
        go(tabs.length - 1);
        break;
      case 'accept':
      case 'activate':
        tabs[at]?.click();
        break;
      case 'rename': {
        const tab = tabs[at];
        if (tab?.dataset.tab !== undefined) this.rename(tab, tab.dataset.tab, tab.title);
        break;
      }
      case 'delete': {
        const tab = tabs[at]?.dataset.tab;
        if (tab !== undefined) this.act({ kind: 'close-tab', tab });
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  }
}

function processes(count: number): string {
  return `${count} process${count === 1 ? '' : 'es'}`;
}
