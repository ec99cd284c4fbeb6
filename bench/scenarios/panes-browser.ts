// The panes row (issue #33): four panes in one window, three of them running the colored flood;
// in the fourth, Ctrl+C → prompt (a quiet foreground program interrupted) and then the echo of
// typed keys, timed as the Ctrl+C rows are (ripcord: from main's key entry). ripcord: the browser harness, its window
// split by the window keys into four panes, each its own session; the peer: the VS Code-style
// page with four terminals in a grid over one host running four ptys (bench/naive/harness.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, Page } from '@playwright/test';
import { PROMPT, startBrowserPipeline } from '../lib/pipelines';
import { newMarker } from '../lib/processes';
import { hostLoopDelay, PAGE_TIMEOUT_MS, startFlood, startProfiler, waitForPrompt } from './ctrl-c-browser';
import { VIEWPORT, type Flood, type Renderer } from '../lib/ctrl-c-rows';
import { measureCtrlC, measureUntilRow, type Measured } from './prompt-watch';
import type { EventLoopDelay } from '../../e2e/harness/event-loop-delay';
import { panesOf } from '../../contracts/panes';
import { drawnMbPerSecond, type DrawnReading } from '../lib/drawn';

/** 'ripcord-unpaced': ripcord with paceBackgroundPanes off, every pane drawn at full speed (--panes-unpaced) */
export type PanesContender = 'ripcord' | 'ripcord-unpaced' | 'peer';
/** The window: four panes, all on screen (two splits each way), the last one measured. */
export const PANES = 4;
/** What the measured pane runs until the press: a foreground program that prints nothing. */
const QUIET_COMMAND = 'sleep 1000';
/** The key typed at the prompt after the press, once per echo measured. */
const ECHO_KEY = 'x';

export interface PanesRunOptions {
  renderer: Renderer;
  flood: Flood;
  /** how long the floods run before the press */
  floodMs: number;
  timeoutMs: number;
  /** keys typed and timed one after another at the prompt the press brought back */
  keys: number;
  /** write the page's CPU profile from the press to the last echo to this file (--profile) */
  profileTo?: string;
}

export interface PanesRun {
  ctrlC: Measured;
  /** ms from each key's input to its echo on the pane's screen; a key unanswered within the timeout counts at it */
  echoes: { ms: number; censored: boolean }[];
  renderer: string;
  /** the host process's event-loop delay from the floods on screen to the last echo */
  hostLoop: EventLoopDelay;
  /** what the flooding panes drew together from the press to the last echo */
  backgroundMbPerSecond: number;
}

export async function runPanesBrowser(browser: Browser, kind: PanesContender, options: PanesRunOptions): Promise<PanesRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-panes-'));
  const ripcord = kind !== 'peer';
  const pipeline = await startBrowserPipeline(ripcord ? 'ripcord' : 'peer', {
    dir,
    marker: newMarker(),
    ...(kind === 'ripcord-unpaced' ? { settings: { paceBackgroundPanes: false } } : {}),
  });
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${pipeline.url}&renderer=${options.renderer}&panes=${PANES}`);
    await page.waitForFunction(() => window.__ripcordTest !== undefined, undefined, { timeout: PAGE_TIMEOUT_MS });
    await waitForPrompt(page, '1');
    const panes = ripcord ? await splitIntoFour(page) : Array.from({ length: PANES }, (_, i) => String(i + 1));
    for (const pane of panes) await waitForPrompt(page, pane);
    const renderer = await page.evaluate(() => window.__ripcordTest?.renderer() ?? 'none');
    const measured = panes[panes.length - 1] ?? '1';
    for (const pane of panes.slice(0, -1)) await startFlood(page, pane, options.flood);
    await runQuietCommand(page, measured);
    await hostLoopDelay(pipeline.port, pipeline.token);
    await delay(options.floodMs);
    const flooding = panes.slice(0, -1);
    const drawnBefore = await readDrawn(page, flooding);
    const profiler = options.profileTo ? await startProfiler(page) : undefined;
    const ctrlC = await measureCtrlC(page, {
      pane: measured,
      prompt: PROMPT,
      timeoutMs: options.timeoutMs,
      press: ripcord ? { main: pipeline } : 'page-key',
    });
    const echoes: PanesRun['echoes'] = [];
    for (let i = 1; i <= options.keys && !ctrlC.censored; i++) {
      const { ms, censored } = await measureUntilRow(page, {
        pane: measured,
        row: `${PROMPT}${ECHO_KEY.repeat(i)}`,
        timeoutMs: options.timeoutMs,
        send: ECHO_KEY,
      });
      echoes.push({ ms, censored });
    }
    const backgroundMbPerSecond = drawnMbPerSecond(drawnBefore, await readDrawn(page, flooding));
    const hostLoop = await hostLoopDelay(pipeline.port, pipeline.token);
    if (profiler && options.profileTo) await profiler.stopTo(options.profileTo);
    return { ctrlC, echoes, renderer, hostLoop, backgroundMbPerSecond };
  } finally {
    await context.close();
    await pipeline.stop();
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/**
 * ripcord's window of one pane split as a user does it: right (Ctrl+Shift+5), down in the new
 * pane (Alt+Shift+Minus), back left (Alt+Left) and down again: a 2 × 2 grid as the peer's,
 * focus in the last pane. Returns the panes, the focused one last.
 */
async function splitIntoFour(page: Page): Promise<string[]> {
  // every step moves the focus: a split focuses its new pane, Alt+Left the pane on the left
  for (const key of ['Control+Shift+Digit5', 'Alt+Shift+Minus', 'Alt+ArrowLeft', 'Alt+Shift+Minus']) {
    const before = await page.evaluate(() => window.__ripcordHarness?.layout?.focused);
    await page.keyboard.press(key);
    await page.waitForFunction((before) => (window.__ripcordHarness?.layout?.focused ?? before) !== before, before, {
      timeout: PAGE_TIMEOUT_MS,
      polling: 20,
    });
  }
  const layout = await page.evaluate(() => window.__ripcordHarness?.layout);
  const panes = layout?.tabs.flatMap((tab) => panesOf(tab.root)) ?? [];
  if (!layout || panes.length !== PANES) throw new Error(`panes: expected ${PANES} panes, the layout is ${JSON.stringify(layout)}`);
  return [...panes.filter((pane) => pane !== layout.focused), layout.focused];
}

/** Types the quiet command in `pane` and waits until it runs (its line echoed, the cursor below it). */
async function runQuietCommand(page: Page, pane: string): Promise<void> {
  await page.evaluate(({ pane, command }) => window.ripcord.input(pane, `${command}\r`), { pane, command: QUIET_COMMAND });
  await page.waitForFunction(
    ({ pane, line }) => {
      const view = window.__ripcordTestPane?.(pane);
      if (!view) return false;
      const cursor = view.cursor();
      const screen = view.screen();
      return screen[cursor.y - 1]?.trimEnd() === line && cursor.x === 0;
    },
    { pane, line: `${PROMPT}${QUIET_COMMAND}` },
    { timeout: PAGE_TIMEOUT_MS, polling: 20 },
  );
}

/** The chars each of `panes` has parsed so far, read in the page at one moment. */
async function readDrawn(page: Page, panes: readonly string[]): Promise<DrawnReading> {
  const reading = await page.evaluate((panes) => {
    const parsed: Record<string, number> = {};
    for (const pane of panes) {
      const view = window.__ripcordTestPane?.(pane);
      if (!view) return undefined;
      parsed[pane] = view.parsedChars();
    }
    return { atMs: performance.now(), parsed };
  }, panes);
  if (!reading) throw new Error(`panes: no screen for one of ${panes.join(', ')}`);
  return reading;
}
