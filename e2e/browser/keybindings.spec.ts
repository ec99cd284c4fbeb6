// The keybindings setting (issue #45) through the harness's own settings file and its watch (the
// desktop's ConfigWatcher and WindowIpc), in real Chromium: a rebound key works and the old
// one no longer does, live; a binding on Ctrl+C — or on the global shortcut's key, on another
// action's key, on an unknown action, on a key that does not parse — is refused with the file
// and the key in the banner, and Ctrl+C stays the double press's.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { KeyInput } from '../../contracts/renderer';
import { type Harness, harnessPerTest, pressCtrlC, pressKeyInMain, run, waitForPrompt, waitForRow } from './harness-fixture';
import { layout, layoutWhen, openWindow, WAIT_MS } from './window-helpers';

const harnesses = harnessPerTest();
const configFile = (h: Harness) => path.join(h.dir, 'config.json');

async function editConfig(h: Harness, patch: Record<string, unknown>): Promise<void> {
  const config = JSON.parse(await readFile(configFile(h), 'utf8')) as Record<string, unknown>;
  await writeFile(configFile(h), JSON.stringify({ ...config, ...patch }));
}

/** A key-down from the keyboard to main's key entry (POST /key): whether the page gets it. */
const keyDown = (h: Harness, key: string, code: string, mods: Partial<KeyInput>) =>
  pressKeyInMain(h, { type: 'keyDown', key, code, control: false, shift: false, alt: false, meta: false, isAutoRepeat: false, ...mods });
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Find in terminal' });

test("a rebound key works and the old one no longer does: main's action and the page's, applied live", async ({ page }) => {
  const harness = await openWindow(page, harnesses, { config: {} });
  await editConfig(harness, { keybindings: { newTab: 'Ctrl+Shift+Y', find: 'Ctrl+Alt+F' } });
  // the palette shows the new keys once the edit is in
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Control+Shift+P');
        const text = await page.locator('#ripcord-palette-newTab').textContent();
        await page.keyboard.press('Escape');
        return text;
      },
      { timeout: WAIT_MS },
    )
    .toContain('Ctrl+Shift+Y');

  // main's action: the old key goes on to the page (the program's), the new one is main's
  expect(await keyDown(harness, 'T', 'KeyT', { control: true, shift: true })).toMatchObject({ page: true });
  expect((await layout(page))?.tabs).toHaveLength(1);
  expect(await keyDown(harness, 'Y', 'KeyY', { control: true, shift: true })).toMatchObject({ page: false });
  await layoutWhen(page, "the rebound key's new tab", (l) => l.tabs.length === 2);
  // and typed in the page, as a user does
  await page.keyboard.press('Control+Shift+Y');
  await layoutWhen(page, 'a third tab', (l) => l.tabs.length === 3);
  await waitForPrompt(page);
  await page.keyboard.press('Control+Shift+T');
  await run(page, 'echo after-the-old-key');
  await waitForRow(page, /^after-the-old-key$/);
  expect((await layout(page))?.tabs).toHaveLength(3);

  // the page's action
  await page.keyboard.press('Control+Alt+F');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Shift+F');
  await run(page, 'echo after-the-old-find-key');
  await waitForRow(page, /^after-the-old-find-key$/);
  await expect(searchBox(page)).toBeHidden();
});

test("a binding on Ctrl+C is refused with its message, and Ctrl+C stays the double press's", async ({ page }) => {
  const harness = await openWindow(page, harnesses, { config: { keybindings: { find: 'ctrl+c' } } });
  const banner = page.locator('.ripcord-banner');
  await expect(banner).toContainText(`problems in ${configFile(harness)}`);
  await expect(banner).toContainText('keybindings.find: Ctrl+C cannot be bound');
  // the action keeps its default key, and Ctrl+C still cancels
  await page.keyboard.press('Control+Shift+F');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await run(page, 'sleep 600');
  await pressCtrlC(harness);
  await waitForPrompt(page);
  await expect(searchBox(page)).toBeHidden();
});

test("a conflict, the global shortcut's key, an unknown action and an unparsable key are refused in the banner, live", async ({ page }) => {
  const harness = await openWindow(page, harnesses, { config: {} });
  await editConfig(harness, {
    globalShortcut: 'Ctrl+Alt+Q',
    keybindings: { copy: 'Ctrl+Shift+T', paste: 'Ctrl+Alt+Q', nope: 'Ctrl+Alt+N', zoomIn: 'Hyper+X', focusBanner: 'Control+C' },
  });
  const banner = page.locator('.ripcord-banner');
  await expect(banner).toContainText('keybindings.copy: Ctrl+Shift+T is already the key of newTab', { timeout: WAIT_MS });
  await expect(banner).toContainText(`problems in ${configFile(harness)}`);
  await expect(banner).toContainText('keybindings.paste: Ctrl+Alt+Q is the global shortcut');
  await expect(banner).toContainText('keybindings.nope: unknown action');
  await expect(banner).toContainText('keybindings.zoomIn: must be a key like');
  await expect(banner).toContainText('keybindings.focusBanner: Ctrl+C cannot be bound');
  // the refused bindings leave their actions their keys: Ctrl+Shift+T still opens a tab
  await page.keyboard.press('Control+Shift+T');
  await layoutWhen(page, 'a new tab by the default key', (l) => l.tabs.length === 2);
});
