const STARTUP_TITLE = 'ripcord: problems in the config (defaults used for these keys)';

/**
 * Config problems, shown once at startup in a banner the user can dismiss. The terminal
 * works normally underneath; the bad keys already fell back to their defaults. An edit of the
 * settings file replaces the banner with its own problems, or removes it when there are none.
 */
export function showProblemsBanner(terminalBox: HTMLElement, problems: readonly string[], onDismiss: () => void, heading = STARTUP_TITLE): void {
  terminalBox.parentElement?.querySelector(':scope > .ripcord-banner')?.remove();
  if (problems.length === 0) return;
  const banner = document.createElement('div');
  banner.className = 'ripcord-banner';
  banner.setAttribute('role', 'alert');

  const text = document.createElement('div');
  text.className = 'ripcord-banner-text';
  const title = document.createElement('strong');
  title.textContent = heading;
  const list = document.createElement('ul');
  for (const problem of problems) {
    const item = document.createElement('li');
    item.textContent = problem;
    list.appendChild(item);
  }
  text.append(title, list);

  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'ripcord-banner-close';
  close.textContent = '×';
  close.title = 'Dismiss';
  close.setAttribute('aria-label', 'Dismiss');
  close.addEventListener('click', () => {
    banner.remove();
    onDismiss();
  });

  // reached with Ctrl+Shift+B (focusProblemsBanner); Esc leaves it standing and goes back to the terminal
  banner.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onDismiss();
  });

  banner.append(text, close);
  terminalBox.before(banner);
}

/** Ctrl+Shift+B: the keyboard's way to the banner (the terminal keeps Tab); false when none shows. */
export function focusProblemsBanner(terminalBox: HTMLElement): boolean {
  const close = terminalBox.parentElement?.querySelector<HTMLButtonElement>(':scope > .ripcord-banner .ripcord-banner-close');
  close?.focus();
  return close !== undefined && close !== null;
}
