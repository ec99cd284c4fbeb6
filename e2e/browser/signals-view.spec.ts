// Issue #43 item 7: the window's live view of signal handling (Ctrl+Shift+L) — what `ripcord
// stats --follow` shows, beside main's event-loop delay and the session host's silence — in real
// Chromium through the harness, which writes its log as the desktop does.
import { expect, test } from '@playwright/test';
import { harnessPerTest, openTerminal, pressCtrlC, waitForPrompt } from './harness-fixture';
import { seriousViolations } from './window-helpers';

const harnesses = harnessPerTest();
/** Bound on the view's next update on a loaded machine; never asserted as a timing. */
const WAIT_MS = 15_000;

test("Ctrl+Shift+L shows each press, its decision and the cancel's answer as they happen; Escape closes it and the terminal has the keys", async ({
  page,
}) => {
  const h = await harnesses.start();
  await openTerminal(page, h);
  await waitForPrompt(page);
  await page.keyboard.press('Control+Shift+L');
  const view = page.getByRole('dialog', { name: 'Signal handling, live' });
  await expect(view).toBeVisible();
  await expect(view).toContainText(/main's event loop p99 [\d.]+ ms · session host heard [\d.]+ s ago/, { timeout: WAIT_MS });
  expect(await seriousViolations(page)).toEqual([]);

  await pressCtrlC(h);
  const lines = view.getByRole('log');
  await expect(lines).toContainText('ctrl-c → cancel', { timeout: WAIT_MS });
  await expect(lines).toContainText(/cancel answered \+[\d.]+ ms after ctrl-c/, { timeout: WAIT_MS });
  await expect(lines).toContainText(/so far, cancel after ctrl-c: median [\d.]+ ms/, { timeout: WAIT_MS });

  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('xterm-helper-textarea') ?? false)).toBe(true);
  // closed, it is reopened by its key and starts from what happens next
  await page.keyboard.press('Control+Shift+L');
  await expect(view).toBeVisible();
  await expect(lines).not.toContainText('ctrl-c → cancel');
});
