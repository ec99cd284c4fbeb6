// DESIGN §6, a hold that cannot arrive late: main holds the pane's screen at the key event of
// each Ctrl+C press (numbered per pane), the session host answers the press on the screen's own
// channel (the cut's flush, or the hold's end) — two channels, as in the desktop, which nothing
// orders. The harness page pauses what one of them delivers (browser-api.ts), so each order is
// made, not waited for: the hold before the host's answer, and the hold after it, which the page
// ignores (no 1 s wait for a hold nothing will end).
import { expect, test, type Page } from '@playwright/test';
import {
  type Harness,
  harnessPerTest,
  openTerminal,
  pressCtrlC,
  processWithCommand,
  run,
  waitFor,
  waitForPrompt,
  waitForRow,
} from './harness-fixture';

/** Bound on a process appearing; never asserted as a timing. */
const WAIT_MS = 15_000;

const harnesses = harnessPerTest();

const holding = (page: Page): Promise<boolean | undefined> => page.evaluate(() => window.__ripcordTest?.holding());

/** A prompt, then `sleep` running in the foreground: the press's cancel has a job to cut. */
async function sleeping(page: Page, h: Harness): Promise<void> {
  await openTerminal(page, h);
  await waitForPrompt(page);
  await run(page, 'sleep 30');
  await waitFor('sleep to run', WAIT_MS, () => processWithCommand(h.marker, 'sleep 30'));
}

test("the press's hold comes from main at the key: it reaches the page while the host's answer is held back", async ({ page }) => {
  const h = await harnesses.start();
  await sleeping(page, h);
  await page.evaluate(() => window.__ripcordHarness?.pause('screen'));
  await pressCtrlC(h);
  // nothing of the host's reaches the page now: the hold is main's
  await page.waitForFunction(() => window.__ripcordTest?.holding() === true, undefined, { timeout: WAIT_MS });
  await page.evaluate(() => window.__ripcordHarness?.resume('screen'));
  // the host's answer (the cut's flush, press 1) ends it, and the prompt shows
  await waitForPrompt(page);
  expect(await holding(page)).toBe(false);
});

test('a hold that reaches the page after the host answered its press is ignored: the prompt shows at once', async ({ page }) => {
  const h = await harnesses.start();
  await sleeping(page, h);
  await page.evaluate(() => window.__ripcordHarness?.pause('main'));
  await pressCtrlC(h);
  // the host's answer comes first: the cut, the prompt
  await waitForPrompt(page);
  expect(await holding(page)).toBe(false);
  // main's hold for that press now arrives, late; resume delivers it before it returns
  const after = await page.evaluate(() => {
    window.__ripcordHarness?.resume('main');
    return window.__ripcordTest?.holding();
  });
  expect(after).toBe(false);
  await run(page, 'echo after-$((1+1))');
  await waitForRow(page, /^after-2$/);
});

// A held press is the user's key, which main took before xterm saw it: the page tells xterm of it
// as user input, and xterm does what it does for a key (renderer/pane-terminal.ts).
test("the press's hold stops the drawing at once: xterm draws nothing from the moment the hold is handled", async ({ page }) => {
  const h = await harnesses.start();
  await sleeping(page, h);
  await page.evaluate(() => window.__ripcordHarness?.pause('screen'));
  // the pane's own listener handles the hold first; this one then reads xterm's mode in that same task
  await page.evaluate(() => {
    const view = window.__ripcordTestPane?.('1');
    window.ripcord.onHold((_pane, holding) => {
      if (holding) (window as unknown as { drawsNothingAtHold?: boolean }).drawsNothingAtHold = view?.drawsNothing();
    });
  });
  await pressCtrlC(h);
  await page.waitForFunction(() => (window as unknown as { drawsNothingAtHold?: boolean }).drawsNothingAtHold !== undefined, undefined, {
    timeout: WAIT_MS,
  });
  expect(await page.evaluate(() => (window as unknown as { drawsNothingAtHold?: boolean }).drawsNothingAtHold)).toBe(true);
  await page.evaluate(() => window.__ripcordHarness?.resume('screen'));
  await waitForPrompt(page);
  expect(await page.evaluate(() => window.__ripcordTest?.drawsNothing())).toBe(false);
});

test('a press shows the bottom, as a key xterm had would: a pane scrolled up comes down to the prompt', async ({ page }) => {
  const h = await harnesses.start();
  await openTerminal(page, h);
  await waitForPrompt(page);
  await run(page, 'seq 1 200');
  await waitForRow(page, /^200$/);
  await run(page, 'sleep 30');
  await waitFor('sleep to run', WAIT_MS, () => processWithCommand(h.marker, 'sleep 30'));
  const box = await page.locator('.xterm-screen').boundingBox();
  if (!box) throw new Error('no terminal on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -5_000);
  await page.waitForFunction(() => !(window.__ripcordTest?.screen() ?? []).some((row) => row.startsWith('e2e$ sleep 30')), undefined, {
    timeout: WAIT_MS,
  });
  await pressCtrlC(h);
  // waitForPrompt reads the visible rows: the prompt is there only if the view came down
  await waitForPrompt(page);
});
