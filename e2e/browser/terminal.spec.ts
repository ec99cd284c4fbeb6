// The real renderer in Chromium against the browser harness: real core, pty and reaper.
import { expect, test, type ConsoleMessage } from '@playwright/test';
import path from 'node:path';
import {
  type Harness,
  memoryStats,
  openTerminal,
  pressCtrlC,
  processWithCommand,
  run,
  screen,
  sessionProcesses,
  startHarness,
  stopHarness,
  waitFor,
  waitForPrompt,
  waitForRow,
} from './harness-fixture';

/** A flood may legitimately grow the harness a little (buffers, JIT); flow control keeps it far below this. */
const FLOOD_RSS_GROWTH_LIMIT_BYTES = 150 * 1024 * 1024;
/** How long `yes` floods before the Ctrl+C: long enough that an unbounded queue would show. */
const FLOOD_MS = 4_000;
const STATS_EVERY_MS = 200;

let harness: Harness | undefined;
let consoleErrors: string[] = [];

test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(async ({ page }) => {
  await page.close();
  if (harness) await stopHarness(harness);
  harness = undefined;
});

test('the first prompt shows without a key press', async ({ page }) => {
  harness = await startHarness();
  await openTerminal(page, harness);
  await waitForPrompt(page);
});

test('typing `echo hi` shows hi, under the strict CSP', async ({ page }) => {
  harness = await startHarness();
  await openTerminal(page, harness);
  await run(page, 'echo hi');
  await waitForRow(page, /^hi$/);
  expect(await page.evaluate(() => window.__ripcordTest?.renderer())).toBe('dom');
  expect(consoleErrors).toEqual([]);
});

test('one Ctrl+C ends `sleep 1000` and shows the hint', async ({ page }) => {
  harness = await startHarness();
  const marker = harness.marker;
  await openTerminal(page, harness);
  await run(page, 'sleep 1000');
  const sleepPid = await waitFor('sleep to run', 10_000, () => processWithCommand(marker, 'sleep 1000'));

  await pressCtrlC(harness);
  const hint = page.locator('.ripcord-hint');
  await expect(hint).toBeVisible();
  // what a second press ends, by name, once the session host looked it up (sleep, or the shell once sleep is gone)
  await expect(hint).toHaveText(/^Ctrl\+C again quits ripcord — (sleep|bash)( and \d+ other process(es)? end| ends) too \(\d\.\d s\)$/);
  await waitForPrompt(page);
  await waitFor('sleep to be gone', 10_000, async () => ((await sessionProcesses(marker)).includes(sleepPid) ? undefined : true));
  // the window runs out and the hint goes; the app stays
  await expect(hint).toBeHidden({ timeout: 10_000 });
  expect(harness.exitStatus()).toBeUndefined();
});

test('two Ctrl+C 300 ms apart end the harness with 130 and leave no session process', async ({ page }) => {
  harness = await startHarness();
  const marker = harness.marker;
  await openTerminal(page, harness);
  // a background job that survives the first Ctrl+C: the reaper has to end it
  await run(page, 'sleep 2000 & sleep 1000');
  await waitFor('both sleeps to run', 10_000, async () =>
    (await processWithCommand(marker, 'sleep 2000')) && (await processWithCommand(marker, 'sleep 1000')) ? true : undefined,
  );
  await pressCtrlC(harness);
  // the press interval is the subject of this test, not a wait for a condition
  await page.waitForTimeout(300);
  await pressCtrlC(harness);
  expect(await harness.exited).toEqual({ code: 130, signal: null });
  await stopHarness(harness); // throws if any session process is left
  harness = undefined;
});

test('`/exit` at the prompt ends the harness with 0', async ({ page }) => {
  harness = await startHarness();
  await openTerminal(page, harness);
  await run(page, '/exit');
  expect(await harness.exited).toEqual({ code: 0, signal: null });
});

test('`yes` flooding + one Ctrl+C brings the prompt back, harness memory stays bounded', async ({ page }) => {
  harness = await startHarness();
  const h = harness;
  await openTerminal(page, h);
  const before = await memoryStats(h);
  await run(page, 'yes');
  await waitForRow(page, /^y$/);
  let peak = before.rss;
  const deadline = Date.now() + FLOOD_MS;
  while (Date.now() < deadline) {
    peak = Math.max(peak, (await memoryStats(h)).rss);
    await page.waitForTimeout(STATS_EVERY_MS);
  }
  await pressCtrlC(h);
  await waitForPrompt(page, 30_000);
  console.log(`harness RSS before ${(before.rss / 2 ** 20).toFixed(1)} MB, peak while flooding ${(peak / 2 ** 20).toFixed(1)} MB`);
  expect(peak - before.rss).toBeLessThan(FLOOD_RSS_GROWTH_LIMIT_BYTES);
  // the shell is usable again
  await run(page, 'echo after-flood');
  await waitForRow(page, /^after-flood$/);
});

test('resizing the page changes `stty size`', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  harness = await startHarness();
  await openTerminal(page, harness);
  const sizeOf = () => page.evaluate(() => window.__ripcordTest?.size() ?? { cols: 0, rows: 0 });
  const first = await sizeOf();
  await run(page, 'stty size');
  await waitForRow(page, new RegExp(`^${first.rows} ${first.cols}$`));

  await page.setViewportSize({ width: 640, height: 400 });
  await page.waitForFunction((old) => {
    const size = window.__ripcordTest?.size();
    return size !== undefined && size.cols < old.cols && size.rows < old.rows;
  }, first);
  const second = await sizeOf();
  await waitForPrompt(page);
  await run(page, 'clear; stty size');
  await waitForRow(page, new RegExp(`^${second.rows} ${second.cols}$`));
});

test('Ctrl+Shift+F finds text; Enter/Shift+Enter move, Esc closes and gives the keys back', async ({ page }) => {
  harness = await startHarness();
  await openTerminal(page, harness);
  await run(page, 'echo needle-one; echo hay; echo needle-two');
  await waitForRow(page, /^needle-two$/);
  await waitForPrompt(page);

  await page.keyboard.press('Control+Shift+F');
  const input = page.locator('.ripcord-search input');
  await expect(input).toBeFocused();
  await input.fill('needle-t');
  await input.press('Enter');
  await expect.poll(() => page.evaluate(() => window.__ripcordTest?.selection())).toBe('needle-t');
  // 'needle' is four times on the screen (twice typed, twice printed): Enter walks on, Shift+Enter back
  await input.fill('needle');
  const selectedAt = () => page.evaluate(() => JSON.stringify(window.__ripcordTest?.selectionStart()));
  await input.press('Enter');
  const a = await selectedAt();
  await input.press('Enter');
  const b = await selectedAt();
  expect(a).toMatch(/^\{"x":\d+,"y":\d+\}$/);
  expect(b).toMatch(/^\{"x":\d+,"y":\d+\}$/);
  expect(b).not.toBe(a);
  await input.press('Shift+Enter');
  expect(await selectedAt()).toBe(a);
  expect(await page.evaluate(() => window.__ripcordTest?.selection())).toBe('needle');
  await input.fill('no-such-text-here');
  await input.press('Enter');
  await expect(page.locator('.ripcord-search')).toHaveClass(/ripcord-search-miss/);

  await input.press('Escape');
  await expect(page.locator('.ripcord-search')).toBeHidden();
  await run(page, 'echo typed-after-search');
  await waitForRow(page, /^typed-after-search$/);
});

test('the screenshot shows the prompt', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 800, height: 360 });
  harness = await startHarness();
  await openTerminal(page, harness);
  await run(page, 'echo "ripcord screenshot: $((6 * 7))"');
  await waitForRow(page, /^ripcord screenshot: 42$/);
  await waitForPrompt(page);
  const file = path.join(testInfo.project.outputDir, 'ripcord-prompt.png');
  const png = await page.screenshot({ path: file });
  const rows = await screen(page);
  expect(rows).toContain('ripcord screenshot: 42');

  // Decode the PNG in a blank page and count pixels that differ from the background.
  const blank = await page.context().newPage();
  const lit = await blank.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const [r0, g0, b0] = [data[0], data[1], data[2]];
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] !== r0 || data[i + 1] !== g0 || data[i + 2] !== b0) count++;
    return count;
  }, png.toString('base64'));
  await blank.close();
  // text of two lines and a prompt lights a few hundred pixels at least; a blank page none
  expect(lit).toBeGreaterThan(300);
});
