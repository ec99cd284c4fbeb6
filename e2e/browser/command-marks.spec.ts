// Shell integration in the window: finished commands get a mark in the gutter at their prompt
// line (command, exit status and duration on hover), and Ctrl+Up/Down jump between prompts — the real renderer in Chromium,
// a real bash with ripcord's integration injected, through the browser harness.
import { expect, test } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Harness, openTerminal, PROMPT, run, screen, startHarness, stopHarness, waitForPrompt, waitForRow } from './harness-fixture';

let harness: Harness | undefined;
let home: string | undefined;

test.afterEach(async ({ page }) => {
  await page.close();
  if (harness) await stopHarness(harness);
  harness = undefined;
  if (home) await rm(home, { recursive: true, force: true });
  home = undefined;
});

/** bash as a user starts it (no arguments: integration applies), with a home of its own. */
async function startIntegratedBash(): Promise<Harness> {
  home = await mkdtemp(path.join(os.tmpdir(), 'ripcord-marks-home-'));
  await writeFile(path.join(home, '.bashrc'), `PS1='${PROMPT}'\nHISTFILE=/dev/null\n`);
  return startHarness({ command: ['/bin/bash'], env: { HOME: home } });
}

async function marks(page: import('@playwright/test').Page): Promise<{ className: string; label: string }[]> {
  return page
    .locator('.command-mark')
    .evaluateAll((elements: Element[]) => elements.map((e) => ({ className: e.className, label: e.getAttribute('aria-label') ?? '' })));
}

test('each finished command gets a mark in the gutter: green for 0, red otherwise; hover shows command, status, duration', async ({
  page,
}) => {
  harness = await startIntegratedBash();
  await openTerminal(page, harness);
  await waitForPrompt(page);
  await run(page, 'true');
  await waitForPrompt(page);
  await run(page, '(exit 3)');
  await waitForPrompt(page);

  await expect.poll(async () => (await marks(page)).length, { timeout: 15_000 }).toBe(2);
  const [first, second] = await marks(page);
  expect(first?.className).toContain('command-succeeded');
  expect(first?.label).toMatch(/^true · exit status 0 · ran \d/);
  expect(second?.className).toContain('command-failed');
  expect(second?.label).toBe('(exit 3) · exit status 3');
  // the marks sit on the prompt lines of their commands, in the gutter left of the grid
  const boxes = await page.locator('.command-mark').evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect()));
  expect(boxes[1]?.top).toBeGreaterThan(boxes[0]?.top as number);
  const grid = await page.locator('.xterm-screen').boundingBox();
  expect(boxes[0]?.right).toBeLessThanOrEqual(grid?.x as number);
  // hovering shows the card
  await page.locator('.command-mark').nth(1).hover();
  const card = page.locator('.ripcord-command-tooltip');
  await expect(card).toBeVisible();
  await expect(card).toContainText('(exit 3)');
  await expect(card).toContainText('exit status 3');
});

test('Ctrl+Up and Ctrl+Down jump to the previous and next prompt, and the keys do not reach the shell', async ({ page }) => {
  harness = await startIntegratedBash();
  await openTerminal(page, harness);
  await waitForPrompt(page);
  // each command's output, then the prompt after it: the old prompt, still on screen until bash
  // echoes the typed line, would pass waitForPrompt at once — and a Ctrl+Up pressed before the
  // 300 lines came has no prompt above the view to jump to (what failed twice in CI)
  await run(page, 'echo first-command');
  await waitForRow(page, /^first-command$/);
  await waitForPrompt(page);
  await run(page, 'seq 1 300');
  await waitForRow(page, /^300$/);
  await waitForPrompt(page);

  await page.keyboard.press('Control+ArrowUp');
  await expect.poll(async () => (await screen(page))[0], { timeout: 15_000 }).toBe(`${PROMPT}seq 1 300`);
  await page.keyboard.press('Control+ArrowUp');
  await expect.poll(async () => (await screen(page))[0], { timeout: 15_000 }).toBe(`${PROMPT}echo first-command`);
  await page.keyboard.press('Control+ArrowDown');
  await expect.poll(async () => (await screen(page))[0], { timeout: 15_000 }).toBe(`${PROMPT}seq 1 300`);
  await page.keyboard.press('Control+ArrowDown');
  await page.keyboard.press('Control+ArrowDown');
  await expect.poll(async () => (await screen(page)).some((row) => row === '300'), { timeout: 15_000 }).toBe(true);

  await run(page, 'echo after-jumps');
  await waitForRow(page, /^after-jumps$/);
  expect((await screen(page)).join('\n')).not.toMatch(/;5[AB]/);
});
