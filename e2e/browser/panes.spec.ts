// Issue #33: tabs and splits in the harness's real Chromium page, each pane its own session in
// the forked session host. Keys go the desktop's way (the page's key messages reach main's key
// entry first); every wait is on an event or a state, never on a clock.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { PaneId, WindowLayout } from '../../contracts/panes';
import { panesOf } from '../../contracts/panes';
import { readProcStatus } from '../../main/platform/processes/proc-files';
import {
  commandLine,
  DIST,
  type Harness,
  type HarnessStart,
  harnessLog,
  harnessPerTest,
  harnessStats,
  PAST_DEBOUNCE_MS,
  pressCtrlC,
  PROMPT,
  run,
  sessionProcesses,
  waitFor,
} from './harness-fixture';
import { focusedPrompt, layout, layoutWhen, newTab, openWindow as openWindowOf, paneCount, WAIT_MS, windowKey } from './window-helpers';

/** A long output for a pane without the keys: ~590 KB, several of its turns. */
const SEQ_LINES = 100_000;
/** The tab loop of the issue: opened and closed this many times. */
const TAB_LOOP = 50;
/** "Back near the start" after the loop: each process's resident memory may have grown this much (caches, a warmed JIT). */
const MEMORY_SLACK_BYTES = 40 * 1024 * 1024;

const harnesses = harnessPerTest();
const execFileAsync = promisify(execFile);
const openWindow = (page: Page, options?: HarnessStart): Promise<Harness> => openWindowOf(page, harnesses, options);

/** A tree that ignores HUP, INT and TERM, with a child that left the session (setsid -f), named after `name`. */
async function hostileTree(page: Page, h: Harness, name: string): Promise<void> {
  await run(
    page,
    `(trap '' HUP INT TERM; setsid -f bash -c "trap '' HUP INT TERM; exec -a ${name}-setsid sleep 1000"; exec -a ${name}-stubborn sleep 1000) &`,
  );
  await waitFor(`${name}'s tree`, WAIT_MS, async () => ((await named(h, name)).length === 2 ? true : undefined));
  await focusedPrompt(page);
}

/** The session processes running under `name`. */
async function named(h: Harness, name: string): Promise<number[]> {
  const pids = await sessionProcesses(h.marker);
  const lines = await Promise.all(pids.map(async (pid) => [pid, await commandLine(pid)] as const));
  return lines.filter(([, line]) => line.startsWith(`${name}-`)).map(([pid]) => pid);
}

/** The `ripcord` command (the CLI bundle), as the user runs it beside the window. */
async function ripcordCli(...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, [path.join(DIST, 'cli.js'), ...args], { encoding: 'utf8' });
  return stdout;
}

/** A double Ctrl+C in the focused pane, the second once the first's cancel brought the prompt back. */
async function doublePress(page: Page, h: Harness): Promise<void> {
  await pressCtrlC(h);
  await focusedPrompt(page);
  await page.waitForTimeout(PAST_DEBOUNCE_MS);
  await pressCtrlC(h);
}

/** ripcord's session cgroups left below the harness's plan parent (none when this machine has no cgroup plan). */
async function sessionCgroups(h: Harness): Promise<string[]> {
  const chosen = (await harnessLog(h)).find((e) => e.name === 'containment.chosen' && typeof e.cgroup === 'string');
  if (!chosen) return [];
  const parent = path.dirname(String(chosen.cgroup));
  return (await readdir(parent)).filter((name) => name.startsWith('ripcord-'));
}

test('3 tabs and a split of hostile trees: a double Ctrl+C ends one pane, Ctrl+Shift+W one tab, the close all', async ({ page }) => {
  const h = await openWindow(page);
  await hostileTree(page, h, 'tab1');
  await newTab(page);
  await hostileTree(page, h, 'tab2');
  await newTab(page);
  await hostileTree(page, h, 'tab3');
  await windowKey(page, 'Control+Shift+Digit5', 'a split', (l) => paneCount(l) === 4);
  await focusedPrompt(page);
  await hostileTree(page, h, 'split');
  await expect(page.locator('.ripcord-tab')).toHaveCount(3);

  await doublePress(page, h);
  await layoutWhen(page, 'the split to close', (l) => paneCount(l) === 3);
  await waitFor("the split's tree to be gone", WAIT_MS, async () => ((await named(h, 'split')).length === 0 ? true : undefined));
  for (const name of ['tab1', 'tab2', 'tab3']) expect(await named(h, name)).toHaveLength(2);
  await expect(page.locator('.ripcord-hint:visible')).toHaveCount(0);

  await windowKey(page, 'Alt+2', 'tab 2 in front', (l) => l.active === l.tabs[1]?.id);
  await windowKey(page, 'Control+Shift+W', 'tab 2 to close', (l) => l.tabs.length === 2);
  await expect(page.locator('.ripcord-toast')).toContainText('a tab was closed');
  await waitFor("tab 2's tree to be gone", WAIT_MS, async () => ((await named(h, 'tab2')).length === 0 ? true : undefined));
  for (const name of ['tab1', 'tab3']) expect(await named(h, name)).toHaveLength(2);

  await page.close();
  expect(await h.exited).toEqual({ code: 0, signal: null });
  await waitFor('every tree to be gone', WAIT_MS, async () => ((await sessionProcesses(h.marker)).length === 0 ? true : undefined));
});

test('Ctrl+C pressed in turn in two panes (the mouse moving the focus) quits neither; a double press in one ends only it', async ({
  page,
}) => {
  const h = await openWindow(page, { config: { doublePressWindowMs: 5_000 } });
  await windowKey(page, 'Alt+Shift+Minus', 'a split down', (l) => paneCount(l) === 2);
  await focusedPrompt(page);
  for (const pane of ['1', '2', '1', '2']) {
    await page.locator(`.ripcord-pane[data-pane="${pane}"]`).click();
    await layoutWhen(page, `pane ${pane} focused`, (l) => l.focused === pane);
    await pressCtrlC(h);
    await expect(page.locator(`.ripcord-pane[data-pane="${pane}"] .ripcord-hint`)).toContainText('closes this pane');
    await focusedPrompt(page);
  }
  expect(paneCount((await layout(page)) as WindowLayout)).toBe(2);
  await page.waitForTimeout(PAST_DEBOUNCE_MS);
  await pressCtrlC(h);
  await layoutWhen(page, 'pane 2 to close', (l) => paneCount(l) === 1 && l.focused === '1');
  expect(h.exitStatus()).toBeUndefined();
});

test("`ripcord ps --json` lists every pane's session with its tab; `ripcord stop` reaches each", async ({ page }) => {
  const h = await openWindow(page);
  await newTab(page);
  await windowKey(page, 'Alt+Shift+Minus', 'a split', (l) => paneCount(l) === 3);
  await focusedPrompt(page);
  await run(page, `bash -c 'exec -a ${h.marker}-job sleep 1000'`);
  const job = await waitFor("the split's job", WAIT_MS, async () => (await named(h, h.marker))[0]);
  const roots = await waitFor('three sessions in ripcord ps', WAIT_MS, async () => {
    const sessions = JSON.parse(await ripcordCli('ps', '--json')) as { id: number; tab?: number; host: string }[];
    const ours = sessions.filter((s) => s.host === 'desktop' && s.tab !== undefined);
    return ours.length === 3 ? ours : undefined;
  });
  expect(roots.map((s) => s.tab).sort()).toEqual([1, 2, 2]);
  // the job is in one of tab 2's sessions: `ripcord stop` of that session stops it, the others keep theirs
  const owner = await waitFor('the session holding the job', WAIT_MS, async () => {
    for (const session of roots) {
      const listed = JSON.parse(await ripcordCli('ps', '--json')) as { id: number; view: { rows: { pid: number }[] } }[];
      if (listed.find((s) => s.id === session.id)?.view.rows.some((r) => r.pid === job)) return session;
    }
    return undefined;
  });
  expect(owner.tab).toBe(2);
  await ripcordCli('stop', String(owner.id), '--job');
  await waitFor('the job to stop', WAIT_MS, async () => ((await named(h, h.marker)).length === 0 ? true : undefined));
  await focusedPrompt(page);
});

test('a pane without the keys takes turns: all of its long output arrives, in order, while the focused pane answers', async ({ page }) => {
  await openWindow(page);
  await windowKey(page, 'Alt+Shift+Minus', 'a split down', (l) => paneCount(l) === 2 && l.focused !== '1');
  await focusedPrompt(page);
  // pane 1 has not the keys: its command goes in as its input, as its terminal would send it
  await page.evaluate((lines) => window.ripcord.input('1', `seq 1 ${lines}\r`), SEQ_LINES);
  await run(page, 'echo focused-answers');
  await page.waitForFunction(() => (window.__ripcordTest?.screen() ?? []).includes('focused-answers'));
  await page.waitForFunction(
    ({ prompt, last }) => {
      const view = window.__ripcordTestPane?.('1');
      const cursor = view?.cursor();
      const screen = view?.screen() ?? [];
      return cursor !== undefined && screen[cursor.y]?.trimEnd() === prompt.trimEnd() && screen[cursor.y - 1] === String(last);
    },
    { prompt: PROMPT, last: SEQ_LINES },
    { timeout: WAIT_MS },
  );
  const numbers = (await page.evaluate(() => window.__ripcordTestPane?.('1')?.buffer() ?? []))
    .filter((row) => /^\d+$/.test(row))
    .map(Number);
  expect(numbers.length).toBeGreaterThan(100);
  expect(numbers.every((n, i) => i === 0 || n === (numbers[i - 1] as number) + 1)).toBe(true);
  expect(numbers.at(-1)).toBe(SEQ_LINES);
});

test('a closed split gives the pane left alone in its tab the whole width back', async ({ page }) => {
  await openWindow(page);
  const columns = () => page.evaluate(() => window.__ripcordTest?.size().cols ?? 0);
  const whole = await columns();
  const split = await windowKey(page, 'Control+Shift+Digit5', 'a split right', (l) => paneCount(l) === 2);
  await expect.poll(columns, { timeout: WAIT_MS }).toBeLessThan(whole / 2 + 2);
  await page.evaluate((pane) => window.ripcord.paneAction({ kind: 'close-pane', pane }), split.focused);
  await layoutWhen(page, 'the split closed', (l) => paneCount(l) === 1);
  await expect.poll(columns, { timeout: WAIT_MS }).toBe(whole);
});

test('/exit in a pane closes it; in the last pane the app exits 0', async ({ page }) => {
  const h = await openWindow(page);
  await newTab(page);
  await run(page, '/exit');
  await layoutWhen(page, 'the tab to close', (l) => l.tabs.length === 1);
  await focusedPrompt(page);
  await run(page, '/exit');
  expect(await h.exited).toEqual({ code: 0, signal: null });
});

test('a split whose program ends by itself says how and where its output is, and closes on the next key', async ({ page }) => {
  const h = await openWindow(page);
  const split = (await windowKey(page, 'Alt+Shift+Equal', 'a split', (l) => paneCount(l) === 2)).focused;
  await focusedPrompt(page);
  await run(page, 'exit 3');
  await page.waitForFunction(
    (pane) => (window.__ripcordTestPane?.(pane)?.buffer() ?? []).join('').includes('session ended with code 3 · its output is in'),
    split,
  );
  const text = await page.evaluate((pane) => window.__ripcordTestPane?.(pane)?.buffer().join('') ?? '', split);
  expect(text).toContain(`${path.join(h.dir, 'state', 'ripcord', 'transcripts')}`);
  expect(text).toContain('any key closes this pane');
  expect(paneCount((await layout(page)) as WindowLayout)).toBe(2);
  await page.keyboard.press('x');
  await layoutWhen(page, 'the ended pane to close', (l) => paneCount(l) === 1);
  expect(h.exitStatus()).toBeUndefined();
});

test("every key of the window's key table", async ({ page }) => {
  const h = await openWindow(page);
  const two = await newTab(page);
  const three = await newTab(page);
  const order = (l: WindowLayout): string[] => l.tabs.map((t) => t.id);
  const tabOf = (l: WindowLayout, pane: PaneId): string | undefined => l.tabs.find((t) => panesOf(t.root).includes(pane))?.id;
  await windowKey(page, 'Control+Tab', 'Ctrl+Tab: the next tab (wrapping)', (x) => x.focused === '1');
  await windowKey(page, 'Control+Shift+Tab', 'Ctrl+Shift+Tab: the previous tab', (x) => x.focused === three);
  await windowKey(page, 'Control+PageUp', 'Ctrl+PageUp: the previous tab', (x) => x.focused === two);
  await windowKey(page, 'Control+PageDown', 'Ctrl+PageDown: the next tab', (x) => x.focused === three);
  await windowKey(page, 'Alt+1', 'Alt+1: the first tab', (x) => x.active === order(x)[0]);
  let l = await windowKey(page, 'Alt+Shift+Equal', 'Alt+Shift+Plus: split right', (x) => paneCount(x) === 4);
  const right = l.focused;
  expect(l.tabs[0]?.root).toMatchObject({ split: 'right', first: { pane: '1' }, second: { pane: right } });
  await focusedPrompt(page);
  await windowKey(page, 'Alt+ArrowLeft', 'Alt+Left: the pane to the left', (x) => x.focused === '1');
  await windowKey(page, 'Alt+ArrowRight', 'Alt+Right: the pane to the right', (x) => x.focused === right);
  l = await windowKey(page, 'Alt+Shift+Minus', 'Alt+Shift+Minus: split down', (x) => paneCount(x) === 5);
  const below = l.focused;
  await focusedPrompt(page);
  await windowKey(page, 'Alt+ArrowUp', 'Alt+Up: the pane above', (x) => x.focused === right);
  await windowKey(page, 'Alt+ArrowDown', 'Alt+Down: the pane below', (x) => x.focused === below);
  l = await windowKey(page, 'Control+Shift+Digit5', 'Ctrl+Shift+5: split right', (x) => paneCount(x) === 6);
  expect(tabOf(l, l.focused)).toBe(order(l)[0]);
  await focusedPrompt(page);
  await windowKey(page, 'Alt+3', 'Alt+3: the third tab', (x) => x.focused === three);
  await windowKey(page, 'Control+Shift+W', 'Ctrl+Shift+W: the tab closes', (x) => x.tabs.length === 2);
  // none of them reached the shell: its line is still empty
  await focusedPrompt(page);
  // the tab bar's mouse paths: a click shows a tab, a drag moves it, its × closes it, + opens one
  await page.locator('.ripcord-tab').nth(1).click();
  await layoutWhen(page, 'the clicked tab in front', (x) => x.active === order(x)[1]);
  await page.locator('.ripcord-tab').nth(1).dragTo(page.locator('.ripcord-tab').nth(0));
  await layoutWhen(page, 'the dragged tab first', (x) => order(x)[0] === tabOf(x, two));
  await page.locator('.ripcord-tab-new').click();
  await layoutWhen(page, 'a tab from +', (x) => x.tabs.length === 3);
  await focusedPrompt(page);
  await page.locator('.ripcord-tab:has([aria-selected="true"]) .ripcord-tab-close').click();
  await layoutWhen(page, 'the tab closed by its ×', (x) => x.tabs.length === 2);
  expect(h.exitStatus()).toBeUndefined();
});

test('the tab bar and the panes pass the automated accessibility check', async ({ page }) => {
  await openWindow(page);
  await newTab(page);
  await windowKey(page, 'Alt+Shift+Equal', 'a split', (l) => paneCount(l) === 3);
  await focusedPrompt(page);
  await expect(page.getByRole('tablist', { name: 'Tabs' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'New tab' })).toBeVisible();
  // reachable by keyboard: the selected tab takes the focus, arrows move between tabs
  await page.getByRole('tab', { selected: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab').first()).toBeFocused();
  const { violations } = await new AxeBuilder({ page }).include('.ripcord-tabbar').include('.ripcord-tab-area').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test(`${TAB_LOOP} tabs opened and closed: no process or cgroup left of them, main's and the host's memory back near the start`, async ({
  page,
}) => {
  test.setTimeout(180_000);
  const h = await openWindow(page);
  const rss = async (pid: number): Promise<number> => ((await readProcStatus(pid))?.rssKb ?? 0) * 1024;
  const processesBefore = (await sessionProcesses(h.marker)).length;
  const cgroupsBefore = await sessionCgroups(h);
  const before = { main: (await harnessStats(h)).memory.rss, host: await rss(h.hostPid) };
  for (let i = 0; i < TAB_LOOP; i++) {
    await newTab(page);
    await windowKey(page, 'Control+Shift+W', `tab ${i + 2} to close`, (l) => l.tabs.length === 1);
  }
  await waitFor("the tabs' processes to be gone", WAIT_MS, async () =>
    (await sessionProcesses(h.marker)).length === processesBefore ? true : undefined,
  );
  await waitFor("the tabs' cgroups to be removed", WAIT_MS, async () =>
    (await sessionCgroups(h)).length === cgroupsBefore.length ? true : undefined,
  );
  const after = { main: (await harnessStats(h)).memory.rss, host: await rss(h.hostPid) };
  expect(after.main - before.main).toBeLessThan(MEMORY_SLACK_BYTES);
  expect(after.host - before.host).toBeLessThan(MEMORY_SLACK_BYTES);
});
