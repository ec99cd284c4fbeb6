// Issue #44 item 2: a start failure a user can act on. The panel alone says what failed (nothing
// written behind it), names the setting and the settings file on disk, offers "Open settings" and
// "Close" with their keys, and every way out of that window exits with the code it names (1).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { type Harness, harnessLog, harnessPerTest, PAST_DEBOUNCE_MS, waitFor } from './harness-fixture';

const harnesses = harnessPerTest();
const SHELL = '/nonexistent/ripcord-e2e-shell';
const WAIT_MS = 15_000;

/** A window whose configured shell cannot start, at its panel. */
async function failedWindow(page: Page): Promise<Harness> {
  const h = await harnesses.start({ command: [], config: { shell: SHELL } });
  await page.goto(`${h.url}&renderer=dom`);
  await expect(page.getByRole('alertdialog', { name: 'The session could not start' })).toBeVisible();
  return h;
}

test('the panel alone says what failed, names the setting and the file, and offers its two ways with their keys', async ({ page }) => {
  const h = await failedWindow(page);
  const panel = page.getByRole('alertdialog', { name: 'The session could not start' });
  const file = `${h.dir}/config.json`;
  await expect(panel).toContainText(SHELL);
  await expect(panel).toContainText('"shell" setting');
  await expect(panel).toContainText(file);
  await expect(panel).toContainText('code 1');
  await expect(panel).not.toContainText('docs/');
  // nothing behind it: the terminal's rows are empty
  expect((await page.evaluate(() => window.__ripcordTest?.screen() ?? [])).filter((row) => row.trim() !== '')).toEqual([]);
  expect(
    await new AxeBuilder({ page })
      .analyze()
      .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)),
  ).toEqual([]);

  const open = panel.getByRole('button', { name: /^Open settings/ });
  const close = panel.getByRole('button', { name: /^Close/ });
  await expect(open).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(open).toBeFocused();

  const opened = async (): Promise<number> => (await harnessLog(h)).filter((e) => e.name === 'harness.open-path' && e.file === file).length;
  await page.keyboard.press('Control+Comma');
  await waitFor('the settings file to be opened by its key', WAIT_MS, async () => ((await opened()) === 1 ? true : undefined));
  await open.click();
  await waitFor('the settings file to be opened by its button', WAIT_MS, async () => ((await opened()) === 2 ? true : undefined));
  expect(h.exitStatus()).toBeUndefined();
});

const WAYS_OUT: Array<[string, (page: Page, h: Harness) => Promise<void>]> = [
  ['its Close button', async (page) => page.getByRole('button', { name: /^Close/ }).click()],
  [
    'Enter on Close',
    async (page) => {
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
    },
  ],
  ['Ctrl+Shift+W', async (page) => page.keyboard.press('Control+Shift+W')],
  [
    'Ctrl+C twice',
    async (page) => {
      await page.keyboard.press('Control+c');
      await page.waitForTimeout(PAST_DEBOUNCE_MS);
      await page.keyboard.press('Control+c');
    },
  ],
  [
    'SIGINT twice',
    async (page, h) => {
      h.child.kill('SIGINT');
      await page.waitForTimeout(PAST_DEBOUNCE_MS);
      h.child.kill('SIGINT');
    },
  ],
  ["the window's close", async (page) => page.close()],
];

for (const [name, wayOut] of WAYS_OUT) {
  test(`after a start failure, ${name} exits 1, the code the panel names`, async ({ page }) => {
    const h = await failedWindow(page);
    await wayOut(page, h);
    expect(await h.exited).toEqual({ code: 1, signal: null });
  });
}
