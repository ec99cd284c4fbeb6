import { widgetKey, type WidgetKey } from './page-keys';
import type { Terminal } from '@xterm/xterm';
import type { ISearchOptions, SearchAddon } from '@xterm/addon-search';
import type { ChromeColors } from './themes';
import { button } from './dom';

type Toggle = 'caseSensitive' | 'wholeWord' | 'regex';

/** The toggles as VS Code's find widget shows and binds them (Alt+C, Alt+W, Alt+R). */
const TOGGLES: ReadonlyArray<{ option: Toggle; label: string; title: string; key: WidgetKey }> = [
  { option: 'caseSensitive', label: 'Aa', title: 'Match case (Alt+C)', key: 'match-case' },
  { option: 'wholeWord', label: 'ab', title: 'Match whole word (Alt+W)', key: 'whole-word' },
  { option: 'regex', label: '.*', title: 'Use regular expression (Alt+R)', key: 'regex' },
];

/**
 * The find widget of one terminal (Ctrl+Shift+F), like VS Code's: a match count ("3 of 12"),
 * case / whole-word / regex toggles, Enter / Shift+Enter for the next / previous match, every
 * match marked in the text and in the scrollbar. Esc closes it and gives the keyboard back to
 * the terminal. The selected match is the terminal's selection; the box moves to the bottom
 * when it would cover it.
 */
export class SearchBox {
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly count: HTMLElement;
  private readonly toggles = new Map<Toggle, HTMLButtonElement>();

  constructor(
    parent: HTMLElement,
    private readonly terminal: Terminal,
    private readonly search: SearchAddon,
    private readonly colors: () => ChromeColors,
  ) {
    this.form = document.createElement('form');
    this.form.className = 'ripcord-search';
    this.form.setAttribute('role', 'search');
    this.form.setAttribute('aria-label', 'Find in terminal');
    this.form.hidden = true;
    this.input = document.createElement('input');
    this.input.type = 'text';
    this.input.placeholder = 'Find';
    this.input.setAttribute('aria-label', 'Find in terminal');
    this.input.spellcheck = false;
    this.form.appendChild(this.input);
    for (const toggle of TOGGLES) {
      const pressable = button(toggle.label, () => this.flip(toggle.option), {
        className: `ripcord-search-toggle ripcord-search-${toggle.option}`,
        title: toggle.title,
      });
      pressable.setAttribute('aria-pressed', 'false');
      this.toggles.set(toggle.option, pressable);
    }
    this.count = document.createElement('span');
    this.count.className = 'ripcord-search-count';
    this.count.setAttribute('aria-live', 'polite');
    this.form.append(
      ...this.toggles.values(),
      this.count,
      button('↑', () => this.find('previous', false), { title: 'Previous match (Shift+Enter)' }),
      button('↓', () => this.find('next', false), { title: 'Next match (Enter)' }),
      button('×', () => this.close(), { title: 'Close (Escape)' }),
    );
    parent.appendChild(this.form);

    this.form.addEventListener('submit', (event) => event.preventDefault());
    this.form.addEventListener('keydown', (event) => this.onKey(event));
    this.input.addEventListener('input', () => this.find('next', true));
    search.onDidChangeResults(({ resultIndex, resultCount }) => this.showCount(resultIndex, resultCount));
  }

  open(): void {
    this.form.hidden = false;
    const selection = this.terminal.getSelection();
    if (selection && !selection.includes('\n')) this.input.value = selection;
    this.input.select();
    this.input.focus();
    if (this.input.value) this.find('next', true);
  }

  /** The last match stays selected, so Ctrl+Shift+C copies what was found. */
  close(): void {
    this.form.hidden = true;
    this.search.clearDecorations();
    this.terminal.focus();
  }

  get isOpen(): boolean {
    return !this.form.hidden;
  }

  private onKey(event: KeyboardEvent): void {
    const key = widgetKey(event);
    const toggle = TOGGLES.find((t) => t.key === key);
    if (key === 'dismiss') this.close();
    else if ((key === 'accept' || key === 'accept-back') && event.target === this.input)
      this.find(key === 'accept-back' ? 'previous' : 'next', false);
    else if (toggle) this.flip(toggle.option);
    else return;
    event.preventDefault();
  }

  private flip(option: Toggle): void {
    const button = this.toggles.get(option);
    button?.setAttribute('aria-pressed', String(!this.isOn(option)));
    // The addon (0.16) stores new options before it compares them with the last ones, so a
    // toggle alone would keep the old matches and count: forget them first.
    this.search.clearDecorations();
    this.find('next', true);
  }

  private isOn(option: Toggle): boolean {
    return this.toggles.get(option)?.getAttribute('aria-pressed') === 'true';
  }

  private find(direction: 'next' | 'previous', incremental: boolean): void {
    const term = this.input.value;
    if (term === '') {
      this.search.clearDecorations();
      this.terminal.clearSelection();
      this.showCount(-1, 0);
      return;
    }
    const options: ISearchOptions = {
      caseSensitive: this.isOn('caseSensitive'),
      wholeWord: this.isOn('wholeWord'),
      regex: this.isOn('regex'),
      incremental,
      decorations: this.decorations(),
    };
    let found: boolean;
    try {
      found = direction === 'next' ? this.search.findNext(term, options) : this.search.findPrevious(term, options);
    } catch {
      // an unfinished regular expression while it is typed
      found = false;
      this.search.clearDecorations();
      this.count.textContent = 'Invalid pattern';
    }
    this.form.classList.toggle('ripcord-search-miss', !found);
    this.keepMatchVisible();
  }

  private showCount(index: number, total: number): void {
    this.count.textContent = total === 0 ? (this.input.value ? 'No results' : '') : `${index < 0 ? '?' : index + 1} of ${total}`;
  }

  private decorations(): ISearchOptions['decorations'] {
    const colors = this.colors();
    return {
      matchBackground: colors.match,
      matchOverviewRuler: colors.match,
      activeMatchBackground: colors.activeMatch,
      activeMatchBorder: colors.activeMatchBorder,
      activeMatchColorOverviewRuler: colors.activeMatchBorder,
    };
  }

  /** The box sits at the top right; when the selected match is under it, it moves to the bottom right. */
  private keepMatchVisible(): void {
    this.form.classList.remove('ripcord-search-below');
    const match = this.matchRect();
    if (!match) return;
    const box = this.form.getBoundingClientRect();
    const overlaps = match.left < box.right && match.right > box.left && match.top < box.bottom && match.bottom > box.top;
    this.form.classList.toggle('ripcord-search-below', overlaps);
  }

  /** Where the selected match is on the page, from the grid's box and the selection's cells. */
  private matchRect(): { left: number; right: number; top: number; bottom: number } | undefined {
    const position = this.terminal.getSelectionPosition();
    const screen = this.terminal.element?.querySelector('.xterm-screen')?.getBoundingClientRect();
    if (!position || !screen) return undefined;
    const cellWidth = screen.width / this.terminal.cols;
    const cellHeight = screen.height / this.terminal.rows;
    const top = position.start.y - this.terminal.buffer.active.viewportY;
    const bottom = position.end.y - this.terminal.buffer.active.viewportY + 1;
    const singleRow = position.start.y === position.end.y;
    return {
      left: screen.left + (singleRow ? position.start.x : 0) * cellWidth,
      right: screen.left + (singleRow ? position.end.x : this.terminal.cols) * cellWidth,
      top: screen.top + top * cellHeight,
      bottom: screen.top + bottom * cellHeight,
    };
  }
}
