// The AppImage's layout (build/linux/appimage-layout.mjs) started through electron-builder's own
// AppRun (its generateAppRunScript, as the AppImage target writes it), with a stand-in Electron
// that records how it was started and runs Node under ELECTRON_RUN_AS_NODE=1, as Electron does.
// `unshare` is a stand-in too: whether it fails decides whether AppRun adds --no-sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { copyUnpackedApp, recordedStarts, runCommand, writeStandInElectron, type Result } from './package-run.test-support';
import { appImageElectronName, linuxPasses, makeAppImageLayout, packsAppImageAlone } from './appimage-layout.mjs';

const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);
const { generateAppRunScript } = require('app-builder-lib/out/targets/appimage/appImageUtil') as {
  generateAppRunScript: (config: Record<string, string>) => string;
};
const root = path.resolve(__dirname, '../..');
let dir: string;
let appDir: string;
let record: string;

/** Starts the image's AppRun as the AppImage runtime does (it exports APPDIR, APPIMAGE, ARGV0, OWD). */
async function appRun(args: string[], unshareWorks: boolean): Promise<Result> {
  const env = {
    PATH: `${path.join(dir, unshareWorks ? 'unshare-works' : 'unshare-fails')}:/usr/bin:/bin`,
    HOME: dir,
    RECORD: record,
    RIPCORD_LOG: path.join(dir, 'ripcord.log'),
    APPDIR: appDir,
    APPIMAGE: path.join(dir, 'ripcord-0.1.0.AppImage'),
    ARGV0: 'ripcord-0.1.0.AppImage',
    OWD: dir,
  };
  return runCommand(path.join(appDir, 'AppRun'), args, env);
}

const starts = (): Promise<string[]> => recordedStarts(record);

async function script(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  await chmod(file, 0o755);
}

beforeAll(async () => {
  if (!existsSync(path.join(root, 'dist/cli.js')))
    await execFileAsync(process.execPath, [path.join(root, 'build/bundle.mjs')], { cwd: root });
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-appimage-'));
  appDir = path.join(dir, 'squashfs-root');
  await copyUnpackedApp(root, path.join(appDir, 'resources/app.asar.unpacked'));
  await mkdir(path.join(appDir, 'bin'));
  await copyFile(path.join(__dirname, 'ripcord'), path.join(appDir, 'bin/ripcord'));
  await chmod(path.join(appDir, 'bin/ripcord'), 0o755);
  record = path.join(dir, 'record');
  await writeFile(record, '');
  await writeStandInElectron(path.join(appDir, 'ripcord'));
  // an AppImage is mounted nosuid: its chrome-sandbox is never setuid
  await script(path.join(appDir, 'chrome-sandbox'), '');
  await script(path.join(dir, 'unshare-works/unshare'), '#!/bin/sh\nexit 0\n');
  await script(
    path.join(dir, 'unshare-fails/unshare'),
    '#!/bin/sh\necho "unshare: write failed /proc/self/uid_map: Operation not permitted" >&2\nexit 1\n',
  );
  await makeAppImageLayout(appDir, 'ripcord');
  await script(
    path.join(appDir, 'AppRun'),
    generateAppRunScript({
      DesktopFileName: 'ripcord.desktop',
      ExecutableName: 'ripcord',
      ProductName: 'ripcord',
      ProductFilename: 'ripcord',
      ResourceName: 'appimagekit-ripcord',
    }),
  );
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the AppImage's ripcord command, through electron-builder's AppRun", () => {
  const electron = (): string => path.join(appDir, appImageElectronName('ripcord'));
  const cli = (): string => path.join(appDir, 'resources/app.asar.unpacked/dist/cli.js');
  beforeEach(async () => {
    await writeFile(record, '');
  });

  it("run: the CLI runs as Node, without the --no-sandbox AppRun adds, and the session gets the user's environment", async () => {
    const result = await appRun(
      ['run', '--', 'sh', '-c', 'echo "[${APPIMAGE-unset}][${APPDIR-unset}][${ELECTRON_RUN_AS_NODE-unset}]"; echo "$PATH"'],
      false,
    );
    const [vars, sessionPath] = result.stdout.trim().split(/\r?\n/);
    expect(vars, result.stderr).toBe('[unset][unset][unset]');
    expect(sessionPath).not.toContain(appDir);
    expect(await starts()).toEqual([
      `RUN_AS_NODE=1 PACKAGED=${electron()} ${cli()} run -- sh -c ${'echo "[${APPIMAGE-unset}][${APPDIR-unset}][${ELECTRON_RUN_AS_NODE-unset}]"; echo "$PATH"'}`,
    ]);
    expect(result.code).toBe(0);
  });

  it('ps: the CLI, never a window', async () => {
    const result = await appRun(['ps'], true);
    expect(result.code, result.stderr).toBe(0);
    expect(await starts()).toEqual([`RUN_AS_NODE=1 PACKAGED=${electron()} ${cli()} ps`]);
  });

  it("no command as root where user namespaces fail: AppRun's own --no-sandbox is not taken for the user's, so the start is refused", async () => {
    const result = await appRun([], false);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the desktop app cannot start here: ripcord runs as root');
    expect((await starts()).filter((line) => line.startsWith('RUN_AS_NODE=unset'))).toEqual([]);
  });

  it('--no-sandbox given by the user starts the app with it, where AppRun adds one and where it does not', async () => {
    const twice = await appRun(['--no-sandbox', '--no-sandbox'], false);
    expect(twice.code, twice.stderr).toBe(0);
    expect((await starts()).at(-1)).toBe(`RUN_AS_NODE=unset PACKAGED=unset --no-sandbox`);
    const once = await appRun(['--no-sandbox'], true);
    expect(once.code, once.stderr).toBe(0);
    expect((await starts()).at(-1)).toBe(`RUN_AS_NODE=unset PACKAGED=unset --no-sandbox`);
  });
});

describe('which afterPack makes the AppImage layout', () => {
  it('the AppImage alone; never beside another target; nothing for the others', () => {
    expect(packsAppImageAlone([{ name: 'appImage' }])).toBe(true);
    expect(packsAppImageAlone([{ name: 'deb' }, { name: 'tar.gz' }])).toBe(false);
    expect(packsAppImageAlone([{ name: 'dir' }])).toBe(false);
    expect(() => packsAppImageAlone([{ name: 'appImage' }, { name: 'deb' }])).toThrow(/the AppImage needs a pass of its own/);
  });

  it('npm run dist builds the AppImage alone, first, then the others together', () => {
    expect(linuxPasses(['AppImage', 'deb', 'tar.gz'])).toEqual([['AppImage'], ['deb', 'tar.gz']]);
    expect(linuxPasses(['deb'])).toEqual([['deb']]);
    expect(linuxPasses(['AppImage'])).toEqual([['AppImage']]);
  });
});
