// The `ripcord` command of a Linux package (build/linux/ripcord) on the package's layout, with a
// stand-in Electron that records how it was started and runs Node under ELECTRON_RUN_AS_NODE=1
// (as Electron does): subcommands run the CLI as Node, no command starts the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { copyUnpackedApp, recordedStarts, runCommand, writeStandInElectron, type Result } from './package-run.test-support';

const execFileAsync = promisify(execFile);
const root = path.resolve(__dirname, '../..');
let dir: string;
let app: string;
let usrBin: string;
let record: string;

/** Runs /usr/bin/ripcord (a link to the package's bin/ripcord, as the .deb makes it); `as` runs it as that user. */
async function ripcord(args: string[], as?: string): Promise<Result> {
  const env = { PATH: '/usr/bin:/bin', HOME: dir, RECORD: record, RIPCORD_LOG: path.join(dir, 'ripcord.log') };
  const [file, argv] = as ? ['setpriv', ['--reuid', as, '--regid', 'nogroup', '--clear-groups', usrBin, ...args]] : [usrBin, args];
  return runCommand(file, argv, env);
}

const starts = (): Promise<string[]> => recordedStarts(record);

beforeAll(async () => {
  if (!existsSync(path.join(root, 'dist/cli.js')))
    await execFileAsync(process.execPath, [path.join(root, 'build/bundle.mjs')], { cwd: root });
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-wrapper-'));
  await chmod(dir, 0o777);
  app = path.join(dir, 'opt/ripcord');
  await mkdir(path.join(app, 'bin'), { recursive: true });
  await copyUnpackedApp(root, path.join(app, 'resources/app.asar.unpacked'));
  await copyFile(path.join(__dirname, 'ripcord'), path.join(app, 'bin/ripcord'));
  await chmod(path.join(app, 'bin/ripcord'), 0o755);
  record = path.join(dir, 'record');
  await writeFile(record, '');
  await chmod(record, 0o666);
  await writeStandInElectron(path.join(app, 'ripcord'));
  // Chromium's setuid sandbox as the .deb leaves it where user namespaces do not work
  await writeFile(path.join(app, 'chrome-sandbox'), '');
  await chmod(path.join(app, 'chrome-sandbox'), 0o4755);
  usrBin = path.join(dir, 'usr/bin/ripcord');
  await mkdir(path.dirname(usrBin), { recursive: true });
  await symlink(path.join(app, 'bin/ripcord'), usrBin);
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the package's ripcord command", () => {
  it("run: the CLI runs as Node in the package's Electron, and the session has no ELECTRON_RUN_AS_NODE", async () => {
    const result = await ripcord(['run', '--', 'sh', '-c', 'echo "[${ELECTRON_RUN_AS_NODE-unset}][${RIPCORD_PACKAGED_ELECTRON-unset}]"']);
    expect(result.stdout.trim(), result.stderr).toBe('[unset][unset]');
    expect(await starts()).toEqual([
      `RUN_AS_NODE=1 PACKAGED=${path.join(app, 'ripcord')} ${path.join(app, 'resources/app.asar.unpacked/dist/cli.js')} run -- sh -c echo "[\${ELECTRON_RUN_AS_NODE-unset}][\${RIPCORD_PACKAGED_ELECTRON-unset}]"`,
    ]);
    expect(result.code).toBe(0);
  });

  it('ps: the CLI, never a window', async () => {
    const result = await ripcord(['ps']);
    expect(result.code, result.stderr).toBe(0);
    const lines = await starts();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^RUN_AS_NODE=1 .*\/dist\/cli\.js ps$/);
  });

  it("no command: the CLI checks the start, then starts the package's Electron as the app (not as Node)", async () => {
    const result = await ripcord([], 'nobody');
    expect(result.code, result.stderr).toBe(0);
    expect(await starts()).toEqual([
      `RUN_AS_NODE=1 PACKAGED=${path.join(app, 'ripcord')} ${path.join(app, 'resources/app.asar.unpacked/dist/cli.js')}`,
      // the user-namespace probe, in the Electron binary
      `RUN_AS_NODE=1 PACKAGED=unset ${path.join(app, 'resources/app.asar.unpacked/dist/userns-probe.js')}`,
      'RUN_AS_NODE=unset PACKAGED=unset ',
    ]);
  });

  it('no command as root: refused before Electron starts; with --no-sandbox given, the app starts with it', async () => {
    const refused = await ripcord([]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the desktop app cannot start here: ripcord runs as root');
    expect((await starts()).filter((line) => line.startsWith('RUN_AS_NODE=unset'))).toEqual([]);
    const started = await ripcord(['--no-sandbox']);
    expect(started.code, started.stderr).toBe(0);
    expect((await starts()).at(-1)).toBe('RUN_AS_NODE=unset PACKAGED=unset --no-sandbox');
  });
});
