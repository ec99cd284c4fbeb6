// The settings file on disk: where it lives, reading it at startup (sync: it runs once, before
// any window or session exists), and the schema copy kept beside it for editors.
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { configSchemaText, validateConfig, type RipcordConfig } from '../core/config';
import type { EventLog } from './event-log';

export interface LoadedConfig {
  path: string;
  config: RipcordConfig;
  /** "FILE: key: problem", one per line to show the user */
  problems: string[];
}

/** Name of the schema copy beside the config file; the config's `$schema` says "./config.schema.json". */
export const SCHEMA_FILE_NAME = 'config.schema.json';

/** $RIPCORD_CONFIG, else $XDG_CONFIG_HOME/ripcord/config.json, else ~/.config/ripcord/config.json. */
export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RIPCORD_CONFIG) return path.resolve(env.RIPCORD_CONFIG);
  // XDG: a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(os.homedir(), '.config');
  return path.join(base, 'ripcord', 'config.json');
}

/**
 * Reads and validates the settings file. A missing file means defaults; anything wrong with it
 * becomes a problem line and the affected keys (or the whole file) fall back to defaults.
 * Never throws, never writes.
 */
export function loadConfig(file: string = defaultConfigPath()): LoadedConfig {
  const problems: string[] = [];
  const report = (key: string, message: string) => problems.push(`${file}: ${key}: ${message}`);
  let raw: unknown;
  try {
    raw = parseJson(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') report('(file)', error instanceof SyntaxError ? `not valid JSON: ${error.message}` : `cannot be read: ${describeError(error)}`);
    raw = undefined;
  }
  const { config, problems: keyProblems } = validateConfig(raw);
  for (const problem of keyProblems) report(problem.key, problem.message);
  return { path: file, config, problems };
}

/** JSON.parse, allowing a UTF-8 byte order mark (some Windows editors write one). */
function parseJson(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Keeps an up-to-date copy of the shipped schema beside the config file, so `"$schema":
 * "./config.schema.json"` resolves for editors whatever way ripcord was installed (an AppImage's
 * own files live at a different path on every launch). Writes only the schema file, only when it
 * differs. Resolves to an error message, or undefined when the copy is current.
 */
export async function writeSchemaBeside(configFile: string): Promise<string | undefined> {
  const target = path.join(path.dirname(configFile), SCHEMA_FILE_NAME);
  const text = configSchemaText();
  try {
    if ((await readFile(target, 'utf8').catch(() => undefined)) === text) return undefined;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
    return undefined;
  } catch (error) {
    return `${target}: cannot be written: ${describeError(error)}`;
  }
}

/** Hosts call this once at startup; it runs in the background and only ever logs. */
export function keepSchemaBeside(configFile: string, log: Pick<EventLog, 'warn'>): void {
  void writeSchemaBeside(configFile).then((problem) => {
    if (problem) log.warn('config.schema-copy-failed', { problem });
  });
}
