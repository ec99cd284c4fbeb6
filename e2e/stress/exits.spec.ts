// Issue 7 §2: exits through every trigger with the hostile child of bench/lib/hostile-tree.ts
// (ignores HUP/INT/TERM, 50 descendants, some in sessions of their own), several at once.
// Required: every exit leaves no session process behind, and gives the trigger's exit code.
// Counts only; the time it takes is the bench's business (bench/scenarios/exit.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { IpcChannel } from '../../contracts/renderer';
import type { HostMessage, PageMessage } from '../harness/harness-socket';
import { HOSTILE_PROCESSES, writeHostileScript } from '../../bench/lib/hostile-tree';
import { openPageSockets, PROMPT, startBrowserPipeline } from '../../bench/lib/pipelines';
import { markedProcesses, newMarker, whenNoneLeft } from '../../bench/lib/processes';
import { EXIT_CODES, EXIT_TRIGGERS, runExit, type ExitRun, type ExitTrigger } from '../../bench/scenarios/exit';
import { FULL } from './stress-mode';

/** Short, so the SIGKILL stage comes soon (the schema's minimum is 100 ms). */
const KILL_GRACE_MS = 300;
/** Bound on waiting for the last session process after the deadline: generous for a loaded machine. */
const CLEANUP_WATCH_MS = 15_000;
/** Full run: exits per trigger, this many at the same time (concurrency is part of the stress). */
const EXITS_PER_TRIGGER = 100;
const PARALLEL = 5;

const terminalExit = (trigger: ExitTrigger): Promise<ExitRun> =>
  runExit('ripcord', { trigger, killGraceMs: KILL_GRACE_MS, extraWatchMs: CLEANUP_WATCH_MS });

function expectClean(trigger: ExitTrigger, runs: readonly ExitRun[]): void {
  expect(runs.filter((run) => run.noneLeftMs === undefined).length, `${trigger}: exits that left session processes alive`).toBe(0);
  const expected = EXIT_CODES[trigger];
  if (expected !== undefined)
    expect(
      runs.map((run) => run.exitCode),
      `${trigger}: exit codes`,
    ).toEqual(Array<number>(runs.length).fill(expected));
}

async function batches<T>(total: number, parallel: number, run: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  while (out.length < total) out.push(...(await Promise.all(Array.from({ length: Math.min(parallel, total - out.length) }, run))));
  return out;
}

/** window-close exists only where a window does: the browser harness, its page's socket closing. */
async function windowCloseExit(): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-stress-close-'));
  const marker = newMarker();
  const pipeline = await startBrowserPipeline('ripcord', { dir, marker, killGraceMs: KILL_GRACE_MS });
  const { main: ws, screen: screenSocket } = openPageSockets(pipeline);
  try {
    let screen = '';
    screenSocket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as HostMessage;
      if (message.channel === IpcChannel.data) screen = (screen + message.args[1]).slice(-4096);
    });
    await Promise.all(
      [ws, screenSocket].map((socket) => new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))),
    );
    ws.send(JSON.stringify({ channel: IpcChannel.resize, args: ['1', 100, 30] } satisfies PageMessage));
    await expect.poll(() => screen.endsWith(PROMPT), { timeout: 20_000 }).toBe(true);
    ws.send(JSON.stringify({ channel: IpcChannel.input, args: ['1', `bash ${await writeHostileScript(dir)}\r`] } satisfies PageMessage));
    // the shell carries the marker too, through the session environment
    await expect
      .poll(async () => (await markedProcesses(marker)).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(HOSTILE_PROCESSES + 1);
    ws.close();
    await pipeline.exited;
    const noneLeft = await whenNoneLeft(marker, KILL_GRACE_MS + CLEANUP_WATCH_MS);
    return noneLeft === undefined ? (await markedProcesses(marker)).length : 0;
  } finally {
    ws.terminate();
    screenSocket.terminate();
    await pipeline.stop();
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

if (FULL) {
  test.describe.configure({ timeout: 30 * 60_000 });
  for (const trigger of EXIT_TRIGGERS) {
    test(`${EXITS_PER_TRIGGER} exits by ${trigger} with hostile children leave no session process`, async () => {
      expectClean(trigger, await batches(EXITS_PER_TRIGGER, PARALLEL, () => terminalExit(trigger)));
    });
  }
  test(`${EXITS_PER_TRIGGER} window closes (browser harness) with hostile children leave no session process`, async () => {
    const left = await batches(EXITS_PER_TRIGGER, PARALLEL, windowCloseExit);
    expect(left).toEqual(Array<number>(left.length).fill(0));
  });
} else {
  test('one exit by every trigger at the same time, each with hostile children, leaves no session process', async () => {
    const [closed, ...runs] = await Promise.all([windowCloseExit(), ...EXIT_TRIGGERS.map((trigger) => terminalExit(trigger))]);
    EXIT_TRIGGERS.forEach((trigger, i) => expectClean(trigger, [runs[i] as ExitRun]));
    expect(closed, 'window-close: session processes left').toBe(0);
  });
}
