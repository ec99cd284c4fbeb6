// Schema-first message shapes (DESIGN §1): each shape is written once, as a schema, and both its
// TypeScript type (Infer) and its runtime check come from it. In-house and tiny on purpose:
// `ripcord run`'s start loads it, and that start is benched.
import type { Result } from './result';

/** A shape: its check builds a fresh value of type T from what arrived, or says which field is wrong. */
export interface Schema<T> {
  /** `at`: where the value sits in its message ("start.cols"), for the error */
  check(value: unknown, at?: string): Result<T>;
  /** what the shape is, in a few words, for errors */
  readonly describes: string;
}

/** An object field that may be absent (object()). */
export interface OptionalSchema<T> extends Schema<T | undefined> {
  readonly optional: true;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalSchema<unknown> ? K : never }[keyof S];
type Flat<T> = { [K in keyof T]: T[K] } & {};
/** The object type of a shape: optional() fields become optional keys. */
export type InferObject<S extends Shape> = Flat<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>;

const MAX_SHOWN_CHARS = 40;

/** A value as an error shows it: short, and never the whole of a large one. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'object') return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS)}…` : text;
}

const fail = (at: string, describes: string, value: unknown): { ok: false; error: string } => ({
  ok: false,
  error: `${at || 'the message'}: expected ${describes}, got ${shown(value)}`,
});
const field = (at: string, key: string): string => (at ? `${at}.${key}` : key);

/** A value that passes `is` (a guard the contracts already have, such as isPaneId). */
export function guard<T>(describes: string, is: (value: unknown) => value is T): Schema<T> {
  return { describes, check: (value, at = '') => (is(value) ? { ok: true, value } : fail(at, describes, value)) };
}

export const string = (): Schema<string> => guard('a string', (value): value is string => typeof value === 'string');
export const boolean = (): Schema<boolean> => guard('true or false', (value): value is boolean => typeof value === 'boolean');
/** A whole number from 0: a pid, a size, a duration in ms, an id. */
export const count = (): Schema<number> =>
  guard('a whole number from 0', (value): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);
/** Any finite number, at least `min` when given. */
export function number(min?: number): Schema<number> {
  const describes = min === undefined ? 'a number' : `a number from ${min}`;
  return guard(
    describes,
    (value): value is number => typeof value === 'number' && Number.isFinite(value) && (min === undefined || value >= min),
  );
}

/** One of a few exact values. */
export function literal<const T extends ReadonlyArray<string | number | boolean>>(...values: T): Schema<T[number]> {
  return guard(values.length === 1 ? shown(values[0]) : `one of ${values.map(shown).join(', ')}`, (value): value is T[number] =>
    values.includes(value as T[number]),
  );
}

export function optional<T>(schema: Schema<T>): OptionalSchema<T> {
  return {
    optional: true,
    describes: `${schema.describes} or nothing`,
    check: (value, at) => (value === undefined ? { ok: true, value: undefined } : schema.check(value, at)),
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object with exactly these fields checked; other fields are left out of the value (never passed on). */
export function object<S extends Shape>(shape: S): Schema<InferObject<S>> {
  const entries = Object.entries(shape);
  return {
    describes: 'an object',
    check: (value, at = '') => {
      if (!isPlainObject(value)) return fail(at, 'an object', value);
      const built: Record<string, unknown> = {};
      for (const [key, schema] of entries) {
        const checked = schema.check(Object.hasOwn(value, key) ? value[key] : undefined, field(at, key));
        if (!checked.ok) return checked;
        if (checked.value !== undefined) built[key] = checked.value;
      }
      return { ok: true, value: built as InferObject<S> };
    },
  };
}

/** A record whose keys pass `key` and whose values pass `values` (a pane's tab, by pane). */
export function record<K extends string, V>(key: Schema<K>, values: Schema<V>): Schema<Record<K, V>> {
  return {
    describes: 'an object',
    check: (value, at = '') => {
      if (!isPlainObject(value)) return fail(at, 'an object', value);
      const built = {} as Record<K, V>;
      for (const [name, item] of Object.entries(value)) {
        const checkedKey = key.check(name, field(at, '(key)'));
        if (!checkedKey.ok) return checkedKey;
        const checked = values.check(item, field(at, name));
        if (!checked.ok) return checked;
        built[checkedKey.value] = checked.value;
      }
      return { ok: true, value: built };
    },
  };
}

type Variants = Record<string, Schema<object>>;
/** A tagged union: the tag's value picks the variant (`{kind: 'exit-command', line}` from union('kind', {'exit-command': object({line})})). */
export type InferUnion<Tag extends string, V extends Variants> = {
  [K in keyof V & string]: Flat<{ [T in Tag]: K } & Infer<V[K]>>;
}[keyof V & string];

export function union<Tag extends string, V extends Variants>(tag: Tag, variants: V): Schema<InferUnion<Tag, V>> {
  const tags = Object.keys(variants);
  const describes = `${tag} ${tags.map((name) => JSON.stringify(name)).join(' | ')}`;
  return {
    describes,
    check: (value, at = '') => {
      if (!isPlainObject(value)) return fail(at, 'an object', value);
      const name = value[tag];
      if (typeof name !== 'string' || !Object.hasOwn(variants, name))
        return fail(field(at, tag), `one of ${tags.map((t) => JSON.stringify(t)).join(', ')}`, name);
      const checked = (variants[name] as Schema<object>).check(value, at);
      return checked.ok ? { ok: true, value: { [tag]: name, ...checked.value } as InferUnion<Tag, V> } : checked;
    },
  };
}

/** A Result<T> as it crosses a link: `{ok: true, value}` with value a T, or `{ok: false, error}`. */
export function result<T>(value: Schema<T>): Schema<Result<T>> {
  const failed = object({ error: string() });
  return {
    describes: `a result of ${value.describes}`,
    check: (input, at = '') => {
      if (!isPlainObject(input)) return fail(at, 'an object', input);
      if (input.ok === false) {
        const checked = failed.check(input, at);
        return checked.ok ? { ok: true, value: { ok: false, error: checked.value.error } } : checked;
      }
      if (input.ok !== true) return fail(field(at, 'ok'), 'true or false', input.ok);
      const checked = value.check(input.value, field(at, 'value'));
      return checked.ok ? { ok: true, value: { ok: true, value: checked.value } } : checked;
    },
  };
}
