import { access, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateConfig } from '../core/config-validation';
import { layoutToRestore } from './layout-restore';

const warnings: unknown[] = [];
const log = { event: () => undefined, warn: (...args: unknown[]) => void warnings.push(args) };
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-layout-'));
  warnings.length = 0;
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('layoutToRestore', () => {
  it('brings back the saved tabs; a folder that is gone is dropped, its pane starts where a new tab would', async () => {
    const kept = path.join(dir, 'kept');
    await mkdir(kept);
    const file = path.join(dir, 'layout.json');
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        active: 0,
        focused: 1,
        tabs: [
          { split: 'down', ratio: 0.4, first: { pane: { cwd: kept } }, second: { pane: { cwd: path.join(dir, 'gone'), profile: 'p' } } },
        ],
      }),
    );
    const on = validateConfig({ restoreLayout: true }).config;
    expect(layoutToRestore(on, file, log)).toEqual({
      version: 1,
      active: 0,
      focused: 1,
      tabs: [{ split: 'down', ratio: 0.4, first: { pane: { cwd: kept } }, second: { pane: { profile: 'p' } } }],
    });
  });

  it('no file is no layout, silently; a broken one is logged and left; with restoreLayout off the file is removed', async () => {
    const file = path.join(dir, 'layout.json');
    const on = validateConfig({ restoreLayout: true }).config;
    expect(layoutToRestore(on, file, log)).toBeUndefined();
    expect(warnings).toEqual([]);
    await writeFile(file, '{"version": 1, "tabs": []}');
    expect(layoutToRestore(on, file, log)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(layoutToRestore(validateConfig({}).config, file, log)).toBeUndefined();
    await expect
      .poll(() =>
        access(file).then(
          () => 'there',
          () => 'gone',
        ),
      )
      .toBe('gone');
  });
});
