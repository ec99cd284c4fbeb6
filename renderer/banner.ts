/**
 * Config problems, shown once at startup in a banner the user can dismiss. The terminal
 * works normally underneath; the bad keys already fell back to their defaults.
 */
export function showProblemsBanner(terminalBox: HTMLElement, problems: readonly string[], onDismiss: () => void): void {
  if (problems.length === 0) return;
  showBanner(terminalBox, 'ripcord: problems in the config (defaults used for these keys)', problems, onDismiss);
}

/** A banner above the terminal with a title and lines, until the user dismisses it (a session's notice, config problems). */
export function showBanner(terminalBox: HTMLElement, heading: string, lines: readonly string[], onDismiss: () => void): void {
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

  banner.append(text, close);
  terminalBox.before(banner);
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
