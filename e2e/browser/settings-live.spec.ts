// Settings applied while the window runs (issue #30, item 7), through the harness's own watch of
// its settings file — the desktop's ConfigWatcher and WindowIpc, in real Chromium.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  type Harness,
  harnessLog,
  harnessPerTest,
  openTerminal,
  PAST_DEBOUNCE_MS,
  pressCtrlC,
  run,
  waitFor,
  waitForPrompt,
  waitForRow,
} from './harness-fixture';

/** Bound on an edit reaching the window on a loaded machine; never asserted as a timing. */
const WAIT_MS = 15_000;

const harnesses = harnessPerTest();

const configFile = (h: Harness) => path.join(h.dir, 'config.json');

async function editConfig(h: Harness, patch: Record<string, unknown>): Promise<void> {
  const config = JSON.parse(await readFile(configFile(h), 'utf8')) as Record<string, unknown>;
  await writeFile(configFile(h), JSON.stringify({ ...config, ...patch }));
}

const size = (page: Page) => page.evaluate(() => window.__ripcordTest?.size() ?? { cols: 0, rows: 0 });
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('a new fontSize and theme reach the window and the session without a restart', async ({ page }) => {
  const harness = await harnesses.start({ config: { fontSize: 14, theme: { background: '#000000' } } });
  await openTerminal(page, harness);
  await waitForPrompt(page);
  const before = await size(page);

  await editConfig(harness, { fontSize: 20, theme: { background: '#203040', foreground: '#e0e0e0' } });
  await expect.poll(() => background(page), { timeout: WAIT_MS }).toBe('rgb(32, 48, 64)');
  await page.waitForFunction((cols) => (window.__ripcordTest?.size().cols ?? cols) < cols, before.cols, { timeout: WAIT_MS });
  // the bigger cells mean fewer columns, and the program sees the new size
  const after = await size(page);
  await run(page, 'stty size');
  await waitForRow(page, new RegExp(`^${after.rows} ${after.cols}$`));
  await expect(page.locator('.ripcord-banner')).toHaveCount(0);
});

test('a broken edit shows the banner and keeps the settings in use; fixing it removes the banner', async ({ page }) => {
  const harness = await harnesses.start({ config: { fontSize: 14, theme: { background: '#102030' } } });
  await openTerminal(page, harness);
  await waitForPrompt(page);
  const before = await size(page);
  const original = await readFile(configFile(harness), 'utf8');

  await writeFile(configFile(harness), '{ "fontSize": 30, "theme": { "background": "#ffffff" }');
  const banner = page.locator('.ripcord-banner');
  await expect(banner).toContainText('not valid JSON', { timeout: WAIT_MS });
  await expect(banner).toContainText('keeping the settings in use');
  expect(await background(page)).toBe('rgb(16, 32, 48)');
  expect((await size(page)).cols).toBe(before.cols);

  // a key with a problem keeps its previous value; the others apply
  await writeFile(configFile(harness), original);
  await editConfig(harness, { fontSize: 1000, theme: { background: '#304050' } });
  await expect(banner).toContainText('fontSize', { timeout: WAIT_MS });
  await expect(banner).toContainText('previous values');
  await expect.poll(() => background(page), { timeout: WAIT_MS }).toBe('rgb(48, 64, 80)');
  expect((await size(page)).cols).toBe(before.cols);

  await editConfig(harness, { fontSize: 14 });
  await expect(banner).toHaveCount(0, { timeout: WAIT_MS });
});

test('a new doublePressWindowMs applies from the next press', async ({ page }) => {
  const h = await harnesses.start({ config: { doublePressWindowMs: 500 } });
  await openTerminal(page, h);
  await waitForPrompt(page);
  await editConfig(h, { doublePressWindowMs: 5000 });
  await waitFor('the edited settings in the log', WAIT_MS, async () =>
    (await harnessLog(h)).some((e) => e.name === 'config.reloaded') ? true : undefined,
  );

  await pressCtrlC(h);
  // the hint counts down the new window: more than the old one's 0.5 s can ever show
  const hint = page.locator('.ripcord-hint');
  // "Press Ctrl+C again to quit", then what a second press ends by name (hint-text.ts)
  await expect(hint).toContainText(/Ctrl\+C again (to quit|quits ripcord)/);
  const shown = Number(/\(([\d.]+) s\)/.exec((await hint.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThan(0.5);
  // the press interval is the subject of this test, not a wait for a condition
  await page.waitForTimeout(PAST_DEBOUNCE_MS);
  await pressCtrlC(h);
  expect(await h.exited).toEqual({ code: 130, signal: null });
});

test('paceBackgroundPanes: a pane without the keys draws in turns; off, at full speed; the edit applies at once', async ({ page }) => {
  const h = await harnesses.start();
  await openTerminal(page, h);
  await waitForPrompt(page);
  await page.keyboard.press('Alt+Shift+Minus');
  await page.waitForFunction(
    () => window.__ripcordHarness?.layout?.focused !== undefined && window.__ripcordHarness.layout.focused !== '1',
    undefined,
    { timeout: WAIT_MS },
  );
  const paced = (pane: string) => page.evaluate((pane) => window.__ripcordTestPane?.(pane)?.paced(), pane);
  const focused = (await page.evaluate(() => window.__ripcordHarness?.layout?.focused)) ?? '';
  await expect.poll(() => paced('1'), { timeout: WAIT_MS }).toBe(true);
  expect(await paced(focused)).toBe(false);

  await editConfig(h, { paceBackgroundPanes: false });
  await expect.poll(() => paced('1'), { timeout: WAIT_MS }).toBe(false);
  await editConfig(h, { paceBackgroundPanes: true });
  await expect.poll(() => paced('1'), { timeout: WAIT_MS }).toBe(true);
});
