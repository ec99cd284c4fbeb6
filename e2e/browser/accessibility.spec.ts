// Accessibility (issue #30, item 8): axe-core checks the window in each state it can be in —
// idle, find box open, process view open, config banner shown, start failure, context menu open,
// screen-reader mode on — and finds no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { harnessPerTest, openTerminal, run, waitForPrompt, waitForRow } from './harness-fixture';

const harnesses = harnessPerTest();

/** The violations a user of assistive technology would be stopped by; minor and moderate ones are listed, not failed. */
async function seriousViolations(page: Page, state: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const lines = violations.map(
    (v) =>
      `${state}: ${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  for (const line of lines) console.log(line);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('idle, find box, process view, context menu and screen-reader mode: no serious violation', async ({ page }) => {
  const harness = await harnesses.start();
  await openTerminal(page, harness);
  await waitForPrompt(page);
  expect(await seriousViolations(page, 'idle')).toEqual([]);

  await page.keyboard.press('Control+Shift+F');
  await expect(page.getByRole('textbox', { name: 'Find in terminal' })).toBeFocused();
  expect(await seriousViolations(page, 'search open')).toEqual([]);
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+Shift+J');
  await expect(page.getByRole('dialog', { name: 'Processes of the session' })).toBeVisible();
  await page.locator('.ripcord-processes tbody tr').first().waitFor();
  expect(await seriousViolations(page, 'process view open')).toEqual([]);
  await page.keyboard.press('Escape');

  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu', { name: 'Terminal actions' })).toBeVisible();
  expect(await seriousViolations(page, 'context menu open')).toEqual([]);
  await page.keyboard.press('Escape');

  await page.keyboard.press('Shift+Alt+F1');
  await expect(page.getByRole('status').filter({ hasText: 'Screen reader mode on' })).toBeAttached();
  await expect(page.locator('.xterm-accessibility')).toBeAttached();
  expect(await seriousViolations(page, 'screen-reader mode')).toEqual([]);
});

test('config banner shown: no serious violation; Ctrl+Shift+B reaches it from the keyboard', async ({ page }) => {
  const harness = await harnesses.start({ config: { fontSize: 1000 } });
  await openTerminal(page, harness);
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('fontSize');
  expect(await seriousViolations(page, 'banner shown')).toEqual([]);

  await waitForPrompt(page);
  const dismiss = banner.getByRole('button', { name: 'Dismiss' });
  await page.keyboard.press('Control+Shift+B');
  await expect(dismiss).toBeFocused();
  // Esc goes back to the terminal and leaves the banner standing
  await page.keyboard.press('Escape');
  await run(page, 'echo back-in-terminal');
  await waitForRow(page, /^back-in-terminal$/);
  await expect(banner).toBeVisible();
  await page.keyboard.press('Control+Shift+B');
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
});

test('start failure: no serious violation', async ({ page }) => {
  const harness = await harnesses.start({ command: ['/nonexistent/ripcord-e2e-program'] });
  await page.goto(`${harness.url}&renderer=dom`);
  await expect(page.getByRole('alertdialog', { name: 'The session could not start' })).toContainText('/nonexistent/ripcord-e2e-program');
  expect(await seriousViolations(page, 'start failure')).toEqual([]);
});
