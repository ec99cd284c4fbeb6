// The saved layout's file (restoreLayout, issue #45): $XDG_STATE_HOME/ripcord/layout.json, beside
// the log and the transcripts. Read once at startup, before the window exists — bounded as the
// settings file is (bounded-read.ts), with a stat per saved folder — and written while the app
// runs without blocking: atomically (a reader sees the old layout or the new one), 0600.
import { statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { stateDir } from '../log/log';
import { readRegularFileSync } from './bounded-read';
import { writePrivateFileAtomic, type WriteResult } from './private-files';

export const LAYOUT_FILE_NAME = 'layout.json';
/** A layout of 256 panes with long folders is some 100 KB; past this it is not one. */
const LAYOUT_MAX_BYTES = 512 * 1024;

export function defaultLayoutFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(stateDir(env), LAYOUT_FILE_NAME);
}

/** Startup only: the file's JSON, or why there is none to use (missing: there was never one). */
export function readLayoutFileSync(file: string): { ok: true; raw: unknown } | { ok: false; missing: boolean; error: string } {
  const read = readRegularFileSync(file, LAYOUT_MAX_BYTES);
  if (!read.ok) return read;
  try {
    return { ok: true, raw: JSON.parse(read.text) };
  } catch (error) {
    return { ok: false, missing: false, error: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Startup only: the folder is still there to start in. */
export function isDirectorySync(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

export function writeLayoutFile(file: string, text: string): Promise<WriteResult> {
  return writePrivateFileAtomic(file, text);
}

/** restoreLayout is off: no layout is kept (none found is fine). */
export async function removeLayoutFile(file: string): Promise<void> {
  await rm(file, { force: true });
}
