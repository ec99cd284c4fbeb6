// A settings file checked against CONFIG_SCHEMA by the validator ajv compiled from it ahead of
// time (config-validator.generated.js): every bad key is reported and falls back to its default.
import type { ErrorObject } from 'ajv';
import validate from './config-validator.generated';
import { DEFAULT_CONFIG, SHORTCUT_OFF, THEME_COLOR_KEYS, type ConfigProblem, type RipcordConfig } from './config';
import { COLOR_RULE, CONFIG_SCHEMA } from './config-schema';
import { ownedEnvKeyProblems } from './session-env-keys';
import { profileNameProblems } from './profiles';
import { ACTION_IDS, KEY_NONE, keybindingProblems, type Keybindings } from './actions';

type Json = Record<string, unknown>;

/**
 * Checks a parsed settings file. Every bad key is reported and falls back to its default, key by
 * key; entries of `theme` and `env` fall back one by one. Never throws.
 */
export function validateConfig(raw: unknown): { config: RipcordConfig; problems: ConfigProblem[] } {
  if (raw === undefined) return { config: cloneDefaults(), problems: [] };
  if (!isObject(raw)) {
    return { config: cloneDefaults(), problems: [{ key: FILE_PROBLEM_KEY, message: `must be a JSON object, got ${describe(raw)}` }] };
  }
  const candidate = structuredClone(raw);
  const problems: ConfigProblem[] = [];
  if (!validate(candidate)) {
    for (const error of collapse(validate.errors ?? [])) {
      const path = errorPath(error);
      problems.push({ key: path.join('.'), message: messageFor(error, raw, path) });
      dropInvalid(candidate, path);
    }
  }
  const config = merge(candidate);
  for (const problem of ownedEnvKeyProblems(config.env)) {
    problems.push(problem);
    delete config.env[problem.key.slice('env.'.length)];
  }
  for (const problem of profileNameProblems(config.profiles)) {
    problems.push(problem);
    delete config.profiles[problem.key.slice('profiles.'.length)];
  }
  if (config.defaultProfile !== undefined && !Object.hasOwn(config.profiles, config.defaultProfile)) {
    problems.push({
      key: 'defaultProfile',
      message: `names no profile of \`profiles\`, got ${describe(config.defaultProfile)}; the \`shell\` setting is used`,
    });
    delete config.defaultProfile;
  }
  for (const problem of keybindingProblems(config.keybindings, config.globalShortcut)) {
    problems.push(problem);
    delete config.keybindings[problem.key.slice('keybindings.'.length) as keyof Keybindings];
  }
  return { config, problems: inFileOrder(problems, raw) };
}

/** The key a problem of the whole file is reported under. */
export const FILE_PROBLEM_KEY = '(file)';

/** Problems in the order their keys stand in the file (the schema's order is not the user's). */
function inFileOrder(problems: ConfigProblem[], raw: Json): ConfigProblem[] {
  const keys = Object.keys(raw);
  const place = (problem: ConfigProblem): number => keys.indexOf(problem.key.split('.')[0] ?? '');
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => place(a.problem) - place(b.problem) || a.index - b.index)
    .map(({ problem }) => problem);
}

function merge(valid: Json): RipcordConfig {
  const { $schema: _schema, globalShortcut, ...rest } = valid;
  const config = { ...cloneDefaults(), ...(rest as Partial<RipcordConfig>) };
  if (globalShortcut !== undefined) config.globalShortcut = globalShortcut === SHORTCUT_OFF ? null : (globalShortcut as string | null);
  config.keybindings = Object.fromEntries(Object.entries(config.keybindings).map(([id, key]) => [id, key === KEY_NONE ? null : key]));
  return config;
}

function cloneDefaults(): RipcordConfig {
  return structuredClone(DEFAULT_CONFIG);
}

/** Path of the key an error is about; an unknown key's path ends with the key itself. */
function errorPath(error: ErrorObject): string[] {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  return path;
}

/**
 * A oneOf failure also reports every branch's own error; the user needs one line per key, so
 * keep only the oneOf error when a key has one.
 */
function collapse(errors: ErrorObject[]): ErrorObject[] {
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  return errors.filter((e) => e.keyword === 'oneOf' || !oneOfPaths.has(e.instancePath));
}

/** Entries of free-form maps (theme colors, env variables) are independent; anything else falls back whole. */
const ENTRYWISE_KEYS = new Set(['theme', 'env', 'profiles', 'keybindings']);

function dropInvalid(candidate: Json, path: string[]): void {
  const [top, entry] = path;
  if (top === undefined) return;
  const container = candidate[top];
  // a profile's own key (profiles.NAME.args) drops that profile
  if (path.length >= 2 && entry !== undefined && ENTRYWISE_KEYS.has(top) && isObject(container)) {
    delete container[entry];
  } else {
    delete candidate[top];
  }
}

function messageFor(error: ErrorObject, raw: Json, path: string[]): string {
  const value = valueAt(raw, path);
  switch (error.keyword) {
    case 'additionalProperties':
      return unknownKeyMessage(path);
    case 'oneOf':
      if (path[0] === 'keybindings') return `must be a key like "Ctrl+Shift+O", "${KEY_NONE}" or null, got ${describe(value)}`;
      return `must be a shortcut like "CommandOrControl+Alt+Q", "${SHORTCUT_OFF}" or null, got ${describe(value)}`;
    case 'uniqueItems': {
      // ajv's own text ("items ## 1 and 0 are identical") counts from 0, later entry first.
      const [first, second] = [Number(error.params.i), Number(error.params.j)].sort((x, y) => x - y) as [number, number];
      return `must not list an entry twice: entries ${first + 1} and ${second + 1} are both ${describe(valueAt(raw, [...path, String(first)]))}`;
    }
    case 'format':
      return error.params.format === 'css-color'
        ? `${COLOR_RULE}, got ${describe(value)}`
        : `${error.message ?? 'is invalid'}, got ${describe(value)}`;
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${describe(value)}`;
    default:
      return `${error.message ?? 'is invalid'}, got ${describe(value)}`;
  }
}

function unknownKeyMessage(path: string[]): string {
  const name = path[path.length - 1] ?? '';
  const known =
    path.length === 1
      ? Object.keys(CONFIG_SCHEMA.properties)
      : path[0] === 'theme'
        ? [...THEME_COLOR_KEYS]
        : path[0] === 'keybindings'
          ? ACTION_IDS
          : [];
  const near = known.find((k) => k.toLowerCase() === name.toLowerCase());
  const hint = near ? ` (did you mean "${near}"?)` : '';
  return path[0] === 'keybindings' && path.length === 2
    ? `unknown action${hint}: the actions are listed in docs/usage.md#all-keys`
    : `unknown key${hint}`;
}

function valueAt(raw: Json, path: string[]): unknown {
  let value: unknown = raw;
  for (const part of path) value = isObject(value) || Array.isArray(value) ? (value as Json)[part] : undefined;
  return value;
}

// Long values (a pasted blob) are cut so a problem stays one readable line.
const DESCRIBE_MAX_CHARS = 60;

function describe(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > DESCRIBE_MAX_CHARS ? `${text.slice(0, DESCRIBE_MAX_CHARS)}…` : text;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
