import { lstat, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEditSetting } from '../../contracts/settings-screen';
import { SettingsFileEditor } from './settings-file-editor';

const log = { event: () => undefined, warn: () => undefined };
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-settings-edit-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SettingsFileEditor', () => {
  it("writes a valid key in place, refuses an invalid one with the validator's message and leaves the file", async () => {
    const file = path.join(dir, 'config.json');
    const text = '{\n  "mine": [1, 2],\n  "fontSize": 14\n}\n';
    await writeFile(file, text);
    const editor = new SettingsFileEditor(file, log);
    const read = await editor.read();
    expect(read.values).toEqual({ mine: [1, 2], fontSize: 14 });
    expect(read.problems).toEqual([{ key: 'mine', message: 'unknown key' }]);
    expect(read.fields.find((field) => field.key === 'fontSize')).toMatchObject({ kind: 'number', minimum: 6, maximum: 72, default: 14 });

    expect((await editor.edit('fontSize', 16)).edit).toEqual({ key: 'fontSize', ok: true });
    expect(await readFile(file, 'utf8')).toBe(text.replace('14', '16'));
    expect((await editor.edit('fontSize', 100)).edit).toEqual({ key: 'fontSize', ok: false, problem: 'must be <= 72, got 100' });
    expect((await editor.edit('mine', 1)).edit).toMatchObject({ ok: false, problem: 'mine is not a setting' });
    expect((await editor.edit('profiles', { a: { program: '' } })).edit).toMatchObject({
      ok: false,
      problem: 'profiles.a.program: must NOT have fewer than 1 characters, got ""',
    });
    expect(await readFile(file, 'utf8')).toBe(text.replace('14', '16'));
    expect((await editor.edit('fontSize', undefined)).values).toEqual({ mine: [1, 2] });
  });

  it('a missing file is made by the first edit; a symlinked one is written where it points; one with a comment never', async () => {
    const missing = new SettingsFileEditor(path.join(dir, 'new.json'), log);
    await missing.edit('copyOnSelect', true);
    expect(JSON.parse(await readFile(path.join(dir, 'new.json'), 'utf8'))).toEqual({ copyOnSelect: true });

    const real = path.join(dir, 'dotfiles.json');
    await writeFile(real, '{}');
    await symlink(real, path.join(dir, 'link.json'));
    await new SettingsFileEditor(path.join(dir, 'link.json'), log).edit('fontSize', 12);
    expect((await lstat(path.join(dir, 'link.json'))).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await readFile(real, 'utf8'))).toEqual({ fontSize: 12 });

    const commented = path.join(dir, 'commented.json');
    await writeFile(commented, '// mine\n{}');
    const answer = await new SettingsFileEditor(commented, log).edit('fontSize', 12);
    expect(answer.unwritable).toContain('no comments');
    expect(answer.edit?.ok).toBe(false);
    expect(await readFile(commented, 'utf8')).toBe('// mine\n{}');
  });

  it("the page's edit message: a word for the key, a JSON value of bounded size, none for a removal", () => {
    expect(parseEditSetting(['fontSize', 12])).toEqual({ ok: true, value: { key: 'fontSize', value: 12 } });
    expect(parseEditSetting(['fontSize'])).toEqual({ ok: true, value: { key: 'fontSize', value: undefined } });
    expect(parseEditSetting(['__proto__', 1]).ok).toBe(false);
    expect(parseEditSetting(['env', { A: 'x'.repeat(70_000) }]).ok).toBe(false);
    expect(parseEditSetting([]).ok).toBe(false);
  });
});
