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
