// Renderer features beyond typing: settings, config problems, spawn errors, links, clipboard.
import { expect, test, type Page } from '@playwright/test';
import {
  type Harness,
  harnessLog,
  openTerminal,
  run,
  startHarness,
  stopHarness,
  waitFor,
  waitForPrompt,
  waitForRow,
} from './harness-fixture';

let harness: Harness | undefined;

test.afterEach(async ({ page }) => {
  await page.close();
  if (harness) await stopHarness(harness);
  harness = undefined;
});

test('settings come from the config; config problems show once in a dismissable banner', async ({ page }) => {
  harness = await startHarness({ config: { fontSize: 1000, theme: { background: '#102030' } } });
  await openTerminal(page, harness);
  const banner = page.locator('.ripcord-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('fontSize');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(16, 32, 48)');
  // the banner pushes the terminal down instead of covering its first rows
  const [bannerBox, terminalBox] = [await banner.boundingBox(), await page.locator('.ripcord-pane-terminal').boundingBox()];
  expect(terminalBox?.y).toBeGreaterThanOrEqual((bannerBox?.y ?? 0) + (bannerBox?.height ?? Infinity) - 1);
  const rowsWithBanner = await page.evaluate(() => window.__ripcordTest?.size().rows ?? 0);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  // and gives the room back when dismissed
  await page.waitForFunction((rows) => (window.__ripcordTest?.size().rows ?? 0) > rows, rowsWithBanner);
  // dismissing gives the keyboard back to the terminal
  await run(page, 'echo after-banner');
  await waitForRow(page, /^after-banner$/);
});

test('a program that cannot start shows what failed, why and the ways on in a panel', async ({ page }) => {
  harness = await startHarness({ command: ['/nonexistent/ripcord-e2e-program'] });
  await page.goto(`${harness.url}&renderer=dom`);
  const panel = page.getByRole('alertdialog', { name: 'The session could not start' });
  await expect(panel).toContainText('/nonexistent/ripcord-e2e-program');
  await expect(panel).toContainText('Fix the setting it names');
  await expect(panel.getByRole('button', { name: /^Close/ })).toBeVisible();
  await page.close();
  expect(await harness.exited).toEqual({ code: 1, signal: null });
});

/** The middle of a cell, from the screen element's size and the grid's. */
async function cellCenter(page: Page, col: number, row: number): Promise<{ x: number; y: number }> {
  const box = await page.locator('.xterm-screen').boundingBox();
  const size = await page.evaluate(() => window.__ripcordTest?.size());
  if (!box || !size) throw new Error('no terminal on the page');
  return { x: box.x + ((col + 0.5) * box.width) / size.cols, y: box.y + ((row + 0.5) * box.height) / size.rows };
}

async function clickCell(page: Page, col: number, row: number, modifiers: Array<'Control' | 'Meta'> = []): Promise<void> {
  const { x, y } = await cellCenter(page, col, row);
  await page.mouse.move(x, y);
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.click(x, y);
  for (const key of modifiers) await page.keyboard.up(key);
}

async function hoverCell(page: Page, col: number, row: number): Promise<void> {
  const { x, y } = await cellCenter(page, col, row);
  await page.mouse.move(x, y - 2);
  await page.mouse.move(x, y);
}

const opened = (page: Page) => page.evaluate(() => window.__ripcordHarness?.openedLinks);

test('links show their target on hover and open only with Ctrl+click, http(s) only', async ({ page }) => {
  harness = await startHarness();
  const h = harness;
  await openTerminal(page, h);
  // an OSC 8 hyperlink whose text lies about its target, one to a file: URL, then a plain https URL
  const osc8 = (target: string, text: string) => `\\e]8;;${target}\\e\\\\${text}\\e]8;;\\e\\\\\\n`;
  await run(
    page,
    `clear; printf '${osc8('https://evil.example/x', 'your-bank-login')}${osc8('file:///etc/passwd', 'local-file')}'; echo https://example.com/ripcord`,
  );
  await waitForRow(page, /^https:\/\/example\.com\/ripcord$/);
  const rows = await page.evaluate(() => window.__ripcordTest?.screen() ?? []);
  const [lieRow, fileRow, urlRow] = ['your-bank-login', 'local-file', 'https://example.com/ripcord'].map((text) => rows.indexOf(text));
  expect(Math.min(lieRow ?? -1, fileRow ?? -1, urlRow ?? -1)).toBeGreaterThanOrEqual(0);
  const preview = page.locator('.ripcord-link-preview');

  // hover shows the real target, not the text the program printed
  await hoverCell(page, 5, lieRow as number);
  await expect(preview).toBeVisible();
  await expect(preview).toContainText('https://evil.example/x');
  await expect(preview).toContainText('Ctrl+click to open');
  // a plain click opens nothing
  await clickCell(page, 5, lieRow as number);
  await clickCell(page, 5, urlRow as number);
  await page.waitForTimeout(300); // nothing to wait for: give a wrong open the chance to show
  expect(await opened(page)).toEqual([]);

  // a detected URL shows on hover too, and Ctrl+click opens it
  await hoverCell(page, 5, urlRow as number);
  await expect(preview).toContainText('https://example.com/ripcord');
  await clickCell(page, 5, urlRow as number, ['Control']);
  await expect.poll(() => opened(page)).toEqual(['https://example.com/ripcord']);
  // a file: link never opens, Ctrl or not
  await clickCell(page, 3, fileRow as number, ['Control']);
  // leaving the link hides the preview
  const away = await cellCenter(page, 40, (urlRow as number) + 2);
  await page.mouse.move(away.x, away.y);
  await expect(preview).toBeHidden();
  expect(await opened(page)).toEqual(['https://example.com/ripcord']);
  await waitFor('the host to log the link', 10_000, async () =>
    (await harnessLog(h)).some((e) => e.name === 'harness.open-link' && e.url === 'https://example.com/ripcord') ? true : undefined,
  );
});

test.describe('clipboard', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
  const osc52 = (text: string) => `printf '\\e]52;c;%s\\a' "$(printf '${text}' | base64)"`;

  test('Ctrl+Shift+C copies the selection, Ctrl+Shift+V pastes', async ({ page }) => {
    harness = await startHarness();
    await openTerminal(page, harness);
    await run(page, 'echo copy-me-please');
    await waitForRow(page, /^copy-me-please$/);
    await waitForPrompt(page);
    // select the word through search, close the search box, then copy the selection
    await page.keyboard.press('Control+Shift+F');
    await page.locator('.ripcord-search input').fill('copy-me-please');
    await page.locator('.ripcord-search input').press('Enter');
    await page.locator('.ripcord-search input').press('Escape');
    await page.keyboard.press('Control+Shift+C');
    await expect.poll(() => clipboard(page)).toBe('copy-me-please');

    await page.evaluate(() => navigator.clipboard.writeText('echo pasted-$((40 + 2))'));
    await page.keyboard.press('Control+Shift+V');
    await page.keyboard.press('Enter');
    await waitForRow(page, /^pasted-42$/);
  });

  test('copyOnSelect copies a mouse selection at once', async ({ page }) => {
    harness = await startHarness({ config: { copyOnSelect: true } });
    await openTerminal(page, harness);
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await run(page, 'clear; echo selected-by-mouse');
    await waitForRow(page, /^selected-by-mouse$/);
    const row = (await page.evaluate(() => window.__ripcordTest?.screen() ?? [])).indexOf('selected-by-mouse');
    const [from, to] = [await cellCenter(page, 0, row), await cellCenter(page, 'selected-by-mouse'.length - 1, row)];
    await page.mouse.move(from.x - 3, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x + 3, to.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => clipboard(page)).toBe('selected-by-mouse');
  });

  test('OSC 52 cannot write the clipboard unless allowClipboardWrite, and can never read it', async ({ page }) => {
    harness = await startHarness();
    await openTerminal(page, harness);
    await page.evaluate(() => navigator.clipboard.writeText('user-secret'));
    await run(page, osc52('from-program'));
    await waitForPrompt(page);
    // a query is answered with an empty clipboard: the reply the program reads back is empty
    const readBack = "stty -echo; printf '\\e]52;c;?\\a'; IFS= read -r -d $'\\a' -t 5 reply; stty echo";
    await run(page, `${readBack}; case $reply in *']52;c;') echo "empty""-reply";; *) echo "other""-\${reply#*;c;}";; esac`);
    await waitForRow(page, /^(empty-reply|other-.*)$/);
    expect(await page.evaluate(() => window.__ripcordTest?.screen().find((row) => /^(empty-reply|other-)/.test(row)))).toBe('empty-reply');
    expect(await clipboard(page)).toBe('user-secret');
  });

  test('OSC 52 writes the clipboard when allowClipboardWrite is on', async ({ page }) => {
    harness = await startHarness({ config: { allowClipboardWrite: true } });
    await openTerminal(page, harness);
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await run(page, osc52('from-program'));
    await expect.poll(() => clipboard(page)).toBe('from-program');
  });
});
