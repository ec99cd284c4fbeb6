// The settings file: its types, defaults and JSON Schema, and validation with ajv.
// CONFIG_SCHEMA is the one source of truth: build/config.schema.json (shipped, referenced by
// `$schema` so editors complete and check the file) is generated from it by
// build/write-config-schema.mjs, and build/config-schema.test.ts fails when the two drift.
import type { default as AjvClass, ErrorObject, ValidateFunction } from 'ajv';
import { DEFAULT_DEBOUNCE_MS, DEFAULT_WINDOW_MS } from './ctrl-c-state';
import { DEFAULT_EXIT_COMMANDS } from './exit-line-tracker';
import { ownedEnvKeyProblems } from './session-env-keys';
import { DEFAULT_KILL_GRACE_MS } from './kill-grace';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The xterm.js ITheme colors a user may set; unset colors keep xterm's defaults. */
export const THEME_COLOR_KEYS = [
  'background', 'foreground', 'cursor', 'cursorAccent', 'selectionBackground', 'selectionForeground',
  'black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white',
  'brightBlack', 'brightRed', 'brightGreen', 'brightYellow', 'brightBlue', 'brightMagenta', 'brightCyan', 'brightWhite',
] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];
export type ThemeColors = Partial<Record<ThemeColorKey, string>>;

export interface RipcordConfig {
  /** program to run; undefined = $SHELL, else /bin/sh */
  shell?: string;
  args: string[];
  /** undefined = the home directory */
  cwd?: string;
  env: Record<string, string>;
  exitCommands: string[];
  /** inject OSC 133 marks and the exit-command hook into bash, zsh and fish */
  shellIntegration: boolean;
  doublePressWindowMs: number;
  debounceMs: number;
  killGraceMs: number;
  /** Electron accelerator; null = no global shortcut */
  globalShortcut: string | null;
  fontFamily: string;
  fontSize: number;
  theme: ThemeColors;
  scrollback: number;
  copyOnSelect: boolean;
  allowClipboardWrite: boolean;
  logLevel: LogLevel;
  /** keep each session's output on disk (asciicast v2, see docs/see-stop-keep.md) */
  transcripts: boolean;
}

export interface ConfigProblem {
  /** dotted path of the offending key, e.g. "theme.background" */
  key: string;
  message: string;
}

// The two press ranges do not overlap, so the debounce is always shorter than the window and
// every editor can check it from the schema alone (JSON Schema cannot compare two keys).
const DEBOUNCE_MAX_MS = 400;
const WINDOW_MIN_MS = 500;
// Longer than this and a "second press" is no longer a deliberate double press.
const WINDOW_MAX_MS = 5_000;
// Under 100 ms a shell gets no real chance to clean up after SIGHUP; over a minute the
// "nothing outlives the app" promise becomes meaningless.
const KILL_GRACE_MIN_MS = 100;
const KILL_GRACE_MAX_MS = 60_000;
const FONT_SIZE_MIN = 6;
const FONT_SIZE_MAX = 72;
// xterm keeps every scrollback line in memory; a million lines is already hundreds of MB.
const SCROLLBACK_MAX = 1_000_000;

export const DEFAULT_CONFIG: RipcordConfig = {
  args: [],
  env: {},
  exitCommands: [...DEFAULT_EXIT_COMMANDS],
  shellIntegration: true,
  doublePressWindowMs: DEFAULT_WINDOW_MS,
  debounceMs: DEFAULT_DEBOUNCE_MS,
  killGraceMs: DEFAULT_KILL_GRACE_MS,
  globalShortcut: 'CommandOrControl+Alt+Q',
  fontFamily: 'monospace',
  fontSize: 14,
  theme: {},
  scrollback: 10_000,
  copyOnSelect: false,
  allowClipboardWrite: false,
  logLevel: 'info',
  transcripts: true,
};

/** Word written instead of null to switch the global shortcut off. */
export const SHORTCUT_OFF = 'off';

const ACCELERATOR_MODIFIERS = ['CommandOrControl', 'CmdOrCtrl', 'Command', 'Cmd', 'Control', 'Ctrl', 'Alt', 'Option', 'AltGr', 'Shift', 'Super', 'Meta'];
const ACCELERATOR_NAMED_KEYS = [
  'F(?:[1-9]|1[0-9]|2[0-4])', 'Plus', 'Space', 'Tab', 'Capslock', 'Numlock', 'Scrolllock', 'Backspace', 'Delete',
  'Insert', 'Return', 'Enter', 'Up', 'Down', 'Left', 'Right', 'Home', 'End', 'PageUp', 'PageDown', 'Escape', 'Esc',
  'VolumeUp', 'VolumeDown', 'VolumeMute', 'MediaNextTrack', 'MediaPreviousTrack', 'MediaStop', 'MediaPlayPause',
  'PrintScreen', 'num[0-9]', 'numdec', 'numadd', 'numsub', 'nummult', 'numdiv',
];
// Electron reads accelerators case-insensitively: "ctrl+alt+q" is as good as "Ctrl+Alt+Q".
const ACCELERATOR_FORMAT = new RegExp(
  `^(?:(?:${ACCELERATOR_MODIFIERS.join('|')})\\+)+(?:${ACCELERATOR_NAMED_KEYS.join('|')}|[A-Z0-9]|[-=[\\];',./\`\\\\)!@#$%^&*(:+<_>?~{|}"])$`,
  'i',
);
// Hex, rgb()/rgba() or a CSS color name — what xterm's theme accepts.
const CSS_COLOR_FORMAT = /^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)|[a-z]+)$/i;

const nonEmptyString = { type: 'string', minLength: 1 } as const;
const color = { type: 'string', format: 'css-color', examples: ['#1e1e2e', 'rgb(30, 30, 46)'] } as const;

export const CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'ripcord settings',
  description: 'Settings of the ripcord terminal (~/.config/ripcord/config.json). A bad key is reported and falls back to its default; ripcord never rewrites this file.',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string', description: 'The schema this file follows, for editors: "./config.schema.json" (ripcord keeps a copy beside this file).' },
    shell: { ...nonEmptyString, description: 'Program to run in the terminal. Default: $SHELL, else /bin/sh.', examples: ['/bin/bash', '/usr/bin/fish'] },
    args: { type: 'array', items: { type: 'string' }, description: 'Arguments for the shell.', default: DEFAULT_CONFIG.args, examples: [['-l']] },
    cwd: { ...nonEmptyString, description: 'Working directory of the desktop app\'s session. Default: your home directory. (`ripcord run` starts in the current directory, or --cwd.)' },
    env: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra environment variables for the session, laid over the inherited ones (TERM included). RIPCORD and RIPCORD_SESSION are ripcord\'s own.', default: DEFAULT_CONFIG.env },
    exitCommands: {
      type: 'array', items: nonEmptyString, uniqueItems: true, default: DEFAULT_CONFIG.exitCommands,
      description: 'Lines that quit ripcord when typed at the prompt of the session\'s own shell (docs/exit-commands.md). [] turns this off.',
    },
    shellIntegration: {
      type: 'boolean', default: DEFAULT_CONFIG.shellIntegration,
      description: 'Add prompt marks and exit-command recognition to bash, zsh and fish sessions without touching your dotfiles (docs/shell-integration.md).',
    },
    doublePressWindowMs: {
      type: 'integer', minimum: WINDOW_MIN_MS, maximum: WINDOW_MAX_MS, default: DEFAULT_CONFIG.doublePressWindowMs,
      description: 'A second Ctrl+C within this many milliseconds of the first quits.',
    },
    debounceMs: {
      type: 'integer', minimum: 0, maximum: DEBOUNCE_MAX_MS, default: DEFAULT_CONFIG.debounceMs,
      description: 'Presses closer than this many milliseconds to the first count once (a hammered key still quits).',
    },
    killGraceMs: {
      type: 'integer', minimum: KILL_GRACE_MIN_MS, maximum: KILL_GRACE_MAX_MS, default: DEFAULT_CONFIG.killGraceMs,
      description: 'On exit the session gets SIGHUP, SIGTERM at half this time and SIGKILL at this time (milliseconds).',
    },
    globalShortcut: {
      oneOf: [
        { type: 'string', format: 'electron-accelerator', examples: ['CommandOrControl+Alt+Q'] },
        { type: 'string', const: SHORTCUT_OFF },
        { type: 'null' },
      ],
      default: DEFAULT_CONFIG.globalShortcut,
      description: 'System-wide key that quits ripcord (an Electron accelerator), or "off" / null for none.',
    },
    fontFamily: { ...nonEmptyString, default: DEFAULT_CONFIG.fontFamily, description: 'CSS font family of the terminal.' },
    fontSize: { type: 'number', minimum: FONT_SIZE_MIN, maximum: FONT_SIZE_MAX, default: DEFAULT_CONFIG.fontSize, description: 'Font size in CSS pixels.' },
    theme: {
      type: 'object', additionalProperties: false, default: DEFAULT_CONFIG.theme,
      properties: Object.fromEntries(THEME_COLOR_KEYS.map((key) => [key, color])),
      description: 'Terminal colors (hex, rgb() or a CSS color name); unset colors keep the defaults.',
    },
    scrollback: { type: 'integer', minimum: 0, maximum: SCROLLBACK_MAX, default: DEFAULT_CONFIG.scrollback, description: 'Lines kept above the screen.' },
    copyOnSelect: { type: 'boolean', default: DEFAULT_CONFIG.copyOnSelect, description: 'Copy the selection to the clipboard as soon as it is made.' },
    allowClipboardWrite: {
      type: 'boolean', default: DEFAULT_CONFIG.allowClipboardWrite,
      description: 'Let programs in the terminal set the clipboard with OSC 52. Off by default: any program could overwrite it.',
    },
    logLevel: { type: 'string', enum: ['debug', 'info', 'warn', 'error'], default: DEFAULT_CONFIG.logLevel, description: 'Least severe level written to the log.' },
    transcripts: {
      type: 'boolean', default: DEFAULT_CONFIG.transcripts,
      description: 'Keep what each session printed in a file (the last 20 sessions, 8 MB each). It keeps everything shown, secrets included; false turns it off.',
    },
  },
} as const;

/** The exact text of the shipped schema file (and of the copy kept beside the user's config). */
export function configSchemaText(): string {
  return `${JSON.stringify(CONFIG_SCHEMA, null, 2)}\n`;
}

let compiledValidator: ValidateFunction | undefined;
/** The bundler's CommonJS require, declared for ajv alone: main/core has no Node types (core tsconfig). */
declare const require: (module: 'ajv') => { default: typeof AjvClass };

/**
 * Loaded and compiled on first use: ~55 ms (compile) and ~7 ms (loading ajv's modules) of
 * startup that a start without a settings file need not pay. The bundler keeps a require
 * inside a function lazy; a static import would run ajv's modules at startup.
 */
function configValidator(): ValidateFunction {
  if (!compiledValidator) {
    const Ajv = require('ajv').default;
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    ajv.addFormat('electron-accelerator', ACCELERATOR_FORMAT);
    ajv.addFormat('css-color', CSS_COLOR_FORMAT);
    compiledValidator = ajv.compile(CONFIG_SCHEMA);
  }
  return compiledValidator;
}

type Json = Record<string, unknown>;

/**
 * Checks a parsed settings file. Every bad key is reported and falls back to its default, key by
 * key; entries of `theme` and `env` fall back one by one. Never throws.
 */
export function validateConfig(raw: unknown): { config: RipcordConfig; problems: ConfigProblem[] } {
  if (raw === undefined) return { config: cloneDefaults(), problems: [] };
  if (!isObject(raw)) {
    return { config: cloneDefaults(), problems: [{ key: '(file)', message: `must be a JSON object, got ${describe(raw)}` }] };
  }
  const candidate = structuredClone(raw);
  const problems: ConfigProblem[] = [];
  const validate = configValidator();
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
  return { config, problems };
}

function merge(valid: Json): RipcordConfig {
  const { $schema: _schema, globalShortcut, ...rest } = valid;
  const config = { ...cloneDefaults(), ...(rest as Partial<RipcordConfig>) };
  if (globalShortcut !== undefined) config.globalShortcut = globalShortcut === SHORTCUT_OFF ? null : (globalShortcut as string | null);
  return config;
}

function cloneDefaults(): RipcordConfig {
  return structuredClone(DEFAULT_CONFIG);
}

/** Path of the key an error is about; an unknown key's path ends with the key itself. */
function errorPath(error: ErrorObject): string[] {
  const path = error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
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
const ENTRYWISE_KEYS = new Set(['theme', 'env']);

function dropInvalid(candidate: Json, path: string[]): void {
  const [top, entry] = path;
  if (top === undefined) return;
  const container = candidate[top];
  if (path.length === 2 && entry !== undefined && ENTRYWISE_KEYS.has(top) && isObject(container)) {
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
      return `must be a shortcut like "CommandOrControl+Alt+Q", "${SHORTCUT_OFF}" or null, got ${describe(value)}`;
    case 'uniqueItems': {
      // ajv's own text ("items ## 1 and 0 are identical") counts from 0, later entry first.
      const [first, second] = [Number(error.params.i), Number(error.params.j)].sort((x, y) => x - y) as [number, number];
      return `must not list an entry twice: entries ${first + 1} and ${second + 1} are both ${describe(valueAt(raw, [...path, String(first)]))}`;
    }
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, got ${describe(value)}`;
    default:
      return `${error.message ?? 'is invalid'}, got ${describe(value)}`;
  }
}

function unknownKeyMessage(path: string[]): string {
  const name = path[path.length - 1] ?? '';
  const known = path.length === 1 ? Object.keys(CONFIG_SCHEMA.properties) : path[0] === 'theme' ? [...THEME_COLOR_KEYS] : [];
  const near = known.find((k) => k.toLowerCase() === name.toLowerCase());
  const hint = near ? ` (did you mean "${near}"?)` : '';
  return `unknown key${hint}`;
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
