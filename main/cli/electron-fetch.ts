// The Electron binary is downloaded on the desktop app's first start, not at `npm ci`: package.json
// denies electron's install script (allowScripts), so an install where the download cannot be
// reached still succeeds, and `ripcord run` never needs the binary. This runs that same script.
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { visibleText } from '../core/visible-text';
import type { Result } from '../../contracts/result';

export type FetchResult = Result;

/** What is kept of the install script's output for the one failure line: its error comes first, a stack after it. */
const KEPT_OUTPUT_CHARS = 16_384;

/**
 * Whether to try the download: not when the user pointed at their own Electron or asked for no
 * download, and not when the electron package already has a binary (its path.txt).
 */
export async function shouldFetchElectron(env: NodeJS.ProcessEnv, packageDir: string | undefined): Promise<boolean> {
  if (!packageDir || env.ELECTRON_OVERRIDE_DIST_PATH || env.ELECTRON_SKIP_BINARY_DOWNLOAD) return false;
  return !(await exists(path.join(packageDir, 'path.txt')));
}

/**
 * Runs the electron package's install.js (which downloads into its dist/ and writes path.txt).
 * Its output is kept, not shown: a failure is one line, the script's error without its stack.
 */
export async function fetchElectron(packageDir: string, env: NodeJS.ProcessEnv): Promise<FetchResult> {
  const script = path.join(packageDir, 'install.js');
  if (!(await exists(script))) return { ok: false, error: `${script} is missing` };
  return new Promise<FetchResult>((resolve) => {
    const child = spawn(process.execPath, [script], { cwd: packageDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => {
      if (output.length < KEPT_OUTPUT_CHARS) output += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => resolve({ ok: false, error: `cannot run ${script}: ${error.message}` }));
    child.once('close', (code, signal) => {
      if (code === 0) resolve({ ok: true, value: true });
      else resolve({ ok: false, error: failureLine(output) ?? `${script} failed (${signal ?? `exit ${code}`})` });
    });
  });
}

/** The first line of the script's output that is not a stack frame (`    at ...`), control characters made visible. */
export function failureLine(output: string): string | undefined {
  const line = output
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text !== '' && !text.startsWith('at '));
  return line === undefined ? undefined : visibleText(line);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
