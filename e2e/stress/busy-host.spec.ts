// Issue 7 §2: a Ctrl+C that arrives while the host's main loop is busy for 2 s is handled
// right after the stall (the next thing the loop does), the watchdog logs the stall, and the
// session still ends cleanly. Order and presence are checked from the log, never durations.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { expect, test } from '@playwright/test';
import { DIST, REPO_ROOT } from '../../bench/lib/paths';
import { MARKER_VARIABLE, killMarked, markedProcesses, newMarker, processState, whenNoneLeft } from '../../bench/lib/processes';

interface LogLine {
  name: string;
  t?: number;
  kind?: string;
  action?: string;
  ms?: number;
}

async function logLines(file: string): Promise<LogLine[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LogLine);
}

test('a Ctrl+C during a 2 s main-loop stall is handled right after it, and the watchdog logs the stall', async () => {
  for (const bundle of ['reaper.js', 'watchdog.js']) expect(existsSync(path.join(DIST, bundle)), `${bundle}: run npm run build`).toBe(true);
  // Not under test-results/: a concurrent Playwright run clears that folder.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-stress-busy-'));
  const script = path.join(dir, 'busy-host.js');
  await build({
    entryPoints: [path.join(__dirname, 'busy-host.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: script,
    external: ['node-pty'],
    logLevel: 'error',
  });
  const logFile = path.join(dir, 'busy-host.log');
  const marker = newMarker();
  const host = spawn(
    process.execPath,
    [
      script,
      '--log',
      logFile,
      '--dist',
      DIST,
      '--env',
      `${MARKER_VARIABLE}=${marker}`,
      '--env',
      'PS1=busy$ ',
      '--',
      '/bin/bash',
      '--norc',
      '--noprofile',
      '-i',
    ],
    {
      stdio: ['pipe', 'ignore', 'inherit'],
      // the bundle lives outside the repository; node-pty stays external
      env: { ...process.env, NODE_PATH: path.join(REPO_ROOT, 'node_modules') },
    },
  );
  const exited = new Promise<number | null>((resolve) => host.once('exit', (code) => resolve(code)));
  const has = async (test: (line: LogLine) => boolean): Promise<boolean> => (await logLines(logFile)).some(test);
  try {
    await expect.poll(() => has((l) => l.name === 'watchdog-started'), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => has((l) => l.name === 'session.started'), { timeout: 20_000 }).toBe(true);
    host.stdin.write('sleep 1000\r');
    await expect
      .poll(
        async () => {
          const states = await Promise.all(
            (await markedProcesses(marker)).map(async (pid) => (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim()),
          );
          return states.includes('sleep');
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    process.kill(host.pid as number, 'SIGUSR2');
    await expect.poll(() => has((l) => l.name === 'stress.busy.begin'), { timeout: 20_000 }).toBe(true);
    host.stdin.write('\x03'); // arrives while the loop is busy

    await expect.poll(() => has((l) => l.name === 'cancel.handled'), { timeout: 20_000 }).toBe(true);
    const lines = await logLines(logFile);
    const at = (test: (line: LogLine) => boolean): number => lines.findIndex(test);
    const busyEnd = at((l) => l.name === 'stress.busy.end');
    const press = at((l) => l.name === 'trigger' && l.kind === 'ctrl-c');
    expect(busyEnd, 'the stall ended').toBeGreaterThanOrEqual(0);
    expect(lines[press], 'the press after the stall was a cancel').toMatchObject({ action: 'cancel' });
    // the press is the first thing the loop handled after the stall: nothing of the session's in between
    expect(press).toBeGreaterThan(busyEnd);
    expect(lines.slice(busyEnd + 1, press).filter((l) => l.name !== 'main-loop-stall')).toEqual([]);
    await expect.poll(() => has((l) => l.name === 'main-loop-stall'), { timeout: 20_000 }).toBe(true);

    // Then quit as a user does, pressing until it goes (a press more than the window after the
    // last one is a new cancel, and this machine may be slow); the session goes with it.
    let code: number | null | undefined;
    void exited.then((c) => (code = c));
    for (let press = 0; press < 10 && code === undefined; press++) {
      host.stdin.write('\x03');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(await exited).toBe(130);
    expect(await whenNoneLeft(marker, 15_000), 'session processes left').toBeDefined();
  } finally {
    host.stdin.end();
    if ((await processState(host.pid as number)) !== undefined) host.kill('SIGKILL');
    await killMarked(marker);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
});
