// Issue #44 item 1: notices that fit what happened. Information is a toast that goes by itself
// and takes no row from a terminal; a warning is one banner for the window, its own colour, the
// settings file named once. Every wait is on a state, never on a clock.
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { harnessPerTest } from './harness-fixture';
import { layout, newTab, openWindow, paneCount, paneRows, seriousViolations, WAIT_MS, windowKey } from './window-helpers';

const harnesses = harnessPerTest();

test("a closed tab's notice is a toast: announced, not red, takes no rows, gone by itself, listed again by Ctrl+Shift+N", async ({
  page,
}) => {
  await openWindow(page, harnesses);
  const first = (await layout(page))?.focused ?? '1';
  const rowsBefore = await paneRows(page, first);
  await newTab(page);
  await windowKey(page, 'Control+Shift+W', 'the second tab to close', (l) => l.tabs.length === 1);

  const toast = page.locator('.ripcord-toast');
  await expect(toast).toContainText('a tab was closed');
  await expect(page.locator('.ripcord-toasts')).toHaveAttribute('aria-live', 'polite');
  await expect(page.locator('.ripcord-banner')).toHaveCount(0);
  expect(await paneRows(page, first)).toBe(rowsBefore);
  expect(await seriousViolations(page)).toEqual([]);

  await expect(toast).toHaveCount(0, { timeout: WAIT_MS });
  expect(await paneRows(page, first)).toBe(rowsBefore);

  await page.keyboard.press('Control+Shift+N');
  const recent = page.getByRole('dialog', { name: 'Recent notices' });
  await expect(recent).toBeFocused();
  await expect(recent).toContainText('a tab was closed');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(recent).toBeHidden();
});

test('config problems: one warning banner for a window of two panes, the settings file named once', async ({ page }) => {
  const h = await openWindow(page, harnesses, { config: { fontSize: 'huge', nope: 1 } });
  await windowKey(page, 'Control+Shift+Digit5', 'a split', (l) => paneCount(l) === 2);
  const banner = page.locator('.ripcord-banner');
  await expect(banner).toHaveCount(1);
  await expect(banner).toHaveClass(/ripcord-banner-warning/);
  await expect(banner).toContainText('fontSize');
  await expect(banner).toContainText('nope');
  const file = `${h.dir}/config.json`;
  expect((await banner.innerText()).split(file).length - 1).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  // an edit's problems replace the start's: still one banner
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...config, fontSize: 14, scrollback: -1 }));
  await expect(banner).toContainText('kept their previous values', { timeout: WAIT_MS });
  await expect(banner).toContainText('scrollback');
  await expect(banner).toHaveCount(1);
});
