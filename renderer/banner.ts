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

