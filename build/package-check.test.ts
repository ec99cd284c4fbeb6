// Runs `npm run package:check` (build/package-check.mjs) as part of `npm test`. It packages with
// a stand-in Electron and checks the LAYOUT of the result; it does not start the app.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const root = path.resolve(__dirname, '..');

describe('package layout (electron-builder dir target, stand-in Electron)', () => {
  it('passes every check of build/package-check.mjs', async () => {
    // `npm test` has just run `npm run build`; a lone run builds dist/ itself.
    const args = existsSync(path.join(root, 'dist/main.js')) ? ['--no-build'] : [];
    const result = await execFileAsync(process.execPath, [path.join(__dirname, 'package-check.mjs'), ...args], { cwd: root, maxBuffer: 16 * 1024 * 1024 })
      .catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
    const report = result.stdout.split('\n').filter((line) => /^\s+(ok|FAIL)\s/.test(line) || line.startsWith('package:check'));
    expect(report.filter((line) => line.includes('FAIL')), `${result.stdout}\n${result.stderr}`).toEqual([]);
    expect(report.filter((line) => /^\s+ok\s/.test(line)).length).toBeGreaterThanOrEqual(12);
    expect(result.stdout).toContain('package:check passed. package:check checks the package LAYOUT with a stand-in Electron binary; it does not start the app.');
  }, 180_000);
});
