// The Electron binary is downloaded on the desktop app's first start, not at `npm ci`: package.json
// denies electron's install script (allowScripts), so an install where the download cannot be
// reached still succeeds, and `ripcord run` never needs the binary. This runs that same script.
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';

export type FetchResult = { ok: true } | { ok: false; error: string };

/**
 * Whether to try the download: not when the user pointed at their own Electron or asked for no
 * download, and not when the electron package already has a binary (its path.txt).
 */
export async function shouldFetchElectron(env: NodeJS.ProcessEnv, packageDir: string | undefined): Promise<boolean> {
  if (!packageDir || env.ELECTRON_OVERRIDE_DIST_PATH || env.ELECTRON_SKIP_BINARY_DOWNLOAD) return false;
  return !(await exists(path.join(packageDir, 'path.txt')));
}

/** Runs the electron package's install.js (which downloads into its dist/ and writes path.txt); its output goes to `stderr`. */
export async function fetchElectron(packageDir: string, env: NodeJS.ProcessEnv, stderr: Pick<NodeJS.WritableStream, 'write'>): Promise<FetchResult> {
  const script = path.join(packageDir, 'install.js');
  if (!(await exists(script))) return { ok: false, error: `${script} is missing` };
  return new Promise<FetchResult>((resolve) => {
    const child = spawn(process.execPath, [script], { cwd: packageDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (chunk: Buffer): void => void stderr.write(chunk.toString());
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.once('error', (error) => resolve({ ok: false, error: `cannot run ${script}: ${error.message}` }));
    child.once('close', (code, signal) => {
      resolve(code === 0 ? { ok: true } : { ok: false, error: `${script} failed (${signal ?? `exit ${code}`}); its output is above` });
    });
  });
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(() => true, () => false);
}
