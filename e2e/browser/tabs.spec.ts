// Issue #44 item 4: tabs that keep their place. A new tab goes last (Alt+N keeps reaching the same
// tab), a tab brought back gives the keys to the pane that had them, a renamed tab keeps its name,
// the process count says what it counts, and a title follows what runs (the program's own title
// first). Every wait is on a state, never on a clock.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { harnessPerTest, PROMPT, run } from './harness-fixture';
import { focusedPrompt, layout, layoutWhen, newTab, openWindow, paneCount, seriousViolations, WAIT_MS, windowKey } from './window-helpers';

const harnesses = harnessPerTest();

test('a new tab goes last, whichever tab is in front: Alt+2 still reaches the tab it reached before', async ({ page }) => {
  await openWindow(page, harnesses);
  await newTab(page);
  const second = (await layout(page))?.tabs[1]?.id;
  await windowKey(page, 'Alt+1', 'tab 1 in front', (l) => l.active === l.tabs[0]?.id);
  await newTab(page);
  const now = await layout(page);
  expect(now?.tabs.map((t) => t.id).at(-1)).toBe(now?.active);
  expect(now?.tabs[1]?.id).toBe(second);
  await windowKey(page, 'Alt+2', 'tab 2 in front', (l) => l.active === second);
});

test('Alt+N, the tab cycle and a click on a tab bring back the pane that had the keys there', async ({ page }) => {
  await openWindow(page, harnesses);
  const split = await windowKey(page, 'Control+Shift+Digit5', 'a split', (l) => paneCount(l) === 2);
  const second = split.focused;
  await focusedPrompt(page);
  await newTab(page);
  await windowKey(page, 'Alt+1', "tab 1 with the split's pane", (l) => l.active === l.tabs[0]?.id);
  expect((await layout(page))?.focused).toBe(second);
  await windowKey(page, 'Control+Tab', 'tab 2', (l) => l.active === l.tabs[1]?.id);
  await windowKey(page, 'Control+Shift+Tab', 'tab 1 again', (l) => l.active === l.tabs[0]?.id);
  expect((await layout(page))?.focused).toBe(second);
  await windowKey(page, 'Alt+2', 'tab 2', (l) => l.active === l.tabs[1]?.id);
  await page.locator('.ripcord-tab-title').first().click();
  const back = await layoutWhen(page, 'tab 1 by a click', (l) => l.active === l.tabs[0]?.id);
  expect(back.focused).toBe(second);
});

test('a tab renamed by a double click keeps its name while it lives; the count says what it counts', async ({ page }) => {
  await openWindow(page, harnesses);
  await newTab(page);
  const title = page.locator('.ripcord-tab-title[aria-selected="true"]');
  await title.dblclick();
  const field = page.getByRole('textbox', { name: /Tab name/ });
  await expect(field).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await field.fill('build');
  await field.press('Enter');
  await expect(page.locator('.ripcord-tab-title').nth(1)).toHaveText('2: build');

  await focusedPrompt(page);
  await run(page, 'printf "\\033]2;something else\\007"');
  await windowKey(page, 'Alt+1', 'tab 1', (l) => l.active === l.tabs[0]?.id);
  await windowKey(page, 'Alt+2', 'tab 2', (l) => l.active === l.tabs[1]?.id);
  await expect(page.locator('.ripcord-tab-title').first()).not.toHaveText(/build/);
  await expect(page.locator('.ripcord-tab-title').nth(1)).toHaveText('2: build');

  const count = page.locator('.ripcord-tab-count').first();
  await expect(count).toHaveText(/^\d+$/);
  await expect(count).toHaveAttribute('title', /process(es)? in this tab's session/);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a tab's title follows the foreground program, a program's own title wins until the next prompt, the folder second", async ({
  page,
}) => {
  // bash as a user starts it (no arguments: the integration's prompt marks and folder apply)
  const home = await mkdtemp(path.join(os.tmpdir(), 'ripcord-tabs-home-'));
  await writeFile(path.join(home, '.bashrc'), `PS1='${PROMPT}'\nHISTFILE=/dev/null\n`);
  await openWindow(page, harnesses, { command: ['/bin/bash'], env: { HOME: home } });
  await newTab(page);
  const title = page.locator('.ripcord-tab-title[aria-selected="true"]');
  await expect(title).toHaveText(/^2: bash · \S+$/, { timeout: WAIT_MS });

  await run(page, 'cat');
  await expect(title).toHaveText(/^2: cat · \S+$/, { timeout: WAIT_MS });
  await page.keyboard.press('Control+d');
  await focusedPrompt(page);
  await expect(title).toHaveText(/^2: bash\b/, { timeout: WAIT_MS });

  await run(page, 'printf "\\033]2;my title\\007"; cat');
  await expect(title).toHaveText(/^2: my title · \S+$/, { timeout: WAIT_MS });
  await page.keyboard.press('Control+d');
  await focusedPrompt(page);
  await expect(title).toHaveText(/^2: bash · \S+$/, { timeout: WAIT_MS });

  // split: the pane with the keys names the tab, also while the tab is in back
  await windowKey(page, 'Control+Shift+Digit5', 'a split', (l) => paneCount(l) === 3);
  await focusedPrompt(page);
  await run(page, 'cat');
  await expect(title).toHaveText(/^2: cat · \S+$/, { timeout: WAIT_MS });
  await windowKey(page, 'Alt+1', 'tab 1', (l) => l.active === l.tabs[0]?.id);
  await expect(page.locator('.ripcord-tab-title').nth(1)).toHaveText(/^2: cat · \S+$/);
  await rm(home, { recursive: true, force: true });
});
