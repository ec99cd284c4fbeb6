// What the window tells the user (issue #44): one place for the whole window, whichever pane a
// notice came with. Information (a tab closed, a job stopped, a setting applied) is a toast over
// the window's bottom edge that goes by itself and never takes a row from a terminal; a warning
// (config problems, a session without its container) and an error (the session host ended) are
// banners of their own colour above the panes until dismissed. Each is announced (the toasts'
// region is aria-live, a banner is an alert), and Ctrl+Shift+N lists the recent ones again.
import type { NoticeLevel, RendererSettings, SessionNotice } from '../contracts/renderer';
import { button } from './dom';
import { widgetKey, type PageKeys } from './page-keys';

/** How long a toast stays: long enough to read a line of it twice, short enough not to linger. */
export const TOAST_MS = 4_000;
/** The notices Ctrl+Shift+N lists again, newest first; older ones are dropped. */
export const RECENT_NOTICES = 20;

const STARTUP_PROBLEMS = 'these keys use their defaults';
const EDIT_PROBLEMS = 'these keys kept their previous values';

interface Recent {
  at: Date;
  notice: SessionNotice;
}

export class WindowNotices {
  /** the banners, in the page's flow above the panes: the panes' grids fit below them */
  private readonly banners: HTMLElement;
  private readonly toasts: HTMLElement;
  private readonly recent: Recent[] = [];
  private readonly list: HTMLElement;
  private configBanner: HTMLElement | undefined;

  constructor(
    root: HTMLElement,
    panes: HTMLElement,
    private readonly backToTerminal: () => void,
    private readonly keys: PageKeys,
  ) {
    this.banners = document.createElement('div');
    this.banners.className = 'ripcord-notices';
    panes.before(this.banners);
    this.toasts = document.createElement('div');
    this.toasts.className = 'ripcord-toasts';
    this.toasts.setAttribute('role', 'status');
    this.toasts.setAttribute('aria-live', 'polite');
    this.list = document.createElement('div');
    this.list.className = 'ripcord-recent-notices';
    this.list.setAttribute('role', 'dialog');
    this.list.setAttribute('aria-label', 'Recent notices');
    this.list.tabIndex = -1;
    this.list.hidden = true;
    this.list.addEventListener('keydown', (event) => {
      if (widgetKey(event) !== 'dismiss' && this.keys.action(event, 'notices') !== 'toggleNotices') return;
      event.preventDefault();
      this.toggleRecent();
    });
    root.append(this.toasts, this.list);
  }

  /** A notice from main: a toast or a banner by its level; a banner already standing is not repeated. */
  show(notice: SessionNotice): void {
    this.remember(notice);
    if (notice.level === 'info') {
      this.toast(notice);
      return;
    }
    const key = noticeKey(notice);
    if ([...this.banners.children].some((banner) => (banner as HTMLElement).dataset.notice === key)) return;
    this.banner(notice.level, notice.title, notice.lines).dataset.notice = key;
  }

  /**
   * The settings' problems as one banner for the window, the file named once in its title; an
   * edit's replace the start's, and an edit without problems removes it and says it applied.
   */
  settings(settings: RendererSettings, edited: boolean): void {
    this.configBanner?.remove();
    this.configBanner = undefined;
    if (settings.problems.length === 0) {
      if (edited) this.show({ level: 'info', title: `Settings applied from ${settings.settingsFile}`, lines: [] });
      return;
    }
    const prefix = `${settings.settingsFile}: `;
    const lines = settings.problems.map((line) => (line.startsWith(prefix) ? line.slice(prefix.length) : line));
    const title = `ripcord: problems in ${settings.settingsFile} — ${edited ? EDIT_PROBLEMS : STARTUP_PROBLEMS}`;
    this.remember({ level: 'warning', title, lines });
    this.configBanner = this.banner('warning', title, lines);
    this.configBanner.classList.add('ripcord-config-banner');
  }

  /** Ctrl+Shift+B: the keyboard's way to the first banner's Dismiss (the terminal keeps Tab); false when none shows. */
  focusBanner(): boolean {
    const close = this.banners.querySelector<HTMLButtonElement>('.ripcord-banner-close');
    close?.focus();
    return close !== null;
  }

  /** Ctrl+Shift+N: the recent notices, newest first, until Esc or the key again. */
  toggleRecent(): void {
    if (!this.list.hidden) {
      this.list.hidden = true;
      this.backToTerminal();
      return;
    }
    const title = document.createElement('strong');
    title.textContent = `Recent notices (${this.keys.shown('toggleNotices')} or Esc closes)`;
    const items = document.createElement('ul');
    for (const { at, notice } of this.recent) {
      const item = document.createElement('li');
      item.dataset.level = notice.level;
      const time = document.createElement('time');
      time.textContent = at.toLocaleTimeString();
      item.append(time, ` ${notice.title}${notice.lines.length > 0 ? ` — ${notice.lines.join(' · ')}` : ''}`);
      items.append(item);
    }
    if (this.recent.length === 0) items.append(Object.assign(document.createElement('li'), { textContent: 'No notices yet' }));
    this.list.replaceChildren(title, items);
    this.list.hidden = false;
    this.list.focus();
  }

  private remember(notice: SessionNotice): void {
    const last = this.recent[0];
    if (last && noticeKey(last.notice) === noticeKey(notice)) return;
    this.recent.unshift({ at: new Date(), notice });
    this.recent.length = Math.min(this.recent.length, RECENT_NOTICES);
  }

  private toast(notice: SessionNotice): void {
    const toast = document.createElement('div');
    toast.className = 'ripcord-toast';
    toast.textContent = notice.lines.length > 0 ? `${notice.title}: ${notice.lines.join(' · ')}` : notice.title;
    this.toasts.append(toast);
    setTimeout(() => toast.remove(), TOAST_MS);
  }

  private banner(level: Exclude<NoticeLevel, 'info'>, heading: string, lines: readonly string[]): HTMLElement {
    const banner = document.createElement('div');
    banner.className = `ripcord-banner ripcord-banner-${level}`;
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
    const close = button(
      '×',
      () => {
        banner.remove();
        if (banner === this.configBanner) this.configBanner = undefined;
        this.backToTerminal();
      },
      { className: 'ripcord-banner-close', title: 'Dismiss' },
    );
    // Esc leaves it standing and goes back to the terminal
    banner.addEventListener('keydown', (event) => {
      if (widgetKey(event) !== 'dismiss') return;
      event.preventDefault();
      this.backToTerminal();
    });
    banner.append(text, close);
    this.banners.append(banner);
    return banner;
  }
}

function noticeKey(notice: SessionNotice): string {
  return JSON.stringify([notice.level, notice.title, notice.lines]);
}
