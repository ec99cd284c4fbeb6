// DESIGN §9, first number: Ctrl+C → shell prompt back while the child floods output, in
// headless Chromium with the real renderer (DOM and WebGL), through the browser harness
// (ripcord) and through the naive harness. Timed from the moment the bench sent a Ctrl+C key event
// — for ripcord to its harness's main (POST /key, as Electron's before-input-event hands main every
// key); for the peer and the naive page to the page through Chromium's input, whose xterm sends
// "\x03" when the page takes the key, as VS Code's does — to the first moment xterm's buffer shows
// the prompt with the cursor after it (bench/scenarios/prompt-watch.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { copyFile, writeFile } from 'node:fs/promises';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM } from '../lib/paths';
import { PROMPT, startBrowserPipeline, type BrowserKind } from '../lib/pipelines';
import { newMarker } from '../lib/processes';
import type { EventLoopDelay } from '../../e2e/harness/event-loop-delay';
import { measureCtrlC, type CtrlCHops } from './prompt-watch';
import type { PlainMode } from '../peer/plain';
import { FLOOD_COMMANDS, FLOOD_ROW, VIEWPORT, type Flood, type Renderer } from '../lib/ctrl-c-rows';

/** Chromium flags of the Playwright config, plus SwiftShader for a software WebGL. */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
export const PAGE_TIMEOUT_MS = 20_000;
const PROMPT_NUDGE_MS = 3_000;
/** The window's first pane (contracts/panes.ts): the one pane of a single-session row. */
const PANE = '1';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
}

export interface CtrlCRun {
  ms: number;
  /** no prompt within the timeout: ms is a lower bound */
  censored: boolean;
  /** output that reached the page after the press, before the prompt */
  charsAfterPress: number;
  messagesAfterPress: number;
  /** the renderer the page really used (WebGL falls back to DOM when unavailable) */
  renderer: string;
  /** the page's grid (the floor's pty takes PAGE_GRID, which this should be) */
  grid: { cols: number; rows: number } | undefined;
  /** [ms after the press, chars] of every data message before the prompt: where the time went */
  arrivals: Array<[number, number]>;
  /** censored runs: the cursor's row when the wait ended (why no prompt was seen) */
  cursorRow?: string;
  /** a CPU profile of the page from the press to the prompt (CtrlCRunOptions.profileTo) */
  profile?: string;
  /** a Chromium trace of the same span (CtrlCRunOptions.traceTo) */
  trace?: string;
  /** the host process's event-loop delay from the flood on screen to the prompt (the desktop's main thread, issue #32) */
  hostLoop: EventLoopDelay;
  /** when each hop of the press was seen, after the bench sent the key */
  hops?: CtrlCHops;
}

export interface CtrlCRunOptions {
  renderer: Renderer;
  flood: Flood;
  /** how long the flood runs before the press */
  floodMs: number;
  timeoutMs: number;
  /** write the page's CPU profile (Chrome DevTools .cpuprofile) around the press to this file */
  profileTo?: string;
  /** write a Chromium trace (Perfetto / chrome://tracing JSON) around the press to this file */
  traceTo?: string;
  /** ripcord's page (not the peer's, which has none) searches this in its find box during the flood */
  findTerm?: string;
  /** the peer only: its page's plain mode (`?plain=MODE`, bench/peer/plain.ts) */
  plain?: PlainMode;
}

/** What a trace records: the page's tasks, frames, compositing and GPU commands. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink',
  'cc',
  'gpu',
  'v8.execute',
];

export async function runCtrlCBrowser(
  browser: Browser,
  kind: BrowserKind,
  options: CtrlCRunOptions,
  harnessScript?: string,
): Promise<CtrlCRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-ctrlc-'));
  const pipeline = await startBrowserPipeline(kind, { dir, marker: newMarker(), harnessScript });
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${pipeline.url}&renderer=${options.renderer}${options.plain === undefined ? '' : `&plain=${options.plain}`}`);
    await page.waitForFunction(() => window.__ripcordTest !== undefined, undefined, { timeout: PAGE_TIMEOUT_MS });
    await waitForPrompt(page, PANE);
    const renderer = await page.evaluate(() => window.__ripcordTest?.renderer() ?? 'none');
    const grid = await page.evaluate(() => window.__ripcordTest?.size());
    if (options.findTerm !== undefined && kind !== 'peer') {
      // the box keeps the focus: the flood goes in through window.ripcord.input, the press to main from outside the page
      await page.keyboard.press('Control+Shift+F');
      await page.keyboard.type(options.findTerm);
    }
    await startFlood(page, PANE, options.flood);
    await hostLoopDelay(pipeline.port, pipeline.token);
    await delay(options.floodMs);
    const profiler = options.profileTo ? await startProfiler(page) : undefined;
    if (options.traceTo) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const result = await measureCtrlC(page, {
      pane: PANE,
      prompt: PROMPT,
      timeoutMs: options.timeoutMs,
      press: kind === 'ripcord' ? { main: pipeline } : 'page-key',
    });
    const hostLoop = await hostLoopDelay(pipeline.port, pipeline.token);
    if (options.traceTo) await writeFile(options.traceTo, await browser.stopTracing());
    if (profiler && options.profileTo) await profiler.stopTo(options.profileTo);
    return {
      ...result,
      renderer,
      grid,
      hostLoop,
      ...(options.profileTo ? { profile: options.profileTo } : {}),
      ...(options.traceTo ? { trace: options.traceTo } : {}),
    };
  } finally {
    await context.close();
    await pipeline.stop();
    // ripcord's own log of the run (trigger, cut, drop, monotonic times) beside the profile
    const beside = options.profileTo ?? options.traceTo;
    if (beside && pipeline.logFile) await copyFile(pipeline.logFile, `${beside}.log`).catch(() => undefined);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/** Types the flood's command in `pane` and waits until its rows are on the pane's screen. */
export async function startFlood(page: Page, pane: string, flood: Flood): Promise<void> {
  await page.evaluate(({ pane, command }) => window.ripcord.input(pane, `${command}\r`), { pane, command: FLOOD_COMMANDS[flood] });
  await page.waitForFunction(
    ({ pane, row }) => window.__ripcordTestPane?.(pane)?.screen().includes(row) ?? false,
    { pane, row: FLOOD_ROW[flood] },
    { timeout: PAGE_TIMEOUT_MS, polling: 20 },
  );
}

/** The harness's event-loop delay since the previous ask (e2e/harness/event-loop-delay.ts). */
export async function hostLoopDelay(port: number, token: string): Promise<EventLoopDelay> {
  const response = await fetch(`http://127.0.0.1:${port}/event-loop?token=${encodeURIComponent(token)}`);
  if (!response.ok) throw new Error(`event-loop probe: HTTP ${response.status}`);
  return (await response.json()) as EventLoopDelay;
}

/** Chromium's sampling profiler over CDP, sampling every PROFILE_INTERVAL_US. */
const PROFILE_INTERVAL_US = 100;
export async function startProfiler(page: Page): Promise<{ stopTo(file: string): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL_US });
  await cdp.send('Profiler.start');
  return {
    stopTo: async (file) => {
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      await cdp.detach();
    },
  };
}

/** Setup only: a first prompt in `pane` that does not show is asked for again once with an Enter. */
export async function waitForPrompt(page: Page, pane: string): Promise<void> {
  const at = { prompt: PROMPT, pane };
  try {
    await page.waitForFunction(atPromptInPage, at, { timeout: PROMPT_NUDGE_MS, polling: 20 });
  } catch {
    await page.evaluate((pane) => window.ripcord.input(pane, '\r'), pane);
    try {
      await page.waitForFunction(atPromptInPage, at, { timeout: PAGE_TIMEOUT_MS, polling: 20 });
    } catch (error) {
      const screen = await page.evaluate((pane) => window.__ripcordTestPane?.(pane)?.screen() ?? [], pane);
      throw new Error(`no prompt in the page; screen: ${JSON.stringify(screen.filter((row) => row !== ''))}`, { cause: error });
    }
  }
}

/** Runs in the page: the prompt is on the pane's cursor row with nothing typed after it. */
function atPromptInPage({ prompt, pane }: { prompt: string; pane: string }): boolean {
  const view = window.__ripcordTestPane?.(pane);
  if (!view) return false;
  const cursor = view.cursor();
  return view.screen()[cursor.y]?.trimEnd() === prompt.trimEnd() && cursor.x === prompt.length;
}
