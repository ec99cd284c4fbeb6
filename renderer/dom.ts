import { widgetKey } from './page-keys';
/** A push button of an overlay; `title` is also its accessible name (for buttons that show a symbol). */
export function button(label: string, onClick: () => void, options: { className?: string; title?: string } = {}): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  if (options.className) element.className = options.className;
  if (options.title) {
    element.title = options.title;
    element.setAttribute('aria-label', options.title);
  }
  element.addEventListener('click', onClick);
  return element;
}

/**
 * A menu's keys (the APG menu pattern): arrows, Home and End move among `items`, Escape and Tab
 * close it; Enter and Space click the focused item by themselves. True when the key was the menu's.
 */
export function menuKey(event: KeyboardEvent, items: readonly HTMLElement[], close: () => void): boolean {
  const at = items.indexOf(document.activeElement as HTMLElement);
  const focusAt = (index: number): void => items[(index + items.length) % items.length]?.focus();
  switch (widgetKey(event)) {
    case 'next':
      focusAt(at + 1);
      return true;
    case 'previous':
      focusAt(at - 1);
      return true;
    case 'first':
      focusAt(0);
      return true;
    case 'last':
      focusAt(items.length - 1);
      return true;
    case 'dismiss':
    case 'tab':
    case 'tab-back':
      close();
      return true;
    default:
      return false;
  }
}

/** A menu's item (role menuitem, reached by the arrows, not Tab): its label, and beside it a detail (its keys, what it runs). */
export function menuItem(label: string, detail?: string): { item: HTMLButtonElement; label: HTMLElement; detail?: HTMLElement } {
  const item = document.createElement('button');
  item.type = 'button';
  item.className = 'ripcord-menu-item';
  item.setAttribute('role', 'menuitem');
  item.tabIndex = -1;
  const name = document.createElement('span');
  name.textContent = label;
  item.append(name);
  if (detail === undefined) return { item, label: name };
  const aside = document.createElement('span');
  aside.className = 'ripcord-menu-keys';
  aside.textContent = detail;
  item.append(aside);
  return { item, label: name, detail: aside };
}
