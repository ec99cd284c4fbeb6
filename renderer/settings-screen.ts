// The settings screen (issue #45): a dialog over the window, drawn from the fields main sends —
// the schema that validates the settings file — with the file's values and each problem beside
// its field. A change is sent to main at once (a checkbox or a choice when changed, a text, a
// number or JSON when Enter or Tab leaves it); main writes only that key when the validator
// accepts it, or answers the problem, shown in place with what was typed. The file's watcher
// then applies it, as any edit of the file. Keyboard-first: Tab moves, Esc closes.
import type { RipcordApi } from '../contracts/renderer';
import type { Result } from '../contracts/result';
import type { SettingsField, SettingsFileState } from '../contracts/settings-screen';
import { button } from './dom';
import { widgetKey } from './page-keys';

type ScreenApi = Pick<RipcordApi, 'readSettingsFile' | 'editSetting' | 'onSettingsFile' | 'openSettings'>;
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const TITLE_ID = 'ripcord-settings-title';

export class SettingsScreen {
  private readonly element: HTMLElement;
  private readonly form: HTMLElement;
  private readonly status: HTMLElement;
  private readonly intro: HTMLElement;
  private state: SettingsFileState | undefined;
  /** what was typed into a field the file does not hold (refused, or not JSON): it stays in place with its problem */
  private readonly typed = new Map<string, { text: string; problem: string }>();
  private focusOnRender = false;

  constructor(
    parent: HTMLElement,
    private readonly api: ScreenApi,
    private readonly refocus: () => void,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'ripcord-settings';
    this.element.setAttribute('role', 'dialog');
    this.element.setAttribute('aria-modal', 'true');
    this.element.setAttribute('aria-labelledby', TITLE_ID);
    this.element.hidden = true;
    const title = document.createElement('h2');
    title.id = TITLE_ID;
    title.textContent = 'Settings';
    this.intro = document.createElement('p');
    this.intro.className = 'ripcord-settings-intro';
    const actions = document.createElement('div');
    actions.className = 'ripcord-settings-actions';
    actions.append(
      button('Open the JSON file', () => api.openSettings()),
      button('Close (Esc)', () => this.close()),
    );
    this.status = document.createElement('p');
    this.status.className = 'ripcord-settings-status';
    this.status.setAttribute('role', 'status');
    this.form = document.createElement('div');
    this.form.className = 'ripcord-settings-fields';
    this.element.append(title, this.intro, actions, this.status, this.form);
    this.element.addEventListener('keydown', (event) => this.onKey(event));
    parent.append(this.element);
    api.onSettingsFile((state) => this.show(state));
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  open(): void {
    if (this.isOpen) return;
    this.element.hidden = false;
    this.focusOnRender = true;
    this.status.textContent = 'Reading the settings file…';
    this.api.readSettingsFile();
    this.element.querySelector('button')?.focus();
  }

  /** The file was edited (here or elsewhere) and applied: the screen shows it as it is now. */
  refresh(): void {
    if (this.isOpen) this.api.readSettingsFile();
  }

  close(): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.typed.clear();
    this.refocus();
  }

  private show(state: SettingsFileState): void {
    this.state = state;
    const { edit } = state;
    if (edit) {
      if (edit.ok) this.typed.delete(edit.key);
      else this.typed.set(edit.key, { text: this.typed.get(edit.key)?.text ?? '', problem: edit.problem ?? 'refused' });
      this.status.textContent = edit.ok ? `${edit.key} saved to the file` : `${edit.key} not saved: ${edit.problem ?? ''}`;
    } else if (this.status.textContent.startsWith('Reading')) {
      this.status.textContent = '';
    }
    if (this.isOpen) this.render();
  }

  private render(): void {
    const state = this.state;
    if (!state) return;
    this.intro.textContent = state.unwritable
      ? `${state.file} — ${state.unwritable}.`
      : `${state.file} — each change is written to the file at once and applies as an edit of the file does. Only the changed key is rewritten: every other key, unknown ones too, and the file's layout stay as they are (the file is plain JSON: it has no comments to keep). An empty field removes its key: the default applies.`;
    const unknown = Object.keys(state.values).filter((key) => key !== '$schema' && !state.fields.some((field) => field.key === key));
    if (unknown.length > 0) this.intro.textContent += ` Keys ripcord does not know, kept as written: ${unknown.join(', ')}.`;
    const focused = (document.activeElement as HTMLElement | null)?.dataset.setting;
    this.form.replaceChildren(...state.fields.map((field) => this.row(field, state)));
    const again = focused === undefined ? undefined : this.form.querySelector<HTMLElement>(`[data-setting="${focused}"]`);
    if (again) again.focus();
    else if (this.focusOnRender) this.form.querySelector<HTMLElement>('[data-setting]')?.focus();
    this.focusOnRender = false;
  }

  private row(field: SettingsField, state: SettingsFileState): HTMLElement {
    const row = document.createElement('div');
    row.className = 'ripcord-setting';
    const id = `ripcord-setting-${field.key}`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = field.key;
    const description = document.createElement('p');
    description.id = `${id}-description`;
    description.className = 'ripcord-setting-description';
    description.textContent =
      field.default === undefined ? field.description : `${field.description} Default: ${JSON.stringify(field.default)}.`;
    const typed = this.typed.get(field.key);
    const problems = [
      ...(typed ? [typed.problem] : []),
      ...state.problems
        .filter((p) => p.key === field.key || p.key.startsWith(`${field.key}.`))
        .map((p) => (p.key === field.key ? p.message : `${p.key}: ${p.message}`)),
    ];
    const control = this.control(field, state.values[field.key], typed?.text);
    control.id = id;
    control.dataset.setting = field.key;
    control.disabled = state.unwritable !== undefined;
    const described = [description.id];
    row.append(label, control, description);
    if (problems.length > 0) {
      const problem = document.createElement('p');
      problem.id = `${id}-problem`;
      problem.className = 'ripcord-setting-problem';
      problem.textContent = problems.join('; ');
      control.setAttribute('aria-invalid', 'true');
      described.unshift(problem.id);
      row.append(problem);
    }
    control.setAttribute('aria-describedby', described.join(' '));
    return row;
  }

  private control(field: SettingsField, value: unknown, typed: string | undefined): Control {
    const shown = value === undefined ? field.default : value;
    if (field.kind === 'boolean') {
      const box = input('checkbox');
      box.checked = shown === true;
      box.addEventListener('change', () => this.api.editSetting(field.key, box.checked));
      return box;
    }
    if (field.kind === 'choice') {
      const select = document.createElement('select');
      for (const choice of field.choices ?? []) select.append(new Option(choice, choice, false, choice === shown));
      select.addEventListener('change', () => this.api.editSetting(field.key, select.value));
      return select;
    }
    const text =
      typed ??
      (value === undefined ? '' : field.kind === 'json' ? JSON.stringify(value, null, 2) : value === null ? 'null' : String(value));
    const control = field.kind === 'json' ? document.createElement('textarea') : input(field.kind === 'number' ? 'number' : 'text');
    control.value = text;
    if (field.default !== undefined) control.placeholder = field.kind === 'json' ? JSON.stringify(field.default) : String(field.default);
    if (control instanceof HTMLTextAreaElement) control.rows = Math.min(8, Math.max(2, text.split('\n').length));
    control.addEventListener('change', () => this.submit(field, control.value));
    return control;
  }

  /** A text, number or JSON field left or entered: sent as its value, or kept in place with why it is none. */
  private submit(field: SettingsField, text: string): void {
    const parsed = parseFieldText(field, text);
    this.typed.set(field.key, { text, problem: parsed.ok ? '' : parsed.error });
    if (parsed.ok) this.api.editSetting(field.key, parsed.value);
    else this.render();
  }

  private onKey(event: KeyboardEvent): void {
    const key = widgetKey(event);
    if (key === 'dismiss') {
      event.preventDefault();
      this.close();
    } else if (key === 'tab' || key === 'tab-back') {
      // the focus stays in the dialog (aria-modal): past the last control it comes back to the first
      const stops = [...this.element.querySelectorAll<HTMLElement>('button, [data-setting]:not(:disabled)')];
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = key === 'tab-back' ? (at <= 0 ? stops.length - 1 : -1) : at === stops.length - 1 ? 0 : -1;
      if (next >= 0) {
        event.preventDefault();
        stops[next]?.focus();
      }
    }
    event.stopPropagation();
  }
}

function input(type: string): HTMLInputElement {
  const element = document.createElement('input');
  element.type = type;
  return element;
}

/** A field's text as the value the file takes; empty: the key removed (its default applies). */
export function parseFieldText(field: SettingsField, text: string): Result<unknown> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  if (field.kind === 'number') {
    const number = Number(trimmed);
    return Number.isFinite(number) ? { ok: true, value: number } : { ok: false, error: `must be a number, got ${JSON.stringify(trimmed)}` };
  }
  if (field.kind !== 'json') return { ok: true, value: field.key === 'globalShortcut' && trimmed === 'null' ? null : text };
  try {
    return { ok: true, value: JSON.parse(trimmed) as unknown };
  } catch (error) {
    return { ok: false, error: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}
