// Issue #44 item 8: the hint says what a second press ends, by name — in `node`, whose own
// message says "press Ctrl+C again to exit", the window's hint says the whole session goes.
import { expect, test } from '@playwright/test';
import { harnessPerTest, openTerminal, run, waitForPrompt, waitForRow } from './harness-fixture';

const harnesses = harnessPerTest();
/** Long enough to read the hint while a loaded machine answers; nothing waits for it to end. */
const LONG_INTERVAL_MS = 10_000;

test('after one Ctrl+C in node the hint names node and the other processes a second press ends', async ({ page }) => {
  const h = await harnesses.start({ config: { doublePressWindowMs: LONG_INTERVAL_MS } });
  await openTerminal(page, h);
  await waitForPrompt(page);
  await run(page, `${process.execPath} --no-warnings`);
  await waitForRow(page, /^> ?$/);
  await page.keyboard.press('Control+c');
  await expect(page.locator('.ripcord-hint')).toContainText(/quits ripcord — node and 1 other process end too/);
  // any other key ends the double press: the session goes on
  await page.keyboard.press('Shift');
  expect(h.exitStatus()).toBeUndefined();
});
