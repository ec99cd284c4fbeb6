// The settings file on disk: where it lives, reading it at startup (sync: it runs once, before
// any window or session exists — bounded: see bounded-read.ts) and again when it was edited
// (async, config-watch.ts), and the schema copy kept in ripcord's own config directory for editors.
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { configSchemaText } from '../../core/config-schema';
import { FILE_PROBLEM_KEY, validateConfig } from '../../core/config-validation';
import { type RipcordConfig } from '../../core/config';
import { validateEditedConfig } from '../../core/config-edit';
import { visibleText } from '../../core/visible-text';
import { readRegularFile, readRegularFileSync, type BoundedRead } from './bounded-read';
import type { EventLog } from '../log/event-log';
import { writePrivateFileAtomic } from './private-files';

export interface LoadedConfig {
  path: string;
  config: RipcordConfig;
  /** "FILE: key: problem", one per line to show the user */
  problems: string[];
}

/** Name of the schema copy in ripcord's config directory; the config's `$schema` says "./config.schema.json". */
export const SCHEMA_FILE_NAME = 'config.schema.json';
/** A settings file is a few KB; anything past this is not one (and /dev/zero never ends). */
export const CONFIG_MAX_BYTES = 1024 * 1024;

/** ripcord's own config directory: $XDG_CONFIG_HOME/ripcord, else ~/.config/ripcord. */
export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  // XDG: a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(os.homedir(), '.config');
  return path.join(base, 'ripcord');
}

/** $RIPCORD_CONFIG, else $XDG_CONFIG_HOME/ripcord/config.json, else ~/.config/ripcord/config.json. */
export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RIPCORD_CONFIG) return path.resolve(env.RIPCORD_CONFIG);
  return path.join(configDirectory(env), 'config.json');
}

/**
 * Reads and validates the settings file. A missing file at the usual place means defaults; one
 * the user named (`file`, from --config, or $RIPCORD_CONFIG) is a problem line, since a typo
 * would otherwise go unseen. Anything wrong with the file becomes a problem line and the affected
 * keys (or the whole file) fall back to defaults. A FIFO, a device, a directory or a file over
 * CONFIG_MAX_BYTES is refused without reading it. Every problem line has its control characters
 * made visible (keys, values and parse errors are the file's text). Never throws, never writes.
 */
export function loadConfig(named?: string, env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const file = named ?? defaultConfigPath(env);
  const missingIsProblem = named !== undefined || Boolean(env.RIPCORD_CONFIG);
  return checked(file, readRegularFileSync(file, CONFIG_MAX_BYTES), undefined, missingIsProblem);
}

/**
 * The file read again after an edit, without blocking the thread: as loadConfig, except that a
 * key with a problem keeps its `previous` value, and a file that cannot be read or parsed keeps
 * all of them (validateEditedConfig). A missing file means the defaults, as at startup.
 */
export async function reloadConfig(file: string, previous: RipcordConfig): Promise<LoadedConfig> {
  const read = await readRegularFile(file, CONFIG_MAX_BYTES);
  return checked(file, read, previous);
}

/** The read file's settings and problems; with `previous` (a reload), problems keep what was in use. */
function checked(file: string, read: BoundedRead, previous?: RipcordConfig, missingIsProblem = false): LoadedConfig {
  const problems: string[] = [];
  const report = (key: string, message: string) => problems.push(visibleText(`${file}: ${key}: ${message}`));
  let raw: unknown;
  let fileProblem: string | undefined;
  if (read.ok) {
    try {
      raw = parseJson(read.text);
    } catch (error) {
      fileProblem = `not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    }
  } else if (!read.missing || missingIsProblem) {
    fileProblem = read.error;
  }
  // a problem of the whole file says what ripcord does instead, whether it was read or parsed badly or is no object
  const instead = previous ? 'keeping the settings in use' : 'using the defaults';
  if (fileProblem !== undefined) {
    report(FILE_PROBLEM_KEY, `${fileProblem}; ${instead}`);
    if (previous) return { path: file, config: structuredClone(previous), problems };
  }
  const { config, problems: keyProblems } = previous ? validateEditedConfig(previous, raw) : validateConfig(raw);
  for (const problem of keyProblems)
    report(problem.key, problem.key === FILE_PROBLEM_KEY ? `${problem.message}; ${instead}` : problem.message);
  return { path: file, config, problems };
}

/** JSON.parse, allowing a UTF-8 byte order mark (some Windows editors write one). */
function parseJson(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/**
 * The settings screen's write (issue #45): the whole new text at once (a temp file renamed over
 * it, 0600), where the file really is — a symlink into a dotfiles repository is followed, not
 * replaced. Resolves to an error message, or undefined when written.
 */
export async function writeConfigFile(file: string, text: string): Promise<string | undefined> {
  const target = await realpath(file).catch(() => file);
  const written = await writePrivateFileAtomic(target, text);
  return written.ok ? undefined : visibleText(`${file} cannot be written: ${written.error}`);
}

/**
 * Keeps an up-to-date copy of the shipped schema in ripcord's own config directory, so
 * `"$schema": "./config.schema.json"` resolves for editors whatever way ripcord was installed
 * (an AppImage's own files live at a different path on every launch). Only there: never beside
 * whatever --config or RIPCORD_CONFIG names (`--config /dev/null` must not write into /dev).
 * Written atomically and 0600, only when it differs; a symlink at its path is replaced, never
 * followed. Resolves to an error message, or undefined when the copy is current.
 */
export async function writeSchemaCopy(dir: string = configDirectory()): Promise<string | undefined> {
  const target = path.join(dir, SCHEMA_FILE_NAME);
  const text = configSchemaText();
  if ((await readOwnFile(target)) === text) return undefined;
  const written = await writePrivateFileAtomic(target, text);
  return written.ok ? undefined : visibleText(`${target}: cannot be written: ${written.error}`);
}

/** The current copy, if it is a regular file of ours (a symlink reads as absent, so it is replaced). */
async function readOwnFile(file: string): Promise<string | undefined> {
  try {
    const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const stat = await handle.stat();
      return stat.isFile() && stat.size <= CONFIG_MAX_BYTES ? await handle.readFile('utf8') : undefined;
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * The schema copy waits until a usual first prompt is out: its reads and writes are nothing the
 * start needs. (A session shorter than this leaves the copy to the next one.)
 */
const SCHEMA_COPY_DELAY_MS = 250;

/** Hosts call this once at startup; it runs in the background, after the start, and only ever logs. */
export function keepSchemaCopy(log: Pick<EventLog, 'warn'>, dir: string = configDirectory()): void {
  setTimeout(() => {
    void writeSchemaCopy(dir).then((problem) => {
      if (problem) log.warn('config.schema-copy-failed', { problem });
    });
  }, SCHEMA_COPY_DELAY_MS).unref();
}
