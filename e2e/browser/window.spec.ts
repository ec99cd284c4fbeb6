// Issue #30, part A, in Chromium through the harness (the desktop's wiring, WebSocket for IPC):
// the grid's padding and whole rows in every state, the designed themes and the system's
// preference, the find widget, the font zoom, the process view as an opaque keyboard panel.
import { expect, test, type Page } from '@playwright/test';
import { type Harness, openTerminal, run, startHarness, stopHarness, waitForPrompt, waitForRow } from './harness-fixture';

/** The bar for the distance of the text from the window's edges. */
const MIN_EDGE_PX = 8;

let harness: Harness | undefined;

test.afterEach(async ({ page }) => {
  await page.close();
  if (harness) await stopHarness(harness);
  harness = undefined;
});

interface Geometry {
  grid: { left: number; top: number; right: number; bottom: number };
  window: { width: number; height: number };
  /** the last row's bottom, and how far the terminal's box lets it go before it is clipped */
  lastRowBottom: number;
  visibleBottom: number;
}

async function geometry(page: Page): Promise<Geometry> {
  return page.evaluate(() => {
    const grid = document.querySelector('.xterm-screen')?.getBoundingClientRect();
    const lastRow = document.querySelector('.xterm-rows')?.lastElementChild?.getBoundingClientRect();
    const box = document.getElementById('terminal')?.getBoundingClientRect();
    if (!grid || !lastRow || !box) throw new Error('no terminal on the page');
    return {
      grid: { left: grid.left, top: grid.top, right: grid.right, bottom: grid.bottom },
      window: { width: window.innerWidth, height: window.innerHeight },
      lastRowBottom: lastRow.bottom,
      visibleBottom: Math.min(window.innerHeight, box.bottom),
    };
  });
}

async function expectLastRowWhole(page: Page, state: string): Promise<void> {
  const g = await geometry(page);
  expect(g.lastRowBottom, `last row with ${state}`).toBeLessThanOrEqual(g.visibleBottom);
}

const rows = (page: Page) => page.evaluate(() => window.__ripcordTest?.size().rows ?? 0);

test('the grid keeps 8 px from every edge; the last row stays whole with the banner, the find box and the process view', async ({
  page,
}) => {
  harness = await startHarness({ config: { fontSize: 1000 } });
  await openTerminal(page, harness);
  await waitForPrompt(page);
  const banner = page.locator('.ripcord-banner');
  await expect(banner).toBeVisible();
  await expectLastRowWhole(page, 'the banner');

  const rowsWithBanner = await rows(page);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await page.waitForFunction((before) => (window.__ripcordTest?.size().rows ?? 0) > before, rowsWithBanner);
  const g = await geometry(page);
  expect(g.grid.left).toBeGreaterThanOrEqual(MIN_EDGE_PX);
  expect(g.grid.top).toBeGreaterThanOrEqual(MIN_EDGE_PX);
  expect(g.window.width - g.grid.right).toBeGreaterThanOrEqual(MIN_EDGE_PX);
  expect(g.window.height - g.grid.bottom).toBeGreaterThanOrEqual(MIN_EDGE_PX);
  await expectLastRowWhole(page, 'nothing open');

  await page.keyboard.press('Control+Shift+F');
  await expect(page.locator('.ripcord-search')).toBeVisible();
  await expectLastRowWhole(page, 'the find box');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ripcord-search')).toBeHidden();

  await page.keyboard.press('Control+Shift+J');
  const view = page.locator('.ripcord-processes');
  await expect(view).toBeVisible();
  await expectLastRowWhole(page, 'the process view');
  // opaque: its own background, nothing of the terminal's text through it
  const background = await view.evaluate((e) => getComputedStyle(e).backgroundColor);
  const alpha = /^rgba\(.*,\s*([\d.]+)\)$/.exec(background)?.[1];
  expect(alpha === undefined ? 1 : Number(alpha), background).toBe(1);
  // keyboard reachable: it has the focus, Tab goes round its buttons (never on to the terminal), Esc closes it
  const buttons = await view.locator('button').count();
  const focusedButton = () =>
    page.evaluate(() =>
      document.activeElement?.closest('.ripcord-processes') && document.activeElement.tagName === 'BUTTON'
        ? document.activeElement.textContent
        : null,
    );
  const visited = new Set<string | null>();
  for (let i = 0; i <= buttons; i++) {
    await page.keyboard.press('Tab');
    visited.add(await focusedButton());
  }
  expect(visited.has(null)).toBe(false);
  expect(visited.size).toBe(buttons);
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  await run(page, 'echo back-in-the-terminal');
  await waitForRow(page, /^back-in-the-terminal$/);
});

test('prefers-color-scheme picks the light or the dark theme, also while open; a theme color overrides both', async ({ page }) => {
  harness = await startHarness({ config: { theme: { foreground: '#ff8800' } } });
  await page.emulateMedia({ colorScheme: 'light' });
  await openTerminal(page, harness);
  const colors = () =>
    page.evaluate(() => ({
      scheme: document.documentElement.dataset.colorScheme,
      page: getComputedStyle(document.body).backgroundColor,
      terminal: getComputedStyle(document.querySelector('.xterm-scrollable-element') as Element).backgroundColor,
      text: getComputedStyle(document.querySelector('.xterm-rows') as Element).color,
    }));
  await expect
    .poll(colors)
    .toEqual({ scheme: 'light', page: 'rgb(255, 255, 255)', terminal: 'rgb(255, 255, 255)', text: 'rgb(255, 136, 0)' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(colors).toEqual({ scheme: 'dark', page: 'rgb(30, 30, 30)', terminal: 'rgb(30, 30, 30)', text: 'rgb(255, 136, 0)' });
});

test('find: "1 of 12", Enter "2 of 12", the regex toggle, and the box never covers the selected match', async ({ page }) => {
  harness = await startHarness();
  await openTerminal(page, harness);
  await waitForPrompt(page);
  // the command line itself must not contain the word
  await run(page, 'clear; w=ze; for i in $(seq 12); do echo ${w}bra; done');
  await waitForPrompt(page);
  await page.keyboard.press('Control+Shift+F');
  const input = page.getByRole('textbox', { name: 'Find in terminal' });
  const count = page.locator('.ripcord-search-count');
  await input.fill('zebra');
  await expect(count).toHaveText('1 of 12');
  await input.press('Enter');
  await expect(count).toHaveText('2 of 12');
  await input.press('Shift+Enter');
  await expect(count).toHaveText('1 of 12');

  await input.fill('ze.ra');
  await expect(count).toHaveText('No results');
  await page.getByRole('button', { name: 'Use regular expression (Alt+R)' }).click();
  await expect(count).toHaveText(/^\d+ of 12$/);
  expect(await page.evaluate(() => window.__ripcordTest?.selection())).toBe('zebra');

  // a match at the top right, where the box sits: the box moves off it
  await input.press('Escape');
  await run(page, 'clear; t=ti; printf "%*s\\n" $COLUMNS ${t}ger');
  await waitForRow(page, /^ +tiger$/);
  await waitForPrompt(page);
  await page.keyboard.press('Control+Shift+F');
  await input.fill('tiger');
  await expect(count).toHaveText('1 of 1');
  const covered = await page.evaluate(() => {
    const view = window.__ripcordTest;
    const grid = document.querySelector('.xterm-screen')?.getBoundingClientRect();
    if (!view || !grid) throw new Error('no terminal on the page');
    const screen = view.screen();
    const row = screen.findIndex((line) => line.endsWith('tiger'));
    const col = (screen[row] ?? '').indexOf('tiger');
    const { cols, rows } = view.size();
    const x = grid.left + ((col + 2.5) * grid.width) / cols;
    const y = grid.top + ((row + 0.5) * grid.height) / rows;
    return { row, underBox: document.elementFromPoint(x, y)?.closest('.ripcord-search') !== null };
  });
  expect(covered).toEqual({ row: 0, underBox: false });
  await expect(page.locator('.ripcord-search')).toHaveClass(/ripcord-search-below/);
});

test('Ctrl+= makes the cells larger and the session narrower (stty size agrees); Ctrl+0 restores', async ({ page }) => {
  harness = await startHarness();
  await openTerminal(page, harness);
  await waitForPrompt(page);
  const measure = () =>
    page.evaluate(() => {
      const size = window.__ripcordTest?.size() ?? { cols: 0, rows: 0 };
      const width = document.querySelector('.xterm-screen')?.getBoundingClientRect().width ?? 0;
      return { ...size, cellWidth: width / size.cols };
    });
  const sessionAgrees = async (size: { cols: number; rows: number }) => {
    await run(page, 'clear; stty size');
    await waitForRow(page, new RegExp(`^${size.rows} ${size.cols}$`));
    await waitForPrompt(page);
  };
  const before = await measure();
  await sessionAgrees(before);

  await page.keyboard.press('Control+Equal');
  await page.keyboard.press('Control+Equal');
  await page.waitForFunction((cols) => (window.__ripcordTest?.size().cols ?? cols) < cols, before.cols);
  const zoomed = await measure();
  expect(zoomed.cellWidth).toBeGreaterThan(before.cellWidth);
  await sessionAgrees(zoomed);

  await page.keyboard.press('Control+Digit0');
  await page.waitForFunction((cols) => window.__ripcordTest?.size().cols === cols, before.cols);
  expect(await measure()).toEqual(before);
  await sessionAgrees(before);
});
