import { button } from './dom';

const STARTUP_TITLE = 'ripcord: problems in the config (defaults used for these keys)';

/**
 * Config problems, shown once at startup in a banner the user can dismiss. The terminal
 * works normally underneath; the bad keys already fell back to their defaults. An edit of the
 * settings file replaces the banner with its own problems, or removes it when there are none.
 */
export function showProblemsBanner(terminalBox: HTMLElement, problems: readonly string[], onDismiss: () => void, heading = STARTUP_TITLE): void {
  // only the config's own banner: a session's notice (no container) stays
  terminalBox.parentElement?.querySelector(':scope > .ripcord-config-banner')?.remove();
  if (problems.length === 0) return;
  showBanner(terminalBox, heading, problems, onDismiss).classList.add('ripcord-config-banner');
}

/** A banner above the terminal with a title and lines, until the user dismisses it (a session's notice, config problems). */
export function showBanner(terminalBox: HTMLElement, heading: string, lines: readonly string[], onDismiss: () => void): HTMLElement {
  const banner = document.createElement('div');
  banner.className = 'ripcord-banner';
  banner.setAttribute('role', 'alert');

  const text = document.createElement('div');
  text.className = 'ripcord-banner-text';
  const title = document.createElement('strong');
  title.textContent = heading;
  const list = document.createElement('ul');
  for (const line of lines) {
    const item = document.createElement('li');
    item.textContent = line;
    list.appendChild(item);
  }
  text.append(title, list);

  const close = button('×', () => {
    banner.remove();
    onDismiss();
  }, { className: 'ripcord-banner-close', title: 'Dismiss' });

  // reached with Ctrl+Shift+B (focusProblemsBanner); Esc leaves it standing and goes back to the terminal
  banner.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onDismiss();
  });

  banner.append(text, close);
  terminalBox.before(banner);
  return banner;
}

/**
 * The session's program could not start (a wrong `shell`, `args` or `cwd`): what failed, why,
 * and the two ways on, as a panel over the terminal of `container` (one per terminal).
 */
export function showStartFailure(container: HTMLElement, reason: string): void {
  const panel = document.createElement('section');
  panel.className = 'ripcord-start-failure';
  panel.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = 'The session could not start';
  panel.setAttribute('aria-label', title.textContent);
  const why = document.createElement('pre');
  why.className = 'ripcord-start-failure-reason';
  why.textContent = reason;
  const next = document.createElement('p');
  next.textContent = 'Two ways on:';
  const ways = document.createElement('ol');
  for (const text of [
    'Fix the setting it names — shell, args or cwd in your settings file (see docs/settings.md) — and start ripcord again.',
    'Or close this window: nothing was started, nothing is left behind (ripcord exits with code 1).',
  ]) {
    const item = document.createElement('li');
    item.textContent = text;
    ways.appendChild(item);
  }
  panel.append(title, why, next, ways);
  container.appendChild(panel);
}

/** Ctrl+Shift+B: the keyboard's way to the banner (the terminal keeps Tab); false when none shows. */
export function focusProblemsBanner(terminalBox: HTMLElement): boolean {
  const close = terminalBox.parentElement?.querySelector<HTMLButtonElement>(':scope > .ripcord-banner .ripcord-banner-close');
  close?.focus();
  return close !== undefined && close !== null;
}
