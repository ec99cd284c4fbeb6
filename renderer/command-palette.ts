// The command palette (issue #45), Ctrl+Shift+P as in VS Code and Windows Terminal: every action
// of the table (main/core/actions.ts) with its key as bound, found by a fuzzy match of its title
// or id, run by Enter or a click. Keyboard first, in the ARIA combobox pattern: the input keeps
// the focus, the arrows move the active option (aria-activedescendant), Esc closes, and the
// terminal gets the keys back either way. One per window: it runs a page action on the focused pane.
import { ACTION_IDS, ACTIONS, type ActionId } from '../main/core/actions';
import { widgetKey, type PageKeys } from './page-keys';

const LIST_ID = 'ripcord-palette-list';

/**
 * How well `query` matches `text` as a subsequence (case ignored), or undefined when it does not:
 * letters at word starts and in runs count more, so "spr" finds "Split the pane right" first.
 */
export function fuzzyScore(query: string, text: string): number | undefined {
  const q = query.toLowerCase().replace(/\s+/g, '');
  const t = text.toLowerCase();
  let score = 0;
  let at = 0;
  let previous = -2;
  for (const char of q) {
    const found = t.indexOf(char, at);
    if (found < 0) return undefined;
    const wordStart = found === 0 || !/[a-z0-9]/.test(t[found - 1] ?? '') || (text[found] !== t[found] && text[found - 1] === t[found - 1]);
    score += (wordStart ? 3 : 1) + (found === previous + 1 ? 2 : 0);
    previous = found;
    at = found + 1;
  }
  return score;
}

/** The actions `query` finds, best first (the table's order among equals). */
export function paletteMatches(query: string): ActionId[] {
  const scored = ACTION_IDS.map((id, order) => ({
    id,
    order,
    score: Math.max(fuzzyScore(query, ACTIONS[id].title) ?? -1, fuzzyScore(query, id) ?? -1),
  }));
  return scored
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((entry) => entry.id);
}

export class CommandPalette {
  private readonly element: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly list: HTMLElement;
  private shown: ActionId[] = [];
  private active = 0;

  constructor(
    root: HTMLElement,
    private readonly keys: PageKeys,
    private readonly run: (id: ActionId) => void,
    private readonly backToTerminal: () => void,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'ripcord-palette';
    this.element.setAttribute('role', 'dialog');
    this.element.setAttribute('aria-modal', 'true');
    this.element.setAttribute('aria-label', 'Command palette');
    this.element.hidden = true;
    this.input = document.createElement('input');
    this.input.type = 'text';
    this.input.setAttribute('role', 'combobox');
    this.input.setAttribute('aria-label', 'Type the name of a command');
    this.input.setAttribute('aria-autocomplete', 'list');
    this.input.setAttribute('aria-expanded', 'true');
    this.input.setAttribute('aria-controls', LIST_ID);
    this.input.placeholder = 'Type a command';
    this.input.spellcheck = false;
    this.list = document.createElement('ul');
    this.list.id = LIST_ID;
    this.list.setAttribute('role', 'listbox');
    this.list.setAttribute('aria-label', 'Commands');
    this.element.append(this.input, this.list);
    this.input.addEventListener('input', () => this.filter());
    this.input.addEventListener('keydown', (event) => this.onKey(event));
    // a click elsewhere closes it, as VS Code's; the terminal gets the keys back
    this.input.addEventListener('blur', () => this.close(false));
    root.append(this.element);
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  open(): void {
    if (this.isOpen) return;
    this.input.value = '';
    this.element.hidden = false;
    this.filter();
    this.input.focus();
  }

  close(refocus = true): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    if (refocus) this.backToTerminal();
  }

  private filter(): void {
    this.shown = paletteMatches(this.input.value);
    this.active = 0;
    this.list.replaceChildren(...this.shown.map((id, index) => this.option(id, index)));
    this.mark();
  }

  private option(id: ActionId, index: number): HTMLElement {
    const item = document.createElement('li');
    item.id = `ripcord-palette-${id}`;
    item.className = 'ripcord-palette-option';
    item.setAttribute('role', 'option');
    item.dataset.action = id;
    const title = document.createElement('span');
    title.textContent = ACTIONS[id].title;
    item.append(title);
    const keys = this.keys.labels(id);
    if (keys.length > 0) {
      const shown = document.createElement('span');
      shown.className = 'ripcord-palette-keys';
      shown.append(...keys.map((key) => Object.assign(document.createElement('kbd'), { textContent: key })));
      item.append(shown);
      item.setAttribute('aria-keyshortcuts', this.keys.ariaShortcuts(id));
    }
    // pointerdown, not click: the input's blur would close the palette before the click lands
    item.addEventListener('pointerdown', (event) => {
      event.preventDefault();
      this.active = index;
      this.accept();
    });
    return item;
  }

  private mark(): void {
    const options = [...this.list.children] as HTMLElement[];
    options.forEach((option, index) => option.setAttribute('aria-selected', String(index === this.active)));
    const active = options[this.active];
    if (active) {
      this.input.setAttribute('aria-activedescendant', active.id);
      active.scrollIntoView({ block: 'nearest' });
    } else this.input.removeAttribute('aria-activedescendant');
  }

  private accept(): void {
    const id = this.shown[this.active];
    if (id === undefined) return;
    // the terminal has the keys first: find, paste or the process view take them from there
    this.close();
    this.run(id);
  }

  private onKey(event: KeyboardEvent): void {
    const count = this.shown.length;
    switch (widgetKey(event)) {
      case 'next':
        this.active = count === 0 ? 0 : (this.active + 1) % count;
        this.mark();
        break;
      case 'previous':
        this.active = count === 0 ? 0 : (this.active - 1 + count) % count;
        this.mark();
        break;
      case 'accept':
        this.accept();
        break;
      case 'dismiss':
        this.close();
        break;
      // the dialog holds one control: Tab stays in it
      case 'tab':
      case 'tab-back':
        break;
      default:
        return;
    }
    event.preventDefault();
    // the terminal behind never sees the palette's keys
    event.stopPropagation();
  }
}
