// Issue #28 on the desktop's data path, through the browser harness: the page's xterm answers a
// program that asks for the cursor position and device attributes as fast as it can, never
// reads and ignores SIGINT. The replies go through the session's input bound (the desktop's
// presses come from its key events; the harness's from the page's keys); a double Ctrl+C exits.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type Harness, harnessLog, openTerminal, startHarness, stopHarness, waitFor, waitForRow } from './harness-fixture';

const FLOOD = ['python3', path.resolve(__dirname, '..', 'terminal', 'fixtures', 'query-flood.py'), 'ignore-int'];
/** The longest window the settings allow, so the second press of a pair falls inside it on a loaded machine. */
const LONG_WINDOW_MS = 5_000;
/** Past the default debounce (200 ms), so the second press is not folded into the first. */
const PAST_DEBOUNCE_MS = 300;
const WAIT_MS = 15_000;

let harness: Harness | undefined;

test.afterEach(async ({ page }) => {
  await page.close();
  if (harness) await stopHarness(harness);
  harness = undefined;
});

test('under an unthrottled DSR/DA flood answered by the page, a double Ctrl+C exits 130', async ({ page }) => {
  harness = await startHarness({ command: FLOOD, config: { doublePressWindowMs: LONG_WINDOW_MS } });
  const h = harness;
  await openTerminal(page, h);
  // the program's terminal echoes the page's replies: they went through the session's input
  await waitForRow(page, /\^\[\[\d+;\d+R/);
  await page.keyboard.press('Control+c');
  await waitFor('the first press in the log', WAIT_MS, async () => (await harnessLog(h)).find((e) => e.name === 'trigger' && e.kind === 'ctrl-c'));
  await page.waitForTimeout(PAST_DEBOUNCE_MS);
  await page.keyboard.press('Control+c');
  expect(await h.exited).toEqual({ code: 130, signal: null });
});
