import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DEFAULT_CONFIG } from '../../core/config';
import {
  CONFIG_MAX_BYTES,
  configDirectory,
  defaultConfigPath,
  loadConfig,
  reloadConfig,
  SCHEMA_FILE_NAME,
  writeSchemaCopy,
} from './config-file';

const repo = path.resolve(__dirname, '../../..');
const shippedSchema = path.join(repo, 'build/config.schema.json');
const exampleConfig = path.join(repo, 'build/config.example.json');

const execFileAsync = promisify(execFile);
const NOBODY = 65534;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs loadConfig(file) in a child process with the uid/gid of `nobody`. */
async function loadConfigAsNobody(file: string): Promise<unknown> {
  await chmod(dir, 0o755);
  const bundle = path.join(dir, 'config-file.cjs');
  await build({
    entryPoints: [path.join(__dirname, 'config-file.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: bundle,
    logLevel: 'warning',
  });
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
  it('no file at the usual place: defaults and no problem', () => {
    const home = path.join(dir, 'nope');
    expect(loadConfig(undefined, { XDG_CONFIG_HOME: home })).toEqual({
      path: path.join(home, 'ripcord/config.json'),
      config: DEFAULT_CONFIG,
      problems: [],
    });
  });

  it('a file that is JSON but no object says what ripcord does instead, as any problem of the whole file', async () => {
    const file = await configFile('[]');
    expect(loadConfig(file)).toEqual({
      path: file,
      config: DEFAULT_CONFIG,
      problems: [`${file}: (file): must be a JSON object, got []; using the defaults`],
    });
    expect((await reloadConfig(file, DEFAULT_CONFIG)).problems).toEqual([
      `${file}: (file): must be a JSON object, got []; keeping the settings in use`,
    ]);
  });

  it('problems stand in the order of their keys in the file', async () => {
    const file = await configFile('{"zoo": 1, "killGraceMs": 5, "theme": {"nope": "x"}, "debounceMs": -1, "aaa": 2}');
    expect(loadConfig(file).problems.map((line) => line.slice(file.length + 2).split(':')[0])).toEqual([
      'zoo',
      'killGraceMs',
      'theme.nope',
      'debounceMs',
      'aaa',
    ]);
  });

  it('a named file (--config, $RIPCORD_CONFIG) that is missing: defaults and one line naming it', () => {
    const file = path.join(dir, 'nope/config.json');
    const expected = { path: file, config: DEFAULT_CONFIG, problems: [`${file}: (file): does not exist; using the defaults`] };
    expect(loadConfig(file, {})).toEqual(expected);
    expect(loadConfig(undefined, { RIPCORD_CONFIG: file })).toEqual(expected);
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
    expect(loaded.problems[0]).toMatch(new RegExp(`^${file}: \\(file\\): not valid JSON: .*; using the defaults$`));
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

  it("never writes the user's file, even when it is full of problems", async () => {
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
    expect(loadConfig(file)).toEqual({
      path: file,
      config: DEFAULT_CONFIG,
      problems: [`${file}: (file): is a directory, not a regular file; using the defaults`],
    });
  });

  it('a path through a regular file: defaults and a problem, no throw', async () => {
    const blocker = await configFile('{}');
    const file = path.join(blocker, 'config.json');
    const loaded = loadConfig(file);
    expect(loaded.config).toEqual(DEFAULT_CONFIG);
    expect(loaded.problems).toEqual([
      expect.stringMatching(new RegExp(`^${file}: \\(file\\): cannot be read: a part of the path is not a directory; using the defaults$`)),
    ]);
  });

  it('an unreadable file (mode 000): defaults and a problem', async () => {
    const file = await configFile('{}');
    await chmod(file, 0o000);
    const expected = {
      path: file,
      config: DEFAULT_CONFIG,
      problems: [`${file}: (file): cannot be read: permission denied; using the defaults`],
    };
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

describe('hostile settings files', () => {
  /** Refused at startup (the defaults) and when read again after an edit (the settings in use stay). */
  const refused = async (file: string, why: RegExp) => {
    const loaded = loadConfig(file);
    expect(loaded.config).toEqual(DEFAULT_CONFIG);
    expect(loaded.problems).toHaveLength(1);
    expect(loaded.problems[0]).toMatch(new RegExp(`^${file}: \\(file\\): ${why.source}; using the defaults$`));
    const inUse = { ...DEFAULT_CONFIG, fontSize: 21 };
    const reloaded = await reloadConfig(file, inUse);
    expect(reloaded.config).toEqual(inUse);
    expect(reloaded.problems).toEqual([
      expect.stringMatching(new RegExp(`^${file}: \\(file\\): ${why.source}; keeping the settings in use$`)),
    ]);
  };

  it('/dev/zero (a device that never ends) is refused without reading it', async () => {
    await refused('/dev/zero', /is a device, not a regular file/);
  });

  it('a FIFO is refused at once, with no writer to wait for', async () => {
    const fifo = path.join(dir, 'config.json');
    await promisify(execFile)('mkfifo', [fifo]);
    await refused(fifo, /is a FIFO, not a regular file/);
  });

  it('a 50 MB file is refused by its size, not read', async () => {
    const file = path.join(dir, 'config.json');
    await writeFile(file, '');
    await truncate(file, 50 * 1024 * 1024);
    await refused(file, /is 50\.0 MB, more than the 1\.0 MB limit/);
  });

  it('a file of exactly the cap is read', async () => {
    const file = await configFile(`{"fontSize": 18}${' '.repeat(CONFIG_MAX_BYTES - 16)}`);
    expect(loadConfig(file)).toMatchObject({ config: { fontSize: 18 }, problems: [] });
  });

  it('a symlink to a valid file (as dotfile managers make) is read', async () => {
    const real = path.join(dir, 'dotfiles-config.json');
    await writeFile(real, '{ "fontSize": 20 }');
    const link = path.join(dir, 'config.json');
    await symlink(real, link);
    expect(loadConfig(link)).toEqual({ path: link, config: { ...DEFAULT_CONFIG, fontSize: 20 }, problems: [] });
  });

  it('control characters in keys, values and parse errors are made visible', async () => {
    const file = await configFile(JSON.stringify({ '\u001b]0;PWNED\u0007': 1, fontFamily: 3, theme: { background: '\u001b[2J' } }));
    const loaded = loadConfig(file);
    expect(loaded.problems.join('\n')).toContain('\\x1b]0;PWNED\\x07: unknown key');
    // eslint-disable-next-line no-control-regex
    for (const problem of loaded.problems) expect(problem).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    const broken = await configFile('{"a\u001b[31m": }');
    // eslint-disable-next-line no-control-regex
    expect(loadConfig(broken).problems[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});

describe('the schema copy', () => {
  it("the settings example (docs/settings.md) is valid and its $schema resolves to the copy in ripcord's config directory", async () => {
    const configDir = path.join(dir, 'ripcord');
    const file = path.join(configDir, 'config.json');
    await mkdir(configDir);
    const exampleText = await readFile(exampleConfig, 'utf8');
    await writeFile(file, exampleText);
    expect(loadConfig(file).problems).toEqual([]);

    expect(await writeSchemaCopy(configDir)).toBeUndefined();
    const ref = (JSON.parse(exampleText) as { $schema: string }).$schema;
    const resolved = fileURLToPath(new URL(ref, pathToFileURL(file)));
    expect(resolved).toBe(path.join(configDir, SCHEMA_FILE_NAME));
    expect(await readFile(resolved, 'utf8')).toBe(await readFile(shippedSchema, 'utf8'));
    expect(await readFile(file, 'utf8')).toBe(exampleText);
  });

  it('goes to $XDG_CONFIG_HOME/ripcord, whatever --config or RIPCORD_CONFIG names', () => {
    expect(configDirectory({ XDG_CONFIG_HOME: '/x', RIPCORD_CONFIG: '/dev/null' })).toBe('/x/ripcord');
    expect(configDirectory({})).toBe(path.join(os.homedir(), '.config/ripcord'));
  });

  it('is created 0600 in a 0700 directory, replaces a stale copy, and leaves no temp file', async () => {
    const configDir = path.join(dir, 'fresh/ripcord');
    expect(await writeSchemaCopy(configDir)).toBeUndefined();
    const copy = path.join(configDir, SCHEMA_FILE_NAME);
    expect((await stat(copy)).mode & 0o777).toBe(0o600);
    expect((await stat(configDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, 'fresh'))).mode & 0o777).toBe(0o700);
    await writeFile(copy, '{"stale":true}');
    expect(await writeSchemaCopy(configDir)).toBeUndefined();
    expect(await readFile(copy, 'utf8')).toBe(await readFile(shippedSchema, 'utf8'));
    expect(await readdir(configDir)).toEqual([SCHEMA_FILE_NAME]);
  });

  it('a directory the user made keeps its mode', async () => {
    const configDir = path.join(dir, 'ripcord');
    await mkdir(configDir, { mode: 0o755 });
    await chmod(configDir, 0o755);
    expect(await writeSchemaCopy(configDir)).toBeUndefined();
    expect((await stat(configDir)).mode & 0o777).toBe(0o755);
  });

  it('a symlink planted at its path is replaced, never written through: the target is unchanged', async () => {
    const configDir = path.join(dir, 'ripcord');
    await mkdir(configDir);
    const target = path.join(dir, 'victim');
    await writeFile(target, 'precious\n');
    await symlink(target, path.join(configDir, SCHEMA_FILE_NAME));
    expect(await writeSchemaCopy(configDir)).toBeUndefined();
    expect(await readFile(target, 'utf8')).toBe('precious\n');
    const copy = path.join(configDir, SCHEMA_FILE_NAME);
    expect((await stat(copy)).isFile()).toBe(true);
    expect(await readFile(copy, 'utf8')).toBe(await readFile(shippedSchema, 'utf8'));
  });

  it('reports a failure instead of throwing', async () => {
    const blocker = await configFile('{}');
    const message = await writeSchemaCopy(path.join(blocker, 'ripcord'));
    expect(message).toMatch(new RegExp(`^${blocker}/ripcord/${SCHEMA_FILE_NAME}: cannot be written: `));
  });
});
