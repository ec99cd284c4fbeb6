// Runs `npm run package:check` (build/package-check.mjs) as part of `npm test`. It packages with
// a stand-in Electron, checks the layout of the result and runs the CLI from it with Node in
// the stand-in's place; it does not start the desktop app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const root = path.resolve(__dirname, '..');
const baseConfig = pathToFileURL(path.join(__dirname, 'electron-builder.config.mjs')).href;
let work: string;

/** The check lines (ok / FAIL) and the last line of one run. */
async function packageCheck(...extra: string[]): Promise<{ ok: string[]; failed: string[]; stdout: string }> {
  // `npm test` has just run `npm run build`; a lone run builds dist/ itself.
  const args = existsSync(path.join(root, 'dist/main.js')) ? ['--no-build'] : [];
  const result = await execFileAsync(process.execPath, [path.join(__dirname, 'package-check.mjs'), ...args, ...extra], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
  const lines = result.stdout.split('\n');
  return {
    ok: lines.filter((line) => /^\s+ok\s/.test(line)),
    failed: lines.filter((line) => /^\s+FAIL\s/.test(line)),
    stdout: `${result.stdout}\n${result.stderr}`,
  };
}

/** An electron-builder config module: the real one with `change` applied to it. */
async function configWith(name: string, change: string): Promise<string> {
  const file = path.join(work, `${name}.mjs`);
  await writeFile(
    file,
    `import base from ${JSON.stringify(baseConfig)};\nconst config = { ...base };\n${change}\nexport default config;\n`,
  );
  return file;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'ripcord-package-check-test-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('package layout (electron-builder dir target, stand-in Electron)', () => {
  it('passes every check of build/package-check.mjs', async () => {
    const result = await packageCheck();
    expect(result.failed, result.stdout).toEqual([]);
    expect(result.ok.length).toBeGreaterThanOrEqual(15);
    expect(result.ok.join('\n')).toContain('shows the prompt mark');
    expect(result.stdout).toContain(
      'package:check passed. package:check checks the package LAYOUT with a stand-in Electron binary; it does not start the app.',
    );
  }, 180_000);

  it('fails when the shell integration scripts and the CLI are not unpacked', async () => {
    const config = await configWith(
      'packed-cli',
      "config.asarUnpack = ['node_modules/node-pty/**', 'dist/*.node', 'dist/{reaper,watchdog,session-host}.js{,.map}'];",
    );
    const result = await packageCheck('--config', config);
    expect(result.failed.join('\n'), result.stdout).toContain('dist/session-host.js reads shell-integration beside itself, but');
    expect(result.failed.join('\n')).toContain('shows the prompt mark');
    expect(result.stdout).toContain('package:check FAILED');
  }, 180_000);

  it('fails when a test bundle is packaged', async () => {
    const bench = path.join(root, 'dist/e2e/measure-package-check.js');
    await mkdir(path.dirname(bench), { recursive: true });
    await writeFile(bench, '// a stand-in for a bench bundle (npm run bench:cancel writes dist/e2e/measure-*.js)\n');
    try {
      const result = await packageCheck(
        '--config',
        await configWith('with-tests', "config.files = ['dist/**', ...base.files.filter((glob) => !glob.startsWith('dist/'))];"),
      );
      expect(result.failed.join('\n'), result.stdout).toContain('dist/e2e/measure-package-check.js');
      expect(result.stdout).toContain('package:check FAILED');
    } finally {
      await rm(bench, { force: true });
    }
  }, 180_000);
});
