import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DEFAULT_CONFIG } from '../core/config';
import { defaultConfigPath, loadConfig, SCHEMA_FILE_NAME, writeSchemaBeside } from './config-file';

const repo = path.resolve(__dirname, '../..');
const shippedSchema = path.join(repo, 'build/config.schema.json');
const exampleConfig = path.join(repo, 'build/config.example.json');

const execFileAsync = promisify(execFile);
const NOBODY = 65534;

let dir: string;
beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-config-')); });
afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

/** Runs loadConfig(file) in a child process with the uid/gid of `nobody`. */
async function loadConfigAsNobody(file: string): Promise<unknown> {
  await chmod(dir, 0o755);
  const bundle = path.join(dir, 'config-file.cjs');
  await build({ entryPoints: [path.join(__dirname, 'config-file.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, logLevel: 'warning' });
  const code = `process.stdout.write(JSON.stringify(require(${JSON.stringify(bundle)}).loadConfig(${JSON.stringify(file)})))`;
  const { stdout } = await execFileAsync(process.execPath, ['-e', code], { uid: NOBODY, gid: NOBODY });
  return JSON.parse(stdout);
}

async function configFile(text: string): Promise<string> {
  const file = path.join(dir, 'config.json');
  await writeFile(file, text);
  return file;
}

describe('defaultConfigPath', () => {
  it('RIPCORD_CONFIG wins, then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(defaultConfigPath({ RIPCORD_CONFIG: '/a/b.json', XDG_CONFIG_HOME: '/x' })).toBe('/a/b.json');
    expect(defaultConfigPath({ XDG_CONFIG_HOME: '/x' })).toBe('/x/ripcord/config.json');
    expect(defaultConfigPath({})).toBe(path.join(os.homedir(), '.config/ripcord/config.json'));
  });

  it('ignores a relative XDG_CONFIG_HOME, as the XDG spec says', () => {
    expect(defaultConfigPath({ XDG_CONFIG_HOME: 'rel' })).toBe(path.join(os.homedir(), '.config/ripcord/config.json'));
  });
});

describe('loadConfig', () => {
  it('a missing file gives defaults and no problem', () => {
    const file = path.join(dir, 'nope/config.json');
    expect(loadConfig(file)).toEqual({ path: file, config: DEFAULT_CONFIG, problems: [] });
  });

  it('reads a valid file (a UTF-8 BOM is fine)', async () => {
    const file = await configFile('\ufeff{ "fontSize": 18, "globalShortcut": "off" }');
    expect(loadConfig(file)).toEqual({ path: file, config: { ...DEFAULT_CONFIG, fontSize: 18, globalShortcut: null }, problems: [] });
  });

  it('broken JSON: defaults, one problem naming the file', async () => {
    const file = await configFile('{ "fontSize": 18, }');
    const loaded = loadConfig(file);
    expect(loaded.config).toEqual(DEFAULT_CONFIG);
    expect(loaded.problems).toHaveLength(1);
    expect(loaded.problems[0]).toMatch(new RegExp(`^${file}: \\(file\\): not valid JSON: `));
  });

  it('bad keys: "FILE: key: problem" for each, good keys kept', async () => {
    const file = await configFile(JSON.stringify({ fontSize: 100, scrollback: 'lots', colour: 'red', copyOnSelect: true }));
    const loaded = loadConfig(file);
    expect(loaded.config).toEqual({ ...DEFAULT_CONFIG, copyOnSelect: true });
    expect(loaded.problems.sort()).toEqual([
      `${file}: colour: unknown key`,
      `${file}: fontSize: must be <= 72, got 100`,
      `${file}: scrollback: must be integer, got "lots"`,
    ]);
  });

  it('never writes the user\'s file, even when it is full of problems', async () => {
    const text = '{ "fontSize": "huge", "nope": 1 }';
    const file = await configFile(text);
    const before = await stat(file);
    expect(loadConfig(file).problems).toHaveLength(2);
    expect(await readFile(file, 'utf8')).toBe(text);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
  });

  it('a directory where the file should be: defaults and a problem, no throw', async () => {
    const file = path.join(dir, 'config.json');
    await mkdir(file);
    expect(loadConfig(file)).toEqual({ path: file, config: DEFAULT_CONFIG, problems: [`${file}: (file): cannot be read: it is a directory`] });
  });

  it('a path through a regular file: defaults and a problem, no throw', async () => {
    const blocker = await configFile('{}');
    const file = path.join(blocker, 'config.json');
    const loaded = loadConfig(file);
    expect(loaded.config).toEqual(DEFAULT_CONFIG);
    expect(loaded.problems).toEqual([expect.stringMatching(new RegExp(`^${file}: \\(file\\): cannot be read: ENOTDIR`))]);
  });

  it('an unreadable file (mode 000): defaults and a problem', async () => {
    const file = await configFile('{}');
    await chmod(file, 0o000);
    const expected = { path: file, config: DEFAULT_CONFIG, problems: [`${file}: (file): cannot be read: permission denied`] };
    // root reads any file whatever its mode, so as root the check runs as nobody in a child
    expect(process.getuid?.() === 0 ? await loadConfigAsNobody(file) : loadConfig(file)).toEqual(expected);
  });

  it('uses $RIPCORD_CONFIG when no path is given', async () => {
    const file = await configFile('{ "fontSize": 9 }');
    const saved = process.env.RIPCORD_CONFIG;
    process.env.RIPCORD_CONFIG = file;
    try {
      expect(loadConfig()).toMatchObject({ path: file, config: { fontSize: 9 }, problems: [] });
    } finally {
      if (saved === undefined) delete process.env.RIPCORD_CONFIG;
      else process.env.RIPCORD_CONFIG = saved;
    }
  });
});

describe('$schema', () => {
  it('the README example is valid and its $schema resolves to the shipped schema', async () => {
    const file = path.join(dir, 'ripcord/config.json');
    await mkdir(path.dirname(file));
    const exampleText = await readFile(exampleConfig, 'utf8');
    await writeFile(file, exampleText);
    expect(loadConfig(file).problems).toEqual([]);

    expect(await writeSchemaBeside(file)).toBeUndefined();
    const ref = (JSON.parse(exampleText) as { $schema: string }).$schema;
    const resolved = fileURLToPath(new URL(ref, pathToFileURL(file)));
    expect(resolved).toBe(path.join(dir, 'ripcord', SCHEMA_FILE_NAME));
    expect(await readFile(resolved, 'utf8')).toBe(await readFile(shippedSchema, 'utf8'));
    expect(await readFile(file, 'utf8')).toBe(exampleText);
  });

  it('writeSchemaBeside creates the config directory and replaces a stale copy', async () => {
    const file = path.join(dir, 'fresh/config.json');
    expect(await writeSchemaBeside(file)).toBeUndefined();
    const copy = path.join(dir, 'fresh', SCHEMA_FILE_NAME);
    await writeFile(copy, '{"stale":true}');
    expect(await writeSchemaBeside(file)).toBeUndefined();
    expect(await readFile(copy, 'utf8')).toBe(await readFile(shippedSchema, 'utf8'));
  });

  it('writeSchemaBeside reports a failure instead of throwing', async () => {
    const blocker = await configFile('{}');
    const message = await writeSchemaBeside(path.join(blocker, 'config.json'));
    expect(message).toMatch(new RegExp(`^${blocker}/${SCHEMA_FILE_NAME}: cannot be written: `));
  });
});
