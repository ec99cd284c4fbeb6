// Starts the browser harness (dist/harness.js) as a child process for a spec, and proves
// afterwards that nothing of its session is left. Every session process carries a marker in
// its environment (config "env"), so /proc tells exactly which processes are the session's.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { readyLine } from '../harness/ready-line';
import type { KeyInput } from '../../contracts/renderer';
import { readCommandLine, readProcStat } from '../../main/platform/processes/proc-files';

/** dist/ of `npm run build:test`; RIPCORD_DIST points the specs (and the bench) at another build. */
export const DIST = process.env.RIPCORD_DIST ?? path.resolve(__dirname, '..', '..', 'dist');
const MARKER_VAR = 'RIPCORD_E2E_MARKER';
export const PROMPT = 'e2e$ ';
/** Past the default debounce (200 ms), so a second Ctrl+C press is not folded into the first. */
export const PAST_DEBOUNCE_MS = 300;
/** Short grace keeps the specs quick; the config schema allows 100 ms and up. */
export const TEST_KILL_GRACE_MS = 500;
/** How long a harness may take to print its ready line on a loaded 2-core machine. */
const READY_TIMEOUT_MS = 20_000;
/** Bound for the harness process to end after it was told to. */
const EXIT_TIMEOUT_MS = 10_000;
/** Bound for the reaper to finish the staged kill: the grace plus generous slack. */
const LEFTOVER_TIMEOUT_MS = TEST_KILL_GRACE_MS + 5_000;
const POLL_MS = 50;

export interface HarnessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Harness {
  url: string;
  port: number;
  token: string;
  pid: number;
  reaperPid: number;
  /** the session host process the harness forked (its sessions' parent) */
  hostPid: number;
  marker: string;
  logFile: string;
  child: ChildProcess;
  exited: Promise<HarnessExit>;
  /** undefined while running */
  exitStatus(): HarnessExit | undefined;
  stderr(): string;
  dir: string;
}

export interface HarnessStart {
  /** program and args; default an interactive bash without rc files and with PROMPT; [] none: the config's `shell` runs, as in the app */
  command?: string[];
  /** extra config keys */
  config?: Record<string, unknown>;
  /** extra environment for the session (beside the marker and PS1) */
  env?: Record<string, string>;
  /** extra environment for the harness process itself (RIPCORD_CGROUP_PARENT, RIPCORD_CONTAINMENT) */
  hostEnv?: Record<string, string>;
  /** the harness leads a process group of its own, as an app started from a desktop does (a signal to the group reaches nothing else) */
  ownGroup?: boolean;
}

export const BASH = ['/bin/bash', '--norc', '--noprofile', '-i'];

export async function startHarness(options: HarnessStart = {}): Promise<Harness> {
  const script = path.join(DIST, 'harness.js');
  if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build:test\` first`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-e2e-'));
  const marker = randomUUID();
  const configFile = path.join(dir, 'config.json');
  const logFile = path.join(dir, 'harness.log');
  const config = { env: { [MARKER_VAR]: marker, PS1: PROMPT, ...options.env }, killGraceMs: TEST_KILL_GRACE_MS, ...options.config };
  await writeFile(configFile, JSON.stringify(config));
  const child = spawn(
    process.execPath,
    [
      script,
      '--config',
      configFile,
      '--log',
      logFile,
      '--cwd',
      dir,
      ...(options.command?.length === 0 ? [] : ['--', ...(options.command ?? BASH)]),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.ownGroup === true,
      // the session's transcript stays in the test's directory
      env: { ...process.env, XDG_STATE_HOME: path.join(dir, 'state'), ...options.hostEnv },
    },
  );
  let status: HarnessExit | undefined;
  const exited = new Promise<HarnessExit>((resolve) => {
    child.on('exit', (code, signal) => {
      status = { code, signal };
      resolve(status);
    });
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ready = await readyLine(child, READY_TIMEOUT_MS);
  return {
    url: String(ready.url),
    port: Number(ready.port),
    token: String(ready.token),
    pid: Number(ready.pid),
    reaperPid: Number(ready.reaperPid),
    hostPid: Number(ready.hostPid),
    marker,
    logFile,
    child,
    exited,
    exitStatus: () => status,
    stderr: () => stderr,
    dir,
  };
}

/** PIDs of live processes that carry the harness' session marker. */
export async function sessionProcesses(marker: string): Promise<number[]> {
  const needle = `${MARKER_VAR}=${marker}\0`;
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [environ, stat] = await Promise.all([readFile(`/proc/${entry}/environ`, 'latin1'), readProcStat(Number(entry))]);
      // a zombie is dead, only not yet reaped by its parent
      if (environ.includes(needle) && stat && stat.state !== 'Z') found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

export async function commandLine(pid: number): Promise<string> {
  return (await readCommandLine(pid))?.join(' ') ?? '';
}

/** The session process whose command line is `command`, if one runs. */
export async function processWithCommand(marker: string, command: string): Promise<number | undefined> {
  for (const pid of await sessionProcesses(marker)) if ((await commandLine(pid)) === command) return pid;
  return undefined;
}

/**
 * Whether the process still runs. A zombie does not: it ended and waits for its parent, and an
 * orphan's parent is this VM's pid 1, which reaps late (a second or more), so a signal 0 (which
 * reaches zombies) would wait on pid 1. A zombie leader with a live thread runs (readProcStat).
 */
export async function isAlive(pid: number): Promise<boolean> {
  const state = (await readProcStat(pid))?.state;
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Ends the harness if it still runs (SIGTERM: its exit path; SIGKILL if that hangs), then
 * checks that no session process, no reaper and no session host is left. Throws with the leftovers otherwise.
 */
export async function stopHarness(harness: Harness): Promise<void> {
  if (!harness.exitStatus()) {
    harness.child.kill('SIGTERM');
    const ended = await Promise.race([harness.exited, new Promise((resolve) => setTimeout(resolve, EXIT_TIMEOUT_MS))]);
    if (!ended) harness.child.kill('SIGKILL');
    await harness.exited;
  }
  const leftovers = await waitFor('the session processes to be gone', LEFTOVER_TIMEOUT_MS, async () => {
    const left = await sessionProcesses(harness.marker);
    return left.length === 0 && !(await isAlive(harness.reaperPid)) && !(await isAlive(harness.hostPid)) ? [] : undefined;
  }).catch(async () => {
    const left = await sessionProcesses(harness.marker);
    const helpers = [];
    for (const pid of [harness.reaperPid, harness.hostPid]) if (await isAlive(pid)) helpers.push(pid);
    return Promise.all([...left, ...helpers].map(async (pid) => `${pid} ${await commandLine(pid)}`));
  });
  if (leftovers.length > 0) throw new Error(`processes left after the harness ended: ${leftovers.join(', ')}`);
  await rm(harness.dir, { recursive: true, force: true });
}

/**
 * One harness per test, for a spec file: `start` it in the test; after the test the page is
 * closed (the window closing) and the harness stopped and checked for leftovers (stopHarness).
 */
export function harnessPerTest(): { start(options?: HarnessStart): Promise<Harness> } {
  let current: Harness | undefined;
  test.afterEach(async ({ page }) => {
    await page.close();
    if (current) await stopHarness(current);
    current = undefined;
  });
  return {
    async start(options: HarnessStart = {}): Promise<Harness> {
      current = await startHarness(options);
      return current;
    },
  };
}

export async function harnessLog(harness: Harness): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(harness.logFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export interface HarnessStats {
  pid: number;
  sessionPid: number | null;
  reaperPid: number;
  hostPid: number | null;
  memory: NodeJS.MemoryUsage;
}

export async function harnessStats(harness: Harness): Promise<HarnessStats> {
  const response = await fetch(`http://127.0.0.1:${harness.port}/stats?token=${harness.token}`);
  return (await response.json()) as HarnessStats;
}

export async function memoryStats(harness: Harness): Promise<NodeJS.MemoryUsage> {
  return (await harnessStats(harness)).memory;
}

// ---- page side ----

export async function openTerminal(page: Page, harness: Harness, renderer: 'dom' | 'webgl' = 'dom'): Promise<void> {
  await page.goto(`${harness.url}&renderer=${renderer}`);
  await page.waitForFunction(() => window.__ripcordTest !== undefined);
  await waitFor('the session to start', READY_TIMEOUT_MS, async () =>
    (await harnessStats(harness)).sessionPid === null ? undefined : true,
  );
}

/** A Ctrl+C key event as Electron's before-input-event reports it (the fields the key entry reads). */
const CTRL_C: KeyInput = {
  type: 'keyDown',
  key: 'c',
  code: 'KeyC',
  control: true,
  shift: false,
  alt: false,
  meta: false,
  isAutoRepeat: false,
};

/**
 * One key event from outside the page, to the harness's main first (POST /key, as
 * before-input-event in the desktop): it works however busy or hung the page is. Returns whether
 * the desktop's page would get the key too.
 */
export async function pressKeyInMain(harness: Harness, input: KeyInput): Promise<{ page: boolean } | 'exited'> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${harness.port}/key?token=${harness.token}`, { method: 'POST', body: JSON.stringify(input) });
  } catch (error) {
    // a key that ends the app (a second Ctrl+C) may end it before the answer is written
    const exited = await Promise.race([
      harness.exited.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), EXIT_TIMEOUT_MS)),
    ]);
    if (exited) return 'exited';
    throw error;
  }
  if (!response.ok) throw new Error(`POST /key: ${response.status} ${await response.text()}`);
  return (await response.json()) as { page: boolean };
}

/** A Ctrl+C press and its release, from the keyboard to main: the desktop's Ctrl+C path. */
export async function pressCtrlC(harness: Harness): Promise<void> {
  if ((await pressKeyInMain(harness, CTRL_C)) === 'exited') return;
  await pressKeyInMain(harness, { ...CTRL_C, type: 'keyUp' });
}

export async function screen(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__ripcordTest?.screen() ?? []);
}

/** Waits until some visible row satisfies `test` (a regex source, matched per row). */
export async function waitForRow(page: Page, pattern: RegExp, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(
    ({ source, flags }) => {
      const re = new RegExp(source, flags);
      return (window.__ripcordTest?.screen() ?? []).some((row) => re.test(row));
    },
    { source: pattern.source, flags: pattern.flags },
    { timeout: timeoutMs, polling: POLL_MS },
  );
}

/** The shell's prompt is on the cursor's row with nothing typed after it. */
export async function waitForPrompt(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(
    (prompt) => {
      const view = window.__ripcordTest;
      if (!view) return false;
      const cursor = view.cursor();
      return view.screen()[cursor.y]?.trimEnd() === prompt.trimEnd() && cursor.x === prompt.length;
    },
    PROMPT,
    { timeout: timeoutMs, polling: POLL_MS },
  );
}

export async function run(page: Page, line: string): Promise<void> {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}
