// The settings screen's messages, and the profiles the page offers (issue #45): main sends the
// page the fields of the one schema that validates the settings file
// (main/desktop/settings-fields.ts) with the file's values and problems; the page asks main to
// set or remove one key, and main answers with the file as it is then and what became of the
// edit. The page never reads or writes the file itself.
import type { Result } from './result';

/** A profile of the settings as the page offers it ("New tab with profile…"). */
export interface ProfileEntry {
  name: string;
  /** what it runs, for the menu's description */
  program: string;
  /** its tabs' mark, a CSS color */
  color?: string;
}

export type SettingsFieldKind = 'boolean' | 'choice' | 'number' | 'text' | 'json';

export interface SettingsField {
  key: string;
  kind: SettingsFieldKind;
  description: string;
  /** the value the key has when the file does not set it (none: e.g. `shell`, `cwd`) */
  default?: unknown;
  /** a choice's values */
  choices?: string[];
  minimum?: number;
  maximum?: number;
  /** a number that must be whole */
  integer?: boolean;
}

export interface SettingsFileState {
  /** the settings file's path */
  file: string;
  fields: SettingsField[];
  /** the file's keys as written in it (a key it does not set is absent) */
  values: Record<string, unknown>;
  /** what is wrong in the file as it is: the validator's messages, by key */
  problems: { key: string; message: string }[];
  /** the screen cannot write the file: why (it is not plain JSON, it cannot be read) */
  unwritable?: string;
  /** the answer to the last edit: written, or refused with the problem shown beside its field */
  edit?: { key: string; ok: boolean; problem?: string };
}

/** A key is a word of the schema (main checks it is one); longer is no key. */
const SETTING_KEY = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
/** A value's JSON is a few KB at most (a list of profiles); past this it is no setting. */
export const MAX_SETTING_JSON_CHARS = 65_536;

/** editSetting's arguments: a key, and its new value (none: the key is removed, its default applies). */
export function parseEditSetting(args: readonly unknown[]): Result<{ key: string; value: unknown }> {
  const [key, value] = args;
  if (args.length < 1 || args.length > 2) return { ok: false, error: `expected 1 or 2 argument(s), got ${args.length}` };
  if (typeof key !== 'string' || !SETTING_KEY.test(key)) return { ok: false, error: "a setting's key is a word of letters and digits" };
  if (args.length === 1 || value === undefined) return { ok: true, value: { key, value: undefined } };
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (json === undefined || json.length > MAX_SETTING_JSON_CHARS)
    return { ok: false, error: `a setting's value is JSON of at most ${MAX_SETTING_JSON_CHARS} chars` };
  return { ok: true, value: { key, value: JSON.parse(json) as unknown } };
}
