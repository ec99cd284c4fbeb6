// The settings screen's side in main (issue #45): reads the settings file for the screen and
// writes one key of it, never blocking the thread (async reads and an atomic replace). An edit
// is checked by the validator that checks the file (validateConfig) before anything is written:
// refused, the file is untouched and the problem goes back to its field. Written, only that
// key's text changes (json-text-edit.ts) — other keys, unknown ones too, and the layout stay —
// and the file's watcher applies it as any edit of the file.
import type { Result } from '../../contracts/result';
import type { SettingsFileState } from '../../contracts/settings-screen';
import { validateConfig } from '../core/config-validation';
import { editTopLevelKey } from '../core/json-text-edit';
import { readRegularFile } from '../platform/files/bounded-read';
import { CONFIG_MAX_BYTES, writeConfigFile } from '../platform/files/config-file';
import type { Logger } from '../platform/log/log';
import { settingsFields } from './settings-fields';

/** The file's text and its values, as JSON.parse read them. */
type Parsed = Result<{ text: string; values: Record<string, unknown> }>;

/** Why a file cannot be edited here, in the screen's words. */
const NOT_PLAIN_JSON =
  'ripcord reads this file as plain JSON (no comments): it does not parse, so the screen will not rewrite it. Fix it in the JSON file';

export class SettingsFileEditor {
  /** edits one at a time, in order: each reads what the one before wrote */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly log: Pick<Logger, 'event' | 'warn'>,
  ) {}

  /** The file as the screen shows it. */
  read(): Promise<SettingsFileState> {
    return this.serial(async () => this.state(await this.parse()));
  }

  /** Sets `key` to `value` (undefined: removes it) when the validator accepts the result; the file as it is then, and the edit's answer. */
  edit(key: string, value: unknown): Promise<SettingsFileState> {
    return this.serial(async () => {
      const parsed = await this.parse();
      const refuse = (problem: string): SettingsFileState => ({ ...this.state(parsed), edit: { key, ok: false, problem } });
      if (!parsed.ok) return refuse(parsed.error);
      if (!settingsFields().some((field) => field.key === key)) return refuse(`${key} is not a setting`);
      const values = { ...parsed.value.values };
      if (value === undefined) delete values[key];
      else values[key] = value;
      const problems = validateConfig(values).problems.filter((problem) => problem.key === key || problem.key.startsWith(`${key}.`));
      if (problems.length > 0)
        return refuse(problems.map((problem) => (problem.key === key ? problem.message : `${problem.key}: ${problem.message}`)).join('; '));
      const edited = editTopLevelKey(parsed.value.text, key, value);
      if (!edited.ok) return refuse(edited.error);
      const unwritten = await writeConfigFile(this.file, edited.value);
      if (unwritten !== undefined) return refuse(unwritten);
      this.log.event('settings.screen-edit', { key, removed: value === undefined });
      return { ...this.state({ ok: true, value: { text: edited.value, values } }), edit: { key, ok: true } };
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async parse(): Promise<Parsed> {
    const read = await readRegularFile(this.file, CONFIG_MAX_BYTES);
    // no file yet: the screen's first edit makes it
    if (!read.ok)
      return read.missing ? { ok: true, value: { text: '{}\n', values: {} } } : { ok: false, error: `${this.file}: ${read.error}` };
    try {
      const raw: unknown = JSON.parse(read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text);
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        return { ok: false, error: `the file is not one JSON object. ${NOT_PLAIN_JSON}` };
      return { ok: true, value: { text: read.text, values: raw as Record<string, unknown> } };
    } catch (error) {
      return { ok: false, error: `${error instanceof Error ? error.message : String(error)}. ${NOT_PLAIN_JSON}` };
    }
  }

  private state(parsed: Parsed): SettingsFileState {
    const base = { file: this.file, fields: settingsFields() };
    if (!parsed.ok) return { ...base, values: {}, problems: [], unwritable: parsed.error };
    return { ...base, values: parsed.value.values, problems: validateConfig(parsed.value.values).problems };
  }
}
