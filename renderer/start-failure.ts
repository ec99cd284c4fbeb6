// The session's program could not start (a wrong `shell`, `args` or `cwd`): a panel over the
// pane's empty terminal says what failed and why, names the settings file, and offers the two ways
// on — "Open settings" and "Close" — with their keys. It alone says so: nothing is written behind it.
import { button } from './dom';

/** The keys of the panel's two ways on, shown on its buttons. */
export const OPEN_SETTINGS_KEY = 'Ctrl+,';
/** a window key (main's): closes the tab, and with it the window when it is the last */
export const CLOSE_KEY = 'Ctrl+Shift+W';

export interface StartFailureWays {
  openSettings(): void;
  close(): void;
}

/** The panel over the terminal of `container` (one per pane); it takes the keyboard. */
export function showStartFailure(container: HTMLElement, reason: string, settingsFile: string, ways: StartFailureWays): HTMLElement {
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
  code.textContent = 'Closing this window — Close, Ctrl+C twice, or the window\'s own close — exits ripcord with code 1.';
  const open = button(`Open settings (${OPEN_SETTINGS_KEY})`, () => ways.openSettings(), { className: 'ripcord-start-failure-open' });
  const close = button(`Close (${CLOSE_KEY})`, () => ways.close(), { className: 'ripcord-start-failure-close' });
  const actions = document.createElement('div');
  actions.className = 'ripcord-start-failure-actions';
  actions.append(open, close);
  panel.append(title, why, fix, actions, code);
  panel.addEventListener('keydown', (event) => {
    if (event.ctrlKey && !event.shiftKey && !event.altKey && !event.metaKey && event.key === ',') ways.openSettings();
    // Tab and Shift+Tab go between the two buttons, never to the dead terminal behind
    else if (event.key === 'Tab') (document.activeElement === open ? close : open).focus();
    else return;
    event.preventDefault();
  });
  container.appendChild(panel);
  open.focus();
  return panel;
}
