// `npm run package:check`: packages ripcord for Linux with electron-builder's `dir` target and a
// STAND-IN Electron (no download), then checks the layout of the result. It checks the layout,
// not a running app: the stand-in binary cannot start anything.
//
// The stand-in runs Node when started with ELECTRON_RUN_AS_NODE=1, as Electron does: the CLI
// runs from the packaged layout for real (`ripcord run -- bash -i` through it must show the
// shell integration's prompt mark).
//
//   node build/package-check.mjs [--no-build] [--keep] [--config FILE]
//     --no-build  use the existing dist/ (npm test builds it just before)
//     --keep      keep the packaged output and print where it is
//     --config    an electron-builder config module in place of build/electron-builder.config.mjs
//                 (build/package-check.test.ts shows the checks fail on a wrong one)
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
// @electron/fuses 1.x (pinned: 2.x needs Node 22.12) does not export its FuseState enum: a fuse
// is the byte '1' when on and '0' when off.
const FuseState = { ENABLE: '1'.charCodeAt(0), DISABLE: '0'.charCodeAt(0) };
import { listPackage, statFile } from '@electron/asar';
import { Arch, build, Platform } from 'electron-builder';
import { Buffer } from 'node:buffer';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { access, chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout, clearTimeout } from 'node:timers';
import { promisify } from 'node:util';
import { siblingsLeftPacked, testBundles } from './package-layout.mjs';
import { RIPCORD_FUSES } from './after-pack.mjs';
import { PNG_SIZES } from './make-icons.mjs';

const execFileAsync = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper');
const { default: AppImageTarget } = require('app-builder-lib/out/targets/appimage/AppImageTarget');
const pty = require('node-pty');

/** How long `ripcord run -- bash -i` through the package may take to show its first prompt. */
const PROMPT_TIMEOUT_MS = 20_000;
/** The shell integration's prompt-start mark (OSC 133;A, docs/shell-integration.md). */
const PROMPT_MARK = '\x1b]133;A';

const NOTICE = 'package:check checks the package LAYOUT with a stand-in Electron binary; it does not start the app.';

/** Bytes of Electron's fuse wire: sentinel, version 1, length, one state byte per fuse. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron 39's wire as shipped: RunAsNode, CookieEncryption, NodeOptions, NodeCliInspect,
// AsarIntegrity, OnlyLoadAppFromAsar, V8Snapshot, FileProtocolPrivileges, WasmTrapHandlers.
const SHIPPED_FUSES = '101100010';

/**
 * The least electron-builder needs from an unpacked Electron for the linux `dir` target: the
 * `electron` executable (renamed to the app's), LICENSE, version, resources/ and locales/.
 * The executable is a shell script carrying a real fuse wire, so the afterPack fuse flip runs
 * for real and its result can be read back.
 */
async function makeStandInElectron(dir, version) {
  await mkdir(path.join(dir, 'resources'), { recursive: true });
  await mkdir(path.join(dir, 'locales'), { recursive: true });
  const wire = Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, SHIPPED_FUSES.length]), Buffer.from(SHIPPED_FUSES)]);
  const script = Buffer.concat([
    Buffer.from('#!/bin/sh\n# stand-in Electron for build/package-check.mjs; fuse wire: '),
    wire,
    Buffer.from(`\nif [ "$ELECTRON_RUN_AS_NODE" = 1 ]; then exec ${shellQuote(process.execPath)} "$@"; fi\n`),
    Buffer.from('echo "stand-in Electron: this package was built for a layout check only" >&2\nexit 1\n'),
  ]);
  await writeFile(path.join(dir, 'electron'), script);
  await chmod(path.join(dir, 'electron'), 0o755);
  await writeFile(path.join(dir, 'LICENSE'), 'stand-in Electron license\n');
  await writeFile(path.join(dir, 'version'), version);
}

function shellQuote(text) {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

class Checks {
  failures = 0;
  async check(name, fn) {
    try {
      const detail = await fn();
      console.log(`  ok    ${name}${detail ? `: ${detail}` : ''}`);
    } catch (error) {
      this.failures++;
      console.log(`  FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function expectTrue(condition, message) {
  if (!condition) throw new Error(message);
}

async function exists(file) {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Width and height from a PNG's IHDR chunk. */
async function pngSize(file) {
  const head = (await readFile(file)).subarray(16, 24);
  return [head.readUInt32BE(0), head.readUInt32BE(4)];
}

/**
 * Runs `args` in a pty with HOME in `home`, answers the first prompt mark with `exit`, and
 * resolves to what it printed and whether the mark came.
 */
function promptThrough(file, args, env, home) {
  return new Promise((resolve) => {
    const child = pty.spawn(file, args, { cols: 80, rows: 24, cwd: home, env: { ...env, HOME: home } });
    let output = '';
    let marked = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), PROMPT_TIMEOUT_MS);
    child.onData((data) => {
      output += data;
      if (!marked && output.includes(PROMPT_MARK)) {
        marked = true;
        child.write('exit\r');
      }
    });
    child.onExit(({ exitCode }) => {
      clearTimeout(timer);
      resolve({ marked, exitCode, output });
    });
  });
}

async function packageApp(work, baseConfig) {
  const electronVersion = JSON.parse(await readFile(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;
  const standIn = path.join(work, 'electron-dist');
  await makeStandInElectron(standIn, electronVersion);
  let desktopEntry;
  let appImageEntry;
  let desktopIcons;
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    publish: 'never',
    config: {
      ...baseConfig,
      electronDist: standIn,
      directories: { ...baseConfig.directories, output: path.join(work, 'release') },
      async afterPack(context) {
        await baseConfig.afterPack(context);
        // The `dir` target writes no .desktop file; compute the one deb and AppImage install,
        // from the same options, with electron-builder's own code.
        const helper = new LinuxTargetHelper(context.packager);
        desktopEntry = await helper.computeDesktopEntry({ ...context.packager.platformSpecificBuildOptions, ...baseConfig.deb });
        appImageEntry = await new AppImageTarget(null, context.packager, helper, work).desktopEntry.value;
        desktopIcons = await helper.icons;
      },
    },
  });
  return { appDir: path.join(work, 'release/linux-unpacked'), desktopEntry, appImageEntry, desktopIcons };
}

async function main() {
  const argv = process.argv.slice(2);
  const args = new Set(argv);
  const configFile = args.has('--config')
    ? path.resolve(argv[argv.indexOf('--config') + 1] ?? '')
    : path.join(root, 'build/electron-builder.config.mjs');
  const baseConfig = (await import(configFile)).default;
  console.log(NOTICE);
  if (!args.has('--no-build')) {
    console.log('building dist/ (npm run build)…');
    await execFileAsync('npm', ['run', 'build', '--silent'], { cwd: root });
  }
  const work = await mkdtemp(path.join(os.tmpdir(), 'ripcord-package-check-'));
  const checks = new Checks();
  try {
    console.log('packaging with electron-builder (linux, dir target, stand-in Electron)…');
    const { appDir, desktopEntry, appImageEntry, desktopIcons } = await packageApp(work, baseConfig);
    const resources = path.join(appDir, 'resources');
    const asar = path.join(resources, 'app.asar');
    const unpacked = path.join(resources, 'app.asar.unpacked');
    const entries = new Set(listPackage(asar, { isPack: false }).map((entry) => entry.split(path.sep).join('/')));
    console.log(`checking ${appDir}`);

    await checks.check('app.asar holds the main, preload, renderer, reaper and watchdog bundles and the shell integration scripts', () => {
      const wanted = [
        '/package.json',
        '/dist/main.js',
        '/dist/preload.js',
        '/dist/renderer/index.html',
        '/dist/renderer/renderer.js',
        '/dist/reaper.js',
        '/dist/watchdog.js',
        '/dist/shell-integration/ripcord.bash',
        '/dist/shell-integration/zshrc',
        '/dist/shell-integration/ripcord.fish',
      ];
      const missing = wanted.filter((entry) => !entries.has(entry));
      expectTrue(missing.length === 0, `missing ${missing.join(', ')}`);
      return `${wanted.length} entries`;
    });
    await checks.check('package.json in app.asar points at dist/main.js', async () => {
      const { extractFile } = await import('@electron/asar');
      const metadata = JSON.parse(extractFile(asar, 'package.json').toString('utf8'));
      expectTrue(metadata.main === 'dist/main.js', `main is ${JSON.stringify(metadata.main)}`);
    });
    await checks.check('no test bundle is packaged (dist/ holds only what npm run build makes)', () => {
      const found = testBundles([...entries]);
      expectTrue(found.length === 0, `packaged: ${found.map((entry) => entry.slice(1)).join(', ')}`);
    });
    await checks.check('what an unpacked bundle reads beside itself is unpacked too', () => {
      const isUnpacked = (entry) => statFile(asar, entry.slice(1)).unpacked === true;
      const problems = siblingsLeftPacked([...entries], isUnpacked, (entry) => readFileSync(path.join(unpacked, entry), 'utf8'));
      expectTrue(problems.length === 0, problems.join('; '));
    });
    await checks.check("bin/ripcord, the package's `ripcord` command, is build/linux/ripcord and executable", async () => {
      const command = path.join(appDir, 'bin/ripcord');
      expectTrue(
        (await readFile(command, 'utf8')) === (await readFile(path.join(root, 'build/linux/ripcord'), 'utf8')),
        `${command} differs from build/linux/ripcord`,
      );
      expectTrue(((await stat(command)).mode & 0o111) === 0o111, `${command} is not executable by all`);
    });
    await checks.check(
      '`bin/ripcord run -- bash -i` runs the unpacked CLI (stand-in Electron as Node) and shows the prompt mark',
      async () => {
        const home = await mkdtemp(path.join(work, 'home-'));
        const { ELECTRON_RUN_AS_NODE: _runAsNode, ...env } = { ...process.env, RIPCORD_LOG: path.join(home, 'ripcord.log') };
        const result = await promptThrough(path.join(appDir, 'bin/ripcord'), ['run', '--', 'bash', '-i'], env, home);
        expectTrue(
          result.marked && result.exitCode === 0,
          `no prompt mark (exit ${result.exitCode}): ${JSON.stringify(result.output.slice(-300))}`,
        );
        return 'the shell integration scripts were found beside the unpacked bundle';
      },
    );
    await checks.check('the user-namespace probe runs from the package in its Electron as Node (stand-in) and answers', async () => {
      const { stdout } = await execFileAsync(path.join(appDir, 'ripcord'), [path.join(unpacked, 'dist/userns-probe.js')], {
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
        timeout: 20_000,
      });
      const answer = JSON.parse(stdout);
      expectTrue(typeof answer.ok === 'boolean', `it printed ${JSON.stringify(stdout)}`);
      return `here: ${answer.ok ? 'user namespaces work' : answer.error}`;
    });
    await checks.check('JS dependencies are bundled, so node-pty is the only module shipped', () => {
      const modules = [...entries].filter(
        (entry) => /^\/node_modules\/[^/]+$/.test(entry) || /^\/node_modules\/@[^/]+\/[^/]+$/.test(entry),
      );
      expectTrue(modules.length === 1 && modules[0] === '/node_modules/node-pty', `node_modules holds ${modules.join(', ') || 'nothing'}`);
    });
    await checks.check('the reaper and the watchdog worker are unpacked from the asar and valid JavaScript', async () => {
      for (const script of ['dist/reaper.js', 'dist/watchdog.js']) {
        expectTrue(statFile(asar, script).unpacked === true, `${script} is not marked unpacked in the asar header`);
        await execFileAsync(process.execPath, ['--check', path.join(unpacked, script)]);
      }
    });
    await checks.check("node-pty's native module is unpacked and loads in Node (spawns a pty)", async () => {
      const native = path.join(unpacked, 'node_modules/node-pty/build/Release/pty.node');
      expectTrue(await exists(native), `${native} is missing`);
      expectTrue(statFile(asar, 'node_modules/node-pty/build/Release/pty.node').unpacked === true, 'pty.node is not marked unpacked');
      const probe = `const pty = require(${JSON.stringify(path.join(unpacked, 'node_modules/node-pty'))});
        const p = pty.spawn('/bin/echo', ['pty-ok'], { cols: 80, rows: 24 });
        let out = ''; p.onData((d) => { out += d; });
        p.onExit(({ exitCode }) => { process.stdout.write(out.trim() + ' ' + exitCode); });`;
      const { stdout } = await execFileAsync(process.execPath, ['-e', probe], { timeout: 20_000 });
      expectTrue(stdout === 'pty-ok 0', `the probe printed ${JSON.stringify(stdout)}`);
      return 'spawned /bin/echo through the packaged node-pty';
    });
    await checks.check("the process guard's native module is unpacked and makes a Node process non-dumpable", async () => {
      expectTrue(statFile(asar, 'dist/process_guard.node').unpacked === true, 'process_guard.node is not marked unpacked');
      const probe = `const guard = require(${JSON.stringify(path.join(unpacked, 'dist/process_guard.node'))});
        process.stdout.write(guard.setNonDumpable() + ' ' + guard.isDumpable());`;
      const { stdout } = await execFileAsync(process.execPath, ['-e', probe], { timeout: 20_000 });
      expectTrue(stdout === '0 0', `the probe printed ${JSON.stringify(stdout)}`);
      return 'prctl(PR_SET_DUMPABLE, 0) through the packaged module';
    });
    await checks.check("node-pty ships without its sources and other platforms' binaries", () => {
      const extra = [...entries].filter((entry) =>
        /^\/node_modules\/node-pty\/(deps|src|third_party|scripts|typings|prebuilds\/(win32|darwin))/.test(entry),
      );
      expectTrue(extra.length === 0, `${extra.length} extra entries, e.g. ${extra[0]}`);
    });
    await checks.check('the executable is renamed to ripcord and its fuses are flipped', async () => {
      const wire = await getCurrentFuseWire(path.join(appDir, 'ripcord'));
      const expected = { ...Object.fromEntries(Object.entries(RIPCORD_FUSES).filter(([key]) => key !== 'version')) };
      const wrong = Object.entries(expected).filter(([index, on]) => wire[index] !== (on ? FuseState.ENABLE : FuseState.DISABLE));
      expectTrue(wrong.length === 0, `wrong: ${wrong.map(([index]) => FuseV1Options[index]).join(', ')}`);
      return Object.entries(expected)
        .map(([index, on]) => `${FuseV1Options[index]}=${on ? 'on' : 'off'}`)
        .join(' ');
    });
    await checks.check("Electron's license is kept beside the executable", async () => {
      expectTrue(await exists(path.join(appDir, 'LICENSE.electron.txt')), 'LICENSE.electron.txt is missing');
    });
    await checks.check("the .deb's desktop entry (computed as the deb writes it; `dir` writes none) starts bin/ripcord", () => {
      const fields = Object.fromEntries(
        desktopEntry
          .split('\n')
          .filter((line) => line.includes('='))
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      const expected = {
        Type: 'Application',
        Name: 'ripcord',
        Exec: '/opt/ripcord/bin/ripcord',
        Icon: 'ripcord',
        Terminal: 'false',
        Categories: 'System;TerminalEmulator;',
      };
      const wrong = Object.entries(expected).filter(([key, value]) => fields[key] !== value);
      expectTrue(
        desktopEntry.startsWith('[Desktop Entry]\n') && wrong.length === 0,
        `wrong: ${wrong.map(([key]) => `${key}=${fields[key]}`).join(', ')}`,
      );
      return `Exec=${fields.Exec} Categories=${fields.Categories}`;
    });
    await checks.check("the AppImage's desktop entry does not turn Chromium's sandbox off", () => {
      const exec = appImageEntry.split('\n').find((line) => line.startsWith('Exec='));
      expectTrue(exec === 'Exec=AppRun %U', `${exec} (electron-builder's default adds --no-sandbox)`);
      return exec;
    });
    await checks.check('icons: every PNG size at its size, plus .icns and .ico', async () => {
      for (const size of PNG_SIZES) {
        const [width, height] = await pngSize(path.join(root, 'build/icons', `${size}x${size}.png`));
        expectTrue(width === size && height === size, `${size}x${size}.png is ${width}x${height}`);
      }
      const icns = await readFile(path.join(root, baseConfig.mac.icon));
      expectTrue(icns.subarray(0, 4).toString('latin1') === 'icns', `${baseConfig.mac.icon} is not an icns file`);
      const ico = await readFile(path.join(root, baseConfig.win.icon));
      expectTrue(
        ico.readUInt16LE(0) === 0 && ico.readUInt16LE(2) === 1 && ico.readUInt16LE(4) > 0,
        `${baseConfig.win.icon} is not an ico file`,
      );
      const installed = desktopIcons.map((icon) => icon.size).sort((a, b) => a - b);
      expectTrue(installed.includes(16) && installed.includes(512), `deb/AppImage would install sizes ${installed.join(', ')}`);
      return `linux installs ${installed.join(', ')}`;
    });
    await checks.check('resources hold nothing unexpected', async () => {
      const names = (await readdir(resources)).sort();
      expectTrue(JSON.stringify(names) === JSON.stringify(['app.asar', 'app.asar.unpacked']), `resources/: ${names.join(', ')}`);
      return `app.asar ${Math.round((await stat(asar)).size / 1024)} KiB`;
    });

    if (args.has('--keep')) console.log(`kept the package in ${work}`);
  } finally {
    if (!args.has('--keep')) await rm(work, { recursive: true, force: true });
  }
  console.log(checks.failures === 0 ? `package:check passed. ${NOTICE}` : `package:check FAILED (${checks.failures}). ${NOTICE}`);
  return checks.failures === 0 ? 0 : 1;
}

process.exitCode = await main().catch((error) => {
  console.error(`package:check could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return 1;
});
