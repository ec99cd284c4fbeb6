// Launching the real desktop app (dist/main.js) in a real Electron with Playwright's _electron.
// Only where an Electron binary exists: ELECTRON_OVERRIDE_DIST_PATH, or node_modules/electron/dist
// (absent when installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1). Elsewhere the specs are skipped
// with the reason, never passed silently.
import { _electron, type ElectronApplication, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { MARKER_VARIABLE, newMarker, processesWithMarker } from '../terminal/processes';
import type { AppUser } from './app-user';
import type { Result } from '../../contracts/result';

const REPO_ROOT = path.resolve(__dirname, '../..');
const MAIN_BUNDLE = path.join(REPO_ROOT, 'dist', 'main.js');
/** The session's staged kill; short, so "none left" is checked soon after the exit. */
export const KILL_GRACE_MS = 500;
/** DESIGN §4: nothing of the session is alive killGraceMs + 500 ms after any exit. */
export const NONE_LEFT_WITHIN_MS = KILL_GRACE_MS + 500;
/** Bound on Electron starting, a shell answering, the app exiting: generous, never a timing claim. */
export const WAIT_MS = 20_000;

const EXECUTABLE_NAMES: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'electron',
  darwin: 'Electron.app/Contents/MacOS/Electron',
  win32: 'electron.exe',
};

/** The Electron executable to test with, or why there is none. */
export function findElectron(): Result<string> {
  const name = EXECUTABLE_NAMES[process.platform];
  if (!name) return { ok: false, error: `skipped: no Electron binary (unknown platform ${process.platform})` };
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(REPO_ROOT, 'node_modules', 'electron', 'dist');
  const executable = path.join(dist, name);
  if (!existsSync(executable)) return { ok: false, error: 'skipped: no Electron binary' };
  const problem = cannotRunApp();
  return problem ? { ok: false, error: problem } : { ok: true, value: executable };
}

/**
 * Why no Electron app can run here whatever its binary, or undefined. A root run starts the app
 * as the tests' user (app-user.ts): the app keeps its sandbox, which Chromium refuses to root.
 */
export function cannotRunApp(): string | undefined {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return 'skipped: no display for Electron (run under xvfb-run)';
  return undefined;
}

export interface RunningApp {
  app: ElectronApplication;
  window: Page;
  /** RIPCORD_TEST_MARKER of this run: every process of the session carries it */
  marker: string;
  dir: string;
  /** resolves with how the Electron process ended */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** the session root's pid, from the app log (the session starts on the window's first fit) */
  sessionPid(): Promise<number>;
  /** live processes of the session (zombies count as dead) */
  sessionProcesses(): Promise<number[]>;
  /** the control sockets the app published (its session host removes them in its last words) */
  controlSockets(): Promise<string[]>;
  typeLine(text: string): Promise<void>;
  /**
   * A key event sent from main (webContents.sendInputEvent): it passes before-input-event, as a
   * real key does, and needs nothing of the page — it works while the page is hung.
   */
  keyFromMain(keyCode: string, modifiers?: Array<'control' | 'shift' | 'alt'>): Promise<void>;
  logEntries(): Promise<Record<string, unknown>[]>;
  dispose(): Promise<void>;
}

/** Bounded polling: resolves with the first truthy value of check, throws after timeoutMs. */
export async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await delay(50);
  }
}

/** Settings beside the specs' defaults (a shell with READY$, no global shortcut, a short kill grace). */
export type AppSettings = Record<string, unknown>;

/** The specs' config file: a plain bash with READY$ and the session's marker, a short kill grace, then `settings`. */
export function specConfig(marker: string, settings: AppSettings = {}): Record<string, unknown> {
  return {
    shell: '/bin/bash',
    args: ['--norc', '--noprofile'],
    env: { PS1: 'READY$ ', [MARKER_VARIABLE]: marker },
    killGraceMs: KILL_GRACE_MS,
    // a test must not grab a key on the desktop it runs on
    globalShortcut: null,
    ...settings,
  };
}

export async function launchDesktopApp(runner: AppUser, settings: AppSettings = {}): Promise<RunningApp> {
  if (!existsSync(MAIN_BUNDLE)) throw new Error(`${MAIN_BUNDLE} is missing: run \`npm run build\` first (npm run e2e does)`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-electron-e2e-'));
  const marker = newMarker();
  const configFile = path.join(dir, 'config.json');
  const logFile = path.join(dir, 'ripcord.log');
  // the app's control sockets go here, where a spec can see them gone after the exit
  const runtimeDir = path.join(dir, 'run');
  await mkdir(runtimeDir, { mode: 0o700 });
  await writeFile(configFile, JSON.stringify(specConfig(marker, settings)));
  await runner.own(dir);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== 'ELECTRON_RUN_AS_NODE') env[key] = value;
  const app = await _electron.launch({
    executablePath: runner.executable,
    args: [MAIN_BUNDLE],
    cwd: dir,
    env: { ...env, ...runner.env, XDG_RUNTIME_DIR: runtimeDir, RIPCORD_CONFIG: configFile, RIPCORD_LOG: logFile },
    timeout: WAIT_MS,
  });
  const child = app.process();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const window = await app.firstWindow({ timeout: WAIT_MS });

  const logEntries = async (): Promise<Record<string, unknown>[]> => {
    const text = await readFile(logFile, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  const running: RunningApp = {
    app,
    window,
    marker,
    dir,
    exited,
    sessionPid: () =>
      until(async () => {
        const started = (await logEntries()).find((e) => e.name === 'session.started');
        return typeof started?.sessionPid === 'number' ? started.sessionPid : undefined;
      }, 'the session to start'),
    sessionProcesses: () => processesWithMarker(marker),
    controlSockets: async () => (await readdir(path.join(runtimeDir, 'ripcord')).catch(() => [])).filter((name) => name.endsWith('.sock')),
    async typeLine(text: string): Promise<void> {
      await window.keyboard.type(text);
      await window.keyboard.press('Enter');
    },
    keyFromMain: (keyCode, modifiers = []) =>
      app.evaluate(
        ({ webContents }, key) => {
          const page = webContents.getAllWebContents().find((contents) => contents.getURL().startsWith('ripcord://'));
          page?.sendInputEvent({ type: 'keyDown', keyCode: key.keyCode, modifiers: key.modifiers });
          page?.sendInputEvent({ type: 'keyUp', keyCode: key.keyCode, modifiers: key.modifiers });
        },
        { keyCode, modifiers },
      ),
    logEntries,
    async dispose(): Promise<void> {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      // whatever the test did, leave no session process behind
      for (const pid of await processesWithMarker(marker)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
  // The page gets keys only once the terminal exists and the session runs.
  try {
    await running.sessionPid();
  } catch (error) {
    await running.dispose();
    throw error;
  }
  return running;
}
