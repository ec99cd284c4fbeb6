import type { Terminal } from '@xterm/xterm';
import type { SearchAddon } from '@xterm/addon-search';

/**
 * The small find box (Ctrl+Shift+F): Enter finds the next match, Shift+Enter the previous
 * one, Esc closes it and gives the keyboard back to the terminal. A match is shown as the
 * terminal's selection, which both renderers draw.
 */
export class SearchBox {
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;

  constructor(parent: HTMLElement, private readonly terminal: Terminal, private readonly search: SearchAddon) {
    this.form = document.createElement('form');
    this.form.className = 'ripcord-search';
    this.form.hidden = true;
    this.input = document.createElement('input');
    this.input.type = 'search';
    this.input.placeholder = 'Find';
    this.input.setAttribute('aria-label', 'Find in terminal');
    this.input.spellcheck = false;
    this.form.appendChild(this.input);
    parent.appendChild(this.form);

    this.form.addEventListener('submit', (event) => event.preventDefault());
    this.input.addEventListener('keydown', (event) => this.onKey(event));
    this.input.addEventListener('input', () => this.find('next', true));
  }

  open(): void {
    this.form.hidden = false;
    const selection = this.terminal.getSelection();
    if (selection && !selection.includes('\n')) this.input.value = selection;
    this.input.select();
    this.input.focus();
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
    if (event.key === 'Escape') {
      event.preventDefault();
      this.close();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      this.find(event.shiftKey ? 'previous' : 'next', false);
    }
  }

  private find(direction: 'next' | 'previous', incremental: boolean): void {
    const term = this.input.value;
    const found = direction === 'next' ? this.search.findNext(term, { incremental }) : this.search.findPrevious(term);
    this.form.classList.toggle('ripcord-search-miss', term !== '' && !found);
  }
}
