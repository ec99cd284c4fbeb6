// The process view (issue #16): the session's processes as a tree with state, CPU, memory,
// running time, what each does with the job-stopping signals ("ignores INT" says why Ctrl+C
// did nothing) and its command line, with a stop button per process and one for the job.
// The host sends a view every second while this is open and nothing while it is closed.
import type { ProcessRow, ProcessView } from '../contracts/renderer';
import type { PaneApi } from './pane-api';
import { button } from './dom';
import { panelHeader, WatchedPanel } from './watched-panel';
import { runsOn, widgetKey, type PageKeys } from './page-keys';

type ViewApi = Pick<PaneApi, 'watchProcesses' | 'stopJob' | 'stopProcess'>;

const COLUMNS = ['PID', 'S', 'CPU%', 'RSS', 'ELAPSED', 'SIGNALS', 'COMMAND', ''] as const;

export class ProcessViewOverlay {
  private readonly element: HTMLElement;
  private readonly body: HTMLTableSectionElement;
  private readonly footer: HTMLElement;
  private readonly stopJob: HTMLButtonElement;
  private readonly hint: HTMLElement;
  /** open and close: the host sends a view every second while open */
  readonly panel: WatchedPanel;

  constructor(
    parent: HTMLElement,
    private readonly api: ViewApi,
    onClose: () => void,
    private readonly keys: PageKeys,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'ripcord-processes';
    this.element.setAttribute('role', 'dialog');
    this.element.setAttribute('aria-label', 'Processes of the session');
    this.panel = new WatchedPanel(this.element, {
      watch: (open) => api.watchProcesses(open),
      opened: () => {
        // the keys as bound now (the settings may have changed them)
        this.hint.textContent = `${this.keys.shown('toggleProcesses')} or Esc closes · ${this.keys.shown('stopJob')} stops the foreground job`;
        this.element.tabIndex = -1;
        this.element.focus();
      },
      closed: onClose,
    });

    const hint = document.createElement('span');
    this.hint = hint;
    // aria-disabled rather than disabled: the button keeps the keyboard's focus and its reason (its title) is read
    this.stopJob = button(
      'Stop job',
      () => {
        if (this.stopJob.getAttribute('aria-disabled') !== 'true') api.stopJob();
      },
      { className: 'ripcord-stop-job' },
    );
    const close = button('×', () => this.panel.close(), { className: 'ripcord-processes-close', title: 'Close (Esc)' });
    const header = panelHeader('Processes', hint, this.stopJob, close);

    const table = document.createElement('table');
    const head = table.createTHead().insertRow();
    for (const name of COLUMNS) {
      const th = document.createElement('th');
      th.textContent = name;
      head.appendChild(th);
    }
    this.body = table.createTBody();
    this.footer = document.createElement('div');
    this.footer.className = 'ripcord-processes-footer';
    this.element.append(header, table, this.footer);
    // the view has the focus while open: its keys work here too
    this.element.addEventListener('keydown', (event) => {
      const [key, action] = [widgetKey(event), keys.action(event, 'process-view')];
      if (key === 'dismiss' || action === 'toggleProcesses') this.panel.close();
      else if (action === 'stopJob') {
        if (runsOn(event, action)) api.stopJob();
      } else if (!((key === 'tab' || key === 'tab-back') && this.wrapFocus(key === 'tab-back'))) return;
      event.preventDefault();
    });

    parent.append(this.element);
  }

  /** Tab and Shift+Tab go round the view's buttons rather than on to the terminal behind it. True when it moved the focus. */
  private wrapFocus(backwards: boolean): boolean {
    const buttons = [...this.element.querySelectorAll('button')];
    const [first, last] = [buttons[0], buttons.at(-1)];
    const active = document.activeElement;
    const target = backwards ? (active === first || active === this.element ? last : undefined) : active === last ? first : undefined;
    target?.focus();
    return target !== undefined;
  }

  update(view: ProcessView): void {
    if (!this.panel.isOpen) return;
    // a row's Stop button that has the keyboard keeps it across the refresh (same pid),
    // as does its command, shown whole while focused
    const focusedPid = document.activeElement?.closest<HTMLElement>('tr[data-pid]')?.dataset.pid;
    const focusedPart = document.activeElement?.matches('.ripcord-cut') ? '.ripcord-cut' : 'button';
    this.body.replaceChildren(...view.rows.map((row) => this.row(row, view.sessionPid)));
    if (focusedPid !== undefined)
      (this.body.querySelector<HTMLElement>(`tr[data-pid="${focusedPid}"] ${focusedPart}`) ?? this.element).focus();
    const noJob = view.foregroundPgrp === null;
    const job = noJob
      ? "no foreground job (the session's own program holds the terminal)"
      : `foreground job: group ${view.foregroundPgrp} (marked ▶)`;
    this.stopJob.setAttribute('aria-disabled', String(noJob));
    this.stopJob.title = noJob
      ? "Nothing to stop: no foreground job — the session's own program holds the terminal"
      : `Stop the foreground job (group ${view.foregroundPgrp}): HUP, TERM, then KILL (${this.keys.shown('stopJob')})`;
    const summary = `${view.rows.length} process(es) · ${job}${view.transcript ? ' · transcript: ' : ''}`;
    // the path keeps its element (and so the focus that shows it whole) across the refreshes
    const path = this.footer.querySelector<HTMLElement>('.ripcord-processes-path');
    if (path?.title === view.transcript && this.footer.firstChild) this.footer.firstChild.textContent = summary;
    else this.footer.replaceChildren(summary, ...(view.transcript ? [cut(view.transcript, 'ripcord-processes-path')] : []));
  }

  private row(row: ProcessRow, sessionPid: number): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.dataset.pid = String(row.pid);
    if (row.foreground) tr.className = 'ripcord-foreground';
    const cells = [String(row.pid), row.state, row.cpuPercent.toFixed(1), formatKb(row.rssKb), formatMs(row.runningMs), row.signals];
    for (const text of cells) {
      const td = tr.insertCell();
      td.textContent = text;
    }
    const command = tr.insertCell();
    command.append(
      `${'  '.repeat(row.depth)}${row.depth > 0 ? '└ ' : ''}${row.foreground ? '▶ ' : ''}`,
      cut(row.command, 'ripcord-processes-command'),
    );
    const actions = tr.insertCell();
    // the root is the session: stopping it is quitting, which has its own keys
    if (row.pid !== sessionPid)
      actions.appendChild(button('Stop', () => this.api.stopProcess(row.pid), { className: 'ripcord-stop-process' }));
    return tr;
  }
}

/** A long command or path on one line, cut with an ellipsis; whole on hover (its title) and on focus (CSS). */
function cut(text: string, className: string): HTMLElement {
  const span = document.createElement('span');
  span.className = `ripcord-cut ${className}`;
  span.textContent = text;
  span.title = text;
  span.tabIndex = 0;
  return span;
}

function formatKb(kb: number): string {
  return kb >= 10_240 ? `${Math.round(kb / 1024)} MB` : `${kb} kB`;
}

function formatMs(ms: number): string {
  const s = Math.floor(ms / 1000);
  return s >= 3600
    ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`
    : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
