// `ripcord` with no command: find an Electron binary and run the desktop app (dist/main.js) in
// it, attached to this terminal, resolving to its exit code. This file never imports 'electron':
// the package's index.js throws when the binary is missing, and main/cli must not use it.
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { EXIT_CODE_SIGNAL_BASE } from '../core/exit-codes';
import { DisposableStore, toDisposable } from '../core/disposable';
import { visibleText } from '../core/visible-text';
import { openLog } from '../platform/log/log';
import { fetchElectron, shouldFetchElectron } from './electron-fetch';
import { gatherStartFacts, type StartFiles } from './start-facts';
import { reportRefusal } from './start-refusal';
import { describeVerdict, startVerdict } from './start-verdict';
import type { UsernsProbe } from './userns-probe';

export interface LaunchOptions {
  env?: NodeJS.ProcessEnv;
  /** the app's main bundle; default: main.js beside this bundle (dist/) */
  appEntry?: string;
  stderr?: Pick<NodeJS.WritableStream, 'write'>;
  /** where SIGTERM/SIGHUP for this launcher arrive; default: process */
  signals?: NodeJS.EventEmitter;
  /** folder of the electron npm package; default: resolved from here, undefined if not installed */
  electronPackageDir?: string;
  /** the package's Electron binary (build/linux/ripcord names it): it loads the app from its own app.asar */
  packagedElectron?: string;
  /** stderr is a terminal; default: process.stderr's isTTY */
  interactive?: boolean;
  /** where the start verdict's facts are read (tests) */
  startFiles?: StartFiles;
  probe?: (electron: string) => Promise<UsernsProbe>;
  uid?: number;
}

export type ElectronLookup = { ok: true; executable: string } | { ok: false; tried: string[]; version: string | undefined };

/** Path of the executable inside an unpacked Electron folder, as the electron package lays it out. */
function platformExecutable(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/**
 * ELECTRON_OVERRIDE_DIST_PATH first (as the electron package does), then the binary the electron
 * package downloaded at install (node_modules/electron/dist, named by its path.txt).
 */
export async function findElectron(env: NodeJS.ProcessEnv, packageDir: string | undefined): Promise<ElectronLookup> {
  const tried: string[] = [];
  const installedName = packageDir ? await readFile(path.join(packageDir, 'path.txt'), 'utf8').catch(() => undefined) : undefined;
  const executableName = installedName?.trim() || platformExecutable(process.platform);
  const candidates = [
    ...(env.ELECTRON_OVERRIDE_DIST_PATH ? [path.join(env.ELECTRON_OVERRIDE_DIST_PATH, executableName)] : []),
    ...(packageDir && installedName ? [path.join(packageDir, 'dist', executableName)] : []),
  ];
  for (const candidate of candidates) {
    tried.push(candidate);
    if (await isExecutable(candidate)) return { ok: true, executable: candidate };
  }
  if (packageDir && !installedName)
    tried.push(`${path.join(packageDir, 'dist')} (the electron package has no path.txt: its binary was never downloaded)`);
  if (!packageDir) tried.push('node_modules/electron (the electron package is not installed)');
  return { ok: false, tried, version: packageDir ? await electronVersion(packageDir) : undefined };
}

export function electronPackageDir(): string | undefined {
  try {
    return path.dirname(createRequire(__filename).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

async function electronVersion(packageDir: string): Promise<string | undefined> {
  const text = await readFile(path.join(packageDir, 'package.json'), 'utf8').catch(() => '{}');
  const version = (JSON.parse(text) as { version?: unknown }).version;
  return typeof version === 'string' ? version : undefined;
}

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** `skipDownload`: ELECTRON_SKIP_BINARY_DOWNLOAD is set, so no download was tried. */
export function noElectronMessage(lookup: Extract<ElectronLookup, { ok: false }>, skipDownload: boolean): string {
  const version = lookup.version ? ` ${lookup.version}` : '';
  return [
    'ripcord: the desktop app needs an Electron binary, and none was found. Looked at:',
    ...lookup.tried.map((place) => `  ${visibleText(place)}`),
    'To get one, either:',
    skipDownload
      ? `  - unset ELECTRON_SKIP_BINARY_DOWNLOAD and start ripcord again: it downloads Electron${version} on its first start, or`
      : `  - start ripcord again where github.com (or $ELECTRON_MIRROR) can be reached: it downloads Electron${version} on its first start, or`,
    `  - set ELECTRON_OVERRIDE_DIST_PATH to the folder of an unpacked Electron${version} (the folder holding the ${platformExecutable(process.platform)} executable).`,
    '"ripcord run [--] COMMAND..." works without Electron: it runs COMMAND in this terminal with the same exit guarantees.',
    '',
  ].join('\n');
}

/** Runs the desktop app and resolves to its exit code; 1 (with a message) when it cannot start. */
export async function launchDesktop(args: string[], options: LaunchOptions = {}): Promise<number> {
  const env = options.env ?? process.env;
  const stderr = options.stderr ?? process.stderr;
  const appEntry = options.appEntry ?? path.join(__dirname, 'main.js');
  const packageDir = 'electronPackageDir' in options ? options.electronPackageDir : electronPackageDir();
  const packaged = options.packagedElectron;
  let lookup: ElectronLookup = packaged ? { ok: true, executable: packaged } : await findElectron(env, packageDir);
  if (!lookup.ok && packageDir && (await shouldFetchElectron(env, packageDir))) {
    stderr.write(
      `ripcord: downloading Electron${lookup.version ? ` ${lookup.version}` : ''} for the desktop app (once; npm ci leaves this to the first start)…\n`,
    );
    const fetched = await fetchElectron(packageDir, env);
    if (!fetched.ok) stderr.write(`ripcord: the download did not work: ${fetched.error}\n`);
    lookup = await findElectron(env, packageDir);
  }
  if (!lookup.ok) {
    stderr.write(noElectronMessage(lookup, Boolean(env.ELECTRON_SKIP_BINARY_DOWNLOAD)));
    return 1;
  }
  if (
    !packaged &&
    !(await access(appEntry).then(
      () => true,
      () => false,
    ))
  ) {
    stderr.write(`ripcord: the desktop app's bundle ${visibleText(appEntry)} is missing: run "npm ci" and "npm run build" first.\n`);
    return 1;
  }
  // Chromium aborts before any of ripcord runs where its sandbox cannot start: say why instead.
  const facts = await gatherStartFacts({
    electron: lookup.executable,
    packaged: packaged !== undefined,
    args,
    env,
    uid: options.uid,
    files: options.startFiles,
    probe: options.probe,
  });
  const verdict = startVerdict(facts);
  if (!verdict.start) {
    await reportRefusal(verdict, describeVerdict(verdict), {
      stderr,
      interactive: options.interactive ?? process.stderr.isTTY === true,
      log: () => openLog(),
      env,
    });
    return 1;
  }
  // A stray ELECTRON_RUN_AS_NODE would make Electron run main.js as a plain Node script.
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...childEnv } = env;
  const executable = lookup.executable;
  return new Promise<number>((resolve) => {
    // a package's Electron loads its own resources/app.asar
    const child = spawn(executable, packaged ? args : [appEntry, ...args], { stdio: 'inherit', env: childEnv });
    const signals = options.signals ?? process;
    // Ctrl+C in this terminal reaches the app through the process group; the app decides (cancel
    // or quit), so the launcher must not die of SIGINT and leave the app behind. SIGTERM/SIGHUP
    // sent to the launcher alone are passed on.
    const ignore = () => {};
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    const listening = new DisposableStore();
    const listen = (signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): void => {
      signals.on(signal, listener);
      listening.add(toDisposable(() => signals.off(signal, listener)));
    };
    listen('SIGINT', ignore);
    listen('SIGTERM', forward);
    listen('SIGHUP', forward);
    const done = (code: number) => {
      listening.dispose();
      resolve(code);
    };
    child.once('error', (error) => {
      stderr.write(`ripcord: ${visibleText(`cannot start Electron (${executable}): ${error.message}`)}\n`);
      done(1);
    });
    // the platform's own signal numbers (the desktop runs on macOS too, where some differ from Linux's)
    child.once('exit', (code, signal) => done(code ?? EXIT_CODE_SIGNAL_BASE + (signal ? os.constants.signals[signal] : 0)));
  });
}
