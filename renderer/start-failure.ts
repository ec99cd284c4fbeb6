// The session's program could not start (a wrong `shell`, `args` or `cwd`): a panel over the
// pane's empty terminal says what failed and why, names the settings file, and offers the two ways
// on — "Open settings" and "Close" — with their keys. It alone says so: nothing is written behind it.
import { button } from './dom';
import { widgetKey, type PageKeys } from './page-keys';

export interface StartFailureWays {
  openSettings(): void;
  close(): void;
}

/** The panel over the terminal of `container` (one per pane); it takes the keyboard. */
export function showStartFailure(
  container: HTMLElement,
  reason: string,
  settingsFile: string,
  ways: StartFailureWays,
  keys: PageKeys,
): HTMLElement {
  const panel = document.createElement('section');
  panel.className = 'ripcord-start-failure';
  panel.setAttribute('role', 'alertdialog');
  const title = document.createElement('h1');
  title.textContent = 'The session could not start';
  panel.setAttribute('aria-label', title.textContent);
  const why = document.createElement('pre');
  why.className = 'ripcord-start-failure-reason';
  why.textContent = reason;
  const fix = document.createElement('p');
  fix.append('Fix the setting it names in your settings file, ');
  const file = document.createElement('code');
  file.textContent = settingsFile;
  fix.append(file, ', and start ripcord again. Nothing was started and nothing is left behind.');
  const code = document.createElement('p');
  code.className = 'ripcord-start-failure-code';
  code.textContent = "Closing this window — Close, Ctrl+C twice, or the window's own close — exits ripcord with code 1.";
  // Close's key is main's (the tab closes, and with it the window when it is the last)
  const open = button(`Open settings (${keys.shown('openSettings')})`, () => ways.openSettings(), {
    className: 'ripcord-start-failure-open',
  });
  const close = button(`Close (${keys.shown('closeTab')})`, () => ways.close(), { className: 'ripcord-start-failure-close' });
  const actions = document.createElement('div');
  actions.className = 'ripcord-start-failure-actions';
  actions.append(open, close);
  panel.append(title, why, fix, actions, code);
  panel.addEventListener('keydown', (event) => {
    const key = widgetKey(event);
    if (keys.action(event, 'start-failure') === 'openSettings') ways.openSettings();
    // Tab and Shift+Tab go between the two buttons, never to the dead terminal behind
    else if (key === 'tab' || key === 'tab-back') (document.activeElement === open ? close : open).focus();
    else return;
    event.preventDefault();
  });
  container.appendChild(panel);
  open.focus();
  return panel;
}
