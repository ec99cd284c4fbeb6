// Issue 17 §4: every contender of `npm run bench` runs once, on a tiny flood or a start, so a
// change that breaks the bench (a pipeline that never shows its prompt, a peer that stops
// acknowledging, a build step gone) fails `npm test` and not the lead's benchmark night.
// Correctness only: the prompt came back and the bytes were counted; no timing is asserted.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { PAGE_GRID } from '../../bench/lib/ctrl-c-rows';
import { HARNESS_SMALL_WATERMARK, REPO_ROOT, SMALL_LOW_WATERMARK, SMALL_WATERMARK, SMALL_WATERMARK_DIR } from '../../bench/lib/paths';
import { BROWSER_PIPELINES, startBrowserPipeline } from '../../bench/lib/pipelines';
import { newMarker } from '../../bench/lib/processes';
import { runCtrlCBrowser } from '../../bench/scenarios/ctrl-c-browser';
import { runCtrlCFloor } from '../../bench/scenarios/ctrl-c-floor';
import { PLAIN_MODES } from '../../bench/peer/plain';
import type { CtrlCHops } from '../../bench/scenarios/prompt-watch';
import { runFirstPrompt } from '../../bench/scenarios/first-prompt';
import { runPanesBrowser } from '../../bench/scenarios/panes-browser';
import { runThroughput } from '../../bench/scenarios/throughput';

/**
 * ripcord's press started at main's key entry (POST /key, which said when it was done with it),
 * as the desktop's keys do, and main's hold for it and the hint that rides on its answer reached
 * the page: the hops were traced.
 */
function expectPressedAtMain(hops: CtrlCHops | undefined): void {
  expect(hops?.entered).toBeGreaterThanOrEqual(0);
  expect(hops?.decided).toBeGreaterThanOrEqual(hops?.entered ?? Infinity);
  expect(Number.isFinite(hops?.hold)).toBe(true);
  expect(Number.isFinite(hops?.hint), 'the hint reached the page').toBe(true);
}

/**
 * The peer's and naive's press was a key event in the page, which its xterm sent to the pty as
 * "\x03": main made no hop of it, and the line discipline's echo of it reached the page.
 */
function expectPressedInPage(hops: CtrlCHops | undefined): void {
  expect(hops?.entered).toBeUndefined();
  expect(Number.isFinite(hops?.echo), 'the ^C echo reached the page').toBe(true);
}

/** Generous: a loaded 2-core machine; a prompt that never comes fails on `censored` instead. */
const PROMPT_DEADLINE_MS = 20_000;
const FLOOD_BYTES = 256 * 1024;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  // the naive harness and the peer's page are the bench's own bundles (npm test builds dist/ first)
  await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'bench', 'build.mjs')]);
});

// The `yes` flood: an interrupt can cut the colored flood inside an escape sequence, and then
// the peer (no CAN guard, DESIGN §6) may swallow its prompt — a result for the bench, not a
// broken pipeline.
for (const kind of BROWSER_PIPELINES) {
  test(`${kind}: Ctrl+C during a flood brings the prompt back in the page`, async ({ browser }) => {
    const run = await runCtrlCBrowser(browser, kind, { renderer: 'dom', flood: 'yes', floodMs: 50, timeoutMs: PROMPT_DEADLINE_MS });
    expect(run.censored, `no prompt within ${PROMPT_DEADLINE_MS} ms`).toBe(false);
    expect(run.renderer).toBe('dom');
    expect(run.grid, "the floor's pty takes the pages' grid").toEqual(PAGE_GRID.dom);
    expect(run.arrivals.length).toBe(run.messagesAfterPress);
    if (kind === 'ripcord') expectPressedAtMain(run.hops);
    else expectPressedInPage(run.hops);
  });
}

// The Ctrl+C rows' floor: bash in a bare pty of the pages' grid, its prompt read after "\x03"
test('floor: Ctrl+C during a flood brings the prompt back in the bare pty', async () => {
  const run = await runCtrlCFloor({ renderer: 'dom', flood: 'yes', floodMs: 50, timeoutMs: PROMPT_DEADLINE_MS });
  expect(run.censored, `no prompt within ${PROMPT_DEADLINE_MS} ms`).toBe(false);
  expect(run.ms).toBeGreaterThanOrEqual(0);
  expect(run.charsAfterPress).toBeGreaterThan(0);
});

// --experiments: ripcord's harness and the session host it forks (which runs flow control), both
// rebuilt with the smaller watermark
test('small-watermark: the harness starts its own session host, built with the smaller watermark, and Ctrl+C brings the prompt back', async ({
  browser,
}) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-wm-'));
  const pipeline = await startBrowserPipeline('ripcord', { dir, marker: newMarker(), harnessScript: HARNESS_SMALL_WATERMARK });
  let hostScript: string | undefined;
  try {
    const hostPid = pipeline.pids[1];
    expect(hostPid, 'the harness says its session host').toBeDefined();
    hostScript = (await readFile(`/proc/${hostPid}/cmdline`, 'utf8')).split('\0')[1];
  } finally {
    await pipeline.stop();
    await rm(dir, { recursive: true, force: true });
  }
  expect(hostScript).toBe(path.join(SMALL_WATERMARK_DIR, 'harness-session-host.js'));
  const bundle = await readFile(hostScript ?? '', 'utf8');
  const constant = (name: string): number => Number(new RegExp(`${name} = ([^;]+);`).exec(bundle)?.[1]);
  expect(constant('HIGH_WATERMARK_CHARS'), "the session host's high watermark").toBe(SMALL_WATERMARK);
  expect(constant('LOW_WATERMARK_CHARS'), "the session host's low watermark").toBe(SMALL_LOW_WATERMARK);
  const run = await runCtrlCBrowser(
    browser,
    'ripcord',
    { renderer: 'dom', flood: 'yes', floodMs: 50, timeoutMs: PROMPT_DEADLINE_MS },
    HARNESS_SMALL_WATERMARK,
  );
  expect(run.censored, `no prompt within ${PROMPT_DEADLINE_MS} ms`).toBe(false);
  expectPressedAtMain(run.hops);
});

// --peer-plain: the peer's page in its plain modes, the yardstick of the peer
test("plain: draws the peer's grid, and socket-80x24 xterm's own", async ({ browser }) => {
  const grid = async (query: string): Promise<{ cols: number; rows: number } | undefined> => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-grid-'));
    const pipeline = await startBrowserPipeline('peer', { dir, marker: newMarker() });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${pipeline.url}&renderer=webgl${query}`);
      await page.waitForFunction(() => window.__ripcordTest !== undefined);
      return await page.evaluate(() => window.__ripcordTest?.size());
    } finally {
      await context.close();
      await pipeline.stop();
      await rm(dir, { recursive: true, force: true });
    }
  };
  const peer = await grid('');
  expect(peer, "the floor's pty takes the pages' grid").toEqual(PAGE_GRID.webgl);
  expect(await grid('&plain=socket')).toEqual(peer);
  expect(await grid('&plain=bridge')).toEqual(peer);
  expect(await grid('&plain=socket-80x24')).toEqual({ cols: 80, rows: 24 });
});

for (const mode of PLAIN_MODES) {
  test(`plain (${mode}): Ctrl+C during a flood brings the prompt back in the page`, async ({ browser }) => {
    const run = await runCtrlCBrowser(browser, 'peer', {
      renderer: 'dom',
      flood: 'yes',
      floodMs: 50,
      timeoutMs: PROMPT_DEADLINE_MS,
      plain: mode,
    });
    expect(run.censored, `no prompt within ${PROMPT_DEADLINE_MS} ms`).toBe(false);
    expect(run.renderer).toBe('dom');
    // the bench counts what comes through the page's bridge: the plain socket's output bypasses it
    if (mode !== 'bridge') expect(run.messagesAfterPress).toBe(0);
  });
}

for (const kind of ['ripcord', 'peer'] as const) {
  test(`${kind}: a flood reaches a screen that acknowledges, every byte counted`, async () => {
    const run = await runThroughput(kind, FLOOD_BYTES);
    expect(run.stopped).toBeUndefined();
    // the flood, then its end marker and the echo of the newline
    expect(run.bytes).toBeGreaterThanOrEqual(FLOOD_BYTES);
    expect(run.mbPerSecond).toBeGreaterThan(0);
  });
}

// The panes rows: ripcord's window split into four sessions, the peer's four terminals over
// four ptys of one host; three flood, the fourth is interrupted and echoes what is typed.
for (const kind of ['ripcord', 'ripcord-unpaced', 'peer'] as const) {
  test(`${kind}: four panes, three flooding, the fourth's prompt back after a Ctrl+C and its keys echoed, the floods drawn meanwhile`, async ({
    browser,
  }) => {
    const run = await runPanesBrowser(browser, kind, {
      renderer: 'dom',
      flood: 'yes',
      floodMs: 50,
      timeoutMs: PROMPT_DEADLINE_MS,
      keys: 2,
    });
    expect(run.ctrlC.censored, `no prompt within ${PROMPT_DEADLINE_MS} ms`).toBe(false);
    expect(run.echoes.map((echo) => echo.censored)).toEqual([false, false]);
    expect(run.backgroundMbPerSecond).toBeGreaterThan(0);
    if (kind !== 'peer') expectPressedAtMain(run.ctrlC.hops);
    else expectPressedInPage(run.ctrlC.hops);
  });
}

// The start rows' hosts: ripcord as a user starts it, the naive host, and the contained floor
// (its root joins a cgroup and waits for the reaper stub's confirmation before bash runs), alone
// and after ripcord's settings steps (here with integration on: its files made, its marks seen).
for (const kind of ['ripcord', 'naive', 'floor', 'floor-settings'] as const) {
  test(`${kind}: bash -i shows its first prompt`, async () => {
    const variant =
      kind === 'ripcord' || kind === 'floor-settings'
        ? { label: 'quick', settings: { shellIntegration: true }, integration: true }
        : undefined;
    const run = await runFirstPrompt(kind, variant);
    expect(run.lost, 'no first prompt').toBe(false);
  });
}
