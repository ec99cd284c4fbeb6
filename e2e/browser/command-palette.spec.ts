// The command palette and the action table (issue #45) in real Chromium through the harness: the
// palette lists every action with its key and runs one by its name; each action's key does what
// its palette entry does; axe finds nothing serious in it. Keys typed in the page reach main
// first (the harness's page hands them to main's key entry), as in the desktop.
import { expect, test, type Page } from '@playwright/test';
import { ACTION_IDS, ACTIONS, Keymap, type ActionId } from '../../main/core/actions';
import type { WindowLayout } from '../../contracts/panes';
import { panesOf } from '../../contracts/panes';
import { playwrightKey } from './keys-helpers';
import { focusedPrompt, layout, layoutWhen, newTab, openWindow, seriousViolations, WAIT_MS } from './window-helpers';
import { harnessPerTest, run, waitFor, waitForRow } from './harness-fixture';

const harnesses = harnessPerTest();
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const keymap = new Keymap({}, 'other');

/** Opens the palette by its key and runs the action named `title` (typed, then Enter). */
async function runFromPalette(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await expect(page.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(title);
  await expect(palette(page).getByRole('option').first()).toHaveText(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await page.keyboard.press('Enter');
  // (run from itself, the palette closes and opens again)
  if (title !== ACTIONS.commandPalette.title) await expect(palette(page)).toBeHidden();
}

test('the palette lists every action of the table with its key, runs one by its name, and gives the terminal the keys back', async ({
  page,
}) => {
  await openWindow(page, harnesses);
  await page.keyboard.press('Control+Shift+P');
  await expect(palette(page)).toBeVisible();
  const options = palette(page).getByRole('option');
  await expect(options).toHaveCount(ACTION_IDS.length);
  for (const id of ACTION_IDS) {
    const option = palette(page).locator(`#ripcord-palette-${id}`);
    await expect(option).toContainText(ACTIONS[id].title);
    for (const key of keymap.labels(id)) await expect(option).toContainText(key);
  }
  // fuzzy: a few letters of the name; the arrows move the active option
  await page.keyboard.type('spr');
  await expect(options.first()).toContainText('Split the pane right');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await run(page, 'echo keys-back-after-esc');
  await waitForRow(page, /^keys-back-after-esc$/);

  // one of main's actions by its name, then one of the page's
  await runFromPalette(page, 'New tab');
  await layoutWhen(page, "the palette's new tab", (l) => l.tabs.length === 2);
  await focusedPrompt(page);
  await runFromPalette(page, 'Find…');
  await expect(page.getByRole('textbox', { name: 'Find in terminal' })).toBeFocused();
});

test('axe: the palette open, filtered, with an active option, has no serious violation', async ({ page }) => {
  await openWindow(page, harnesses);
  await page.keyboard.press('Control+Shift+P');
  await expect(palette(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.type('tab');
  await page.keyboard.press('ArrowDown');
  expect(await seriousViolations(page)).toEqual([]);
});

/** What the window shows, without ids: each tab's shape, the one in front, the focused pane's place, which overlay is open. */
async function snapshot(page: Page, grid: boolean): Promise<string> {
  const l = (await layout(page)) as WindowLayout;
  const shape = (node: WindowLayout['tabs'][number]['root']): string =>
    'pane' in node ? 'p' : `${node.split}(${shape(node.first)},${shape(node.second)})`;
  const active = l.tabs.findIndex((tab) => tab.id === l.active);
  const focused = panesOf(l.tabs[active]?.root ?? { pane: '' }).indexOf(l.focused);
  const overlays = await page.evaluate(() => {
    const open = (selector: string): boolean =>
      [...document.querySelectorAll<HTMLElement>(selector)].some((e) => !e.hidden && e.getClientRects().length > 0);
    const screenReader = document.querySelector('.xterm-accessibility') === null ? [] : ['screen reader'];
    return [
      ...[
        '.ripcord-search',
        '.ripcord-processes',
        '.ripcord-recent-notices',
        '.ripcord-menu',
        '.ripcord-palette',
        '.ripcord-settings',
        '.ripcord-signals',
      ].filter(open),
      ...screenReader,
    ].join(',');
  });
  // the grid's width only where the action is about it (zoom): a closed split's other pane keeps its grid until a refit
  const cols = grid ? await page.evaluate(() => window.__ripcordTest?.size().cols ?? 0) : '-';
  return `${l.tabs.map((tab) => shape(tab.root)).join(' ')} | tab ${active} pane ${focused} | ${overlays} | ${cols} cols`;
}

/** The actions whose effect the window shows, each with how to take it back (the API's pane actions, Esc). */
const OBSERVABLE: ReadonlyArray<[ActionId, (page: Page) => Promise<void>]> = [
  ['newTab', (page) => closeLastTabAndShowFirst(page)],
  ['splitRight', (page) => closeFocusedPane(page)],
  ['splitDown', (page) => closeFocusedPane(page)],
  ['nextTab', (page) => showFirstTab(page)],
  ['previousTab', (page) => showFirstTab(page)],
  ['goToTab2', (page) => showFirstTab(page)],
  ['find', (page) => page.keyboard.press('Escape')],
  ['toggleProcesses', (page) => page.keyboard.press('Escape')],
  ['toggleNotices', (page) => page.keyboard.press('Escape')],
  ['contextMenu', (page) => page.keyboard.press('Escape')],
  ['commandPalette', (page) => page.keyboard.press('Escape')],
  ['openSettings', (page) => page.keyboard.press('Escape')],
  ['toggleSignals', (page) => page.keyboard.press('Escape')],
  ['toggleScreenReader', (page) => page.keyboard.press(playwrightKey(ACTIONS.toggleScreenReader.keys[0] ?? ''))],
  ['zoomIn', (page) => page.keyboard.press(playwrightKey(ACTIONS.zoomReset.keys[0] ?? ''))],
  ['zoomOut', (page) => page.keyboard.press(playwrightKey(ACTIONS.zoomReset.keys[0] ?? ''))],
];

const paneAction = (page: Page, action: object) =>
  page.evaluate((a) => (window as unknown as { ripcord: { paneAction(x: object): void } }).ripcord.paneAction(a), action);
async function showFirstTab(page: Page): Promise<void> {
  const l = (await layout(page)) as WindowLayout;
  await paneAction(page, { kind: 'show-tab', tab: l.tabs[0]?.id });
}
async function closeLastTabAndShowFirst(page: Page): Promise<void> {
  const l = (await layout(page)) as WindowLayout;
  await paneAction(page, { kind: 'close-tab', tab: l.tabs.at(-1)?.id });
  await layoutWhen(page, 'the new tab closed', (x) => x.tabs.length === l.tabs.length - 1);
  await showFirstTab(page);
}
async function closeFocusedPane(page: Page): Promise<void> {
  const l = (await layout(page)) as WindowLayout;
  await paneAction(page, { kind: 'close-pane', pane: l.focused });
}

test("each action's key does what its palette entry does", async ({ page }) => {
  test.setTimeout(240_000);
  await openWindow(page, harnesses);
  // two tabs, the first in front: every tab key has somewhere to go
  await newTab(page);
  await showFirstTab(page);
  await layoutWhen(page, 'tab 1 in front', (l) => l.active === l.tabs[0]?.id);
  await focusedPrompt(page);
  let grid = false;
  let base = '';
  let last = '';
  const changed = (what: string) => waitFor(what, WAIT_MS, async () => ((last = await snapshot(page, grid)) === base ? undefined : last));
  const back = (what: string) =>
    waitFor(what, WAIT_MS, async () => ((last = await snapshot(page, grid)) === base ? true : undefined)).catch((error: Error) => {
      throw new Error(`${error.message}: the window is "${last}", was "${base}"`);
    });
  for (const [id, undo] of OBSERVABLE) {
    grid = id.startsWith('zoom');
    base = await snapshot(page, grid);
    const key = playwrightKey(ACTIONS[id].keys[0] ?? '');
    await page.keyboard.press(key);
    const byKey = await changed(`${id} by ${key}`);
    await undo(page);
    await back(`${id} undone`);
    await focusedPrompt(page);
    await runFromPalette(page, ACTIONS[id].title);
    const byPalette = await changed(`${id} from the palette`);
    expect(byPalette, id).toBe(byKey);
    await undo(page);
    await back(`${id} undone`);
    await focusedPrompt(page);
  }
});
