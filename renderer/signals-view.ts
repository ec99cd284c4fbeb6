// The window's live view of signal handling (issue #43): what `ripcord stats --follow` shows —
// each press and what it decided, each cancel's answer, each stage of an exit with its time
// after the trigger, dead sessions and watchdog stalls, with the running medians — beside main's
// event-loop delay and the session host's silence. Main sends an update every half second while
// this is open and nothing while it is closed (main/desktop/signals-watch.ts).
import type { RipcordApi, SignalsView } from '../contracts/renderer';
import { button } from './dom';
import { widgetKey, type PageKeys } from './page-keys';
import { panelHeader, WatchedPanel } from './watched-panel';

/** Lines the view keeps: the last few minutes of a busy session, a bounded DOM. */
const MAX_SHOWN_LINES = 500;

type ViewApi = Pick<RipcordApi, 'watchSignals' | 'onSignals'>;

export class SignalsOverlay {
  private readonly status: HTMLElement;
  private readonly list: HTMLElement;
  /** open and close: main follows the log while open */
  readonly panel: WatchedPanel;

  constructor(
    parent: HTMLElement,
    api: ViewApi,
    private readonly keys: PageKeys,
    onClose: () => void,
  ) {
    const element = document.createElement('div');
    element.className = 'ripcord-signals';
    element.setAttribute('role', 'dialog');
    element.setAttribute('aria-label', 'Signal handling, live');
    this.status = document.createElement('span');
    this.list = document.createElement('div');
    this.list.className = 'ripcord-signals-lines';
    this.list.setAttribute('role', 'log');
    this.list.tabIndex = 0;
    this.panel = new WatchedPanel(element, {
      watch: (open) => api.watchSignals(open),
      opened: () => {
        // it shows what happens while it is open: main follows the log from its end
        this.list.replaceChildren();
        this.status.textContent = 'waiting for main…';
        this.list.focus();
      },
      closed: onClose,
    });
    const close = button('×', () => this.panel.close(), { className: 'ripcord-processes-close', title: 'Close (Escape)' });
    element.append(panelHeader('Signal handling', this.status, close), this.list);
    // the view has the keys while open: Escape and its own key close it
    element.addEventListener('keydown', (event) => {
      if (widgetKey(event) !== 'dismiss' && this.keys.action(event, 'signals') !== 'toggleSignals') return;
      event.preventDefault();
      this.panel.close();
    });
    parent.append(element);
    api.onSignals((view) => this.update(view));
  }

  private update(view: SignalsView): void {
    if (!this.panel.isOpen) return;
    this.status.textContent = `main's event loop p99 ${view.mainLoopP99Ms.toFixed(1)} ms · session host heard ${(view.hostSilentMs / 1000).toFixed(1)} s ago · Escape or ${this.keys.shown('toggleSignals')} closes`;
    const atEnd = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 4;
    for (const text of view.lines) {
      const line = document.createElement('div');
      line.textContent = text;
      this.list.append(line);
    }
    while (this.list.childElementCount > MAX_SHOWN_LINES) this.list.firstElementChild?.remove();
    // follows the newest line unless the user scrolled up to read
    if (atEnd) this.list.scrollTop = this.list.scrollHeight;
  }
}
