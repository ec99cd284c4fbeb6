// The .deb's after-install is electron-builder's own plus the one link to the `ripcord` command.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { UPSTREAM_AFTER_INSTALL } from './deb-scripts.mjs';

const execFileAsync = promisify(execFile);

/** The after-install script the package config hands electron-builder. */
async function configuredAfterInstall(): Promise<string> {
  const config = pathToFileURL(path.join(__dirname, '../electron-builder.config.mjs')).href;
  const { stdout } = await execFileAsync(process.execPath, [
    '--input-type=module',
    '-e',
    `process.stdout.write((await import(${JSON.stringify(config)})).default.deb.afterInstall)`,
  ]);
  return stdout;
}

describe('the .deb after-install script', () => {
  it("differs from electron-builder's installed template by the /usr/bin/ripcord link alone", async () => {
    const ours = await configuredAfterInstall();
    const { stdout } = await execFileAsync('diff', ['-u', UPSTREAM_AFTER_INSTALL, ours]).catch(
      (error: { code?: number; stdout?: string }) => {
        if (error.code !== 1) throw error;
        return { stdout: error.stdout ?? '' };
      },
    );
    const changes = stdout
      .split('\n')
      .slice(2)
      .filter((line) => /^[-+]/.test(line));
    expect(changes).toEqual([
      '+',
      '+# ripcord: the `ripcord` command runs the CLI and opens the window (docs/packaging.md)',
      "+ln -sf '/opt/${sanitizedProductName}/bin/${executable}' '/usr/bin/${executable}'",
    ]);
  });

  it('is valid bash', async () => {
    const ours = await configuredAfterInstall();
    await execFileAsync('bash', ['-n', ours]);
    expect(await readFile(ours, 'utf8')).toMatch(/^#!\/bin\/bash\n/);
  });
});
