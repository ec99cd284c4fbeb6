// The context menu (issue #30, item 5) in Chromium through the harness: right click opens it and
// its items act on the real terminal; a program that asked for mouse reports gets the right
// button, and Shift+right-click still opens the menu.
import { expect, test, type Page } from '@playwright/test';
import { harnessPerTest, openTerminal, run, waitForPrompt, waitForRow } from './harness-fixture';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const harnesses = harnessPerTest();

const menu = (page: Page) => page.getByRole('menu', { name: 'Terminal actions' });
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const selection = (page: Page) => page.evaluate(() => window.__ripcordTest?.selection() ?? '');

async function rightClickMiddle(page: Page, withShift = false): Promise<void> {
  const box = await page.locator('.xterm-screen').boundingBox();
  if (!box) throw new Error('no terminal on the page');
  // page.mouse has no modifiers option: the key is held around the click
  if (withShift) await page.keyboard.down('Shift');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { button: 'right' });
  if (withShift) await page.keyboard.up('Shift');
}

test('right click opens the menu; Select All, Copy and Clear act on the terminal', async ({ page }) => {
  const harness = await harnesses.start();
  await openTerminal(page, harness);
  await run(page, 'echo menu-line-one');
  await waitForRow(page, /^menu-line-one$/);
  await waitForPrompt(page);

  await rightClickMiddle(page);
  await expect(menu(page)).toBeVisible();
  // nothing selected yet: Copy is offered but disabled; the keyboard starts on the first enabled item
  await expect(menu(page).getByRole('menuitem', { name: 'Copy' })).toHaveAttribute('aria-disabled', 'true');
  await expect(menu(page).getByRole('menuitem', { name: 'Paste' })).toBeFocused();
  await menu(page).getByRole('menuitem', { name: 'Select All' }).click();
  await expect(menu(page)).toBeHidden();
  await expect.poll(() => selection(page)).toContain('menu-line-one');

  await rightClickMiddle(page);
  await menu(page).getByRole('menuitem', { name: 'Copy' }).click();
  await expect.poll(() => clipboard(page)).toContain('menu-line-one');

  // Clear keeps only the prompt's row; the keyboard is the terminal's again
  await rightClickMiddle(page);
  await menu(page).getByRole('menuitem', { name: 'Clear' }).click();
  await page.waitForFunction(() => !(window.__ripcordTest?.buffer() ?? []).some((row) => row.includes('menu-line-one')));
  await run(page, 'echo after-clear');
  await waitForRow(page, /^after-clear$/);
});

test('over a link: Open Link opens it through the host, Copy Link copies it', async ({ page }) => {
  const harness = await harnesses.start();
  await openTerminal(page, harness);
  await run(page, 'clear; echo https://example.com/from-menu');
  await waitForRow(page, /^https:\/\/example\.com\/from-menu$/);
  const box = await page.locator('.xterm-screen').boundingBox();
  const size = await page.evaluate(() => window.__ripcordTest?.size());
  const row = (await page.evaluate(() => window.__ripcordTest?.screen() ?? [])).indexOf('https://example.com/from-menu');
  if (!box || !size || row < 0) throw new Error('no link on the screen');
  const at = { x: box.x + (8.5 * box.width) / size.cols, y: box.y + ((row + 0.5) * box.height) / size.rows };
  // the pointer comes over the link (xterm finds it on the move), then the right click
  const rightClickLink = async (): Promise<void> => {
    await page.mouse.move(at.x, at.y + box.height / 2);
    await page.mouse.move(at.x, at.y, { steps: 3 });
    await expect(page.locator('.ripcord-link-preview')).toBeVisible();
    await page.mouse.click(at.x, at.y, { button: 'right' });
  };
  await rightClickLink();
  await menu(page).getByRole('menuitem', { name: 'Copy Link' }).click();
  await expect.poll(() => clipboard(page)).toBe('https://example.com/from-menu');
  await rightClickLink();
  await menu(page).getByRole('menuitem', { name: 'Open Link' }).click();
  await expect.poll(() => page.evaluate(() => window.__ripcordHarness?.openedLinks)).toEqual(['https://example.com/from-menu']);
});

test('from the keyboard: Shift+F10 opens it, arrows move, Enter runs, Esc gives the terminal back', async ({ page }) => {
  const harness = await harnesses.start();
  await openTerminal(page, harness);
  await waitForPrompt(page);
  await page.evaluate(() => navigator.clipboard.writeText('echo pasted-from-menu'));

  await page.keyboard.press('Shift+F10');
  await expect(menu(page)).toBeVisible();
  await expect(menu(page).getByRole('menuitem', { name: 'Paste' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu(page)).toBeHidden();
  // the paste goes through the host (as webContents.paste() in the desktop): Enter after it is on the line
  await waitForRow(page, /\$ echo pasted-from-menu$/);
  await page.keyboard.press('Enter');
  await waitForRow(page, /^pasted-from-menu$/);

  await page.keyboard.press('Shift+F10');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu(page).getByRole('menuitem', { name: 'Find…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Find in terminal' })).toBeFocused();
  await page.keyboard.press('Escape');

  await page.keyboard.press('Shift+F10');
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
  await run(page, 'echo keyboard-back');
  await waitForRow(page, /^keyboard-back$/);
});

test('with mouse reports on, right click is the program’s; Shift+right-click opens the menu', async ({ page }) => {
  const harness = await harnesses.start();
  await openTerminal(page, harness);
  await waitForPrompt(page);
  // mode 1000 stays on after the read: press and release are 6 bytes each, the press's
  // button byte is 32 + 2 for the right button
  await run(page, `printf '\\e[?1000h'; IFS= read -rsn12 r; echo "button=$(( $(printf '%d' "'\${r:3:1}") - 32 ))"`);
  await page.waitForFunction(() => (window.__ripcordTest?.screen() ?? []).some((row) => row.includes('printf')));
  await expect.poll(() => page.evaluate(() => document.querySelector('.xterm')?.classList.contains('enable-mouse-events'))).toBe(true);
  await rightClickMiddle(page);
  await waitForRow(page, /^button=2$/);
  await expect(menu(page)).toBeHidden();

  await rightClickMiddle(page, true);
  await expect(menu(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
});
