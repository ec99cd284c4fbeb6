// Takes docs/images/*.png: the window in its states, in the dark and the light scheme
// (prefers-color-scheme, as Electron feeds it from the OS). Each picture waits for what it shows.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { harnessPerTest, openTerminal, run, waitForRow } from '../browser/harness-fixture';

const IMAGES = path.resolve(__dirname, '..', '..', 'docs', 'images');
/** Small enough to keep the PNGs small, large enough for 80 columns of the default font. */
const VIEWPORT = { width: 820, height: 420 };
/** A prompt like a real one; the harness's own test prompt is meant for matching, not for looking at. */
const PROMPT = '\\[\\e[1;32m\\]me@ripcord\\[\\e[0m\\]:\\[\\e[1;34m\\]~/project\\[\\e[0m\\]$ ';
const PROMPT_TEXT = /^me@ripcord:~\/project\$ $/;
/** Long enough to take the picture while the hint still shows. */
const LONG_INTERVAL_MS = 5_000;
/** A `build` command with a few lines of coloured output, the same on every machine (defined before the screen is cleared). */
const BUILD_FUNCTION = `build() { printf '\\e[1mbuilding\\e[0m 3 packages\\n\\e[32m✓\\e[0m core  \\e[2m(1.2 s)\\e[0m\\n\\e[32m✓\\e[0m cli   \\e[2m(0.4 s)\\e[0m\\n\\e[33m!\\e[0m web   \\e[33m2 warnings\\e[0m\\n'; }`;
const SESSION = ['build', 'echo "dev server on http://localhost:5173/"'];

test.use({ viewport: VIEWPORT });

const harnesses = harnessPerTest();

async function promptOnCursorRow(page: Page): Promise<void> {
  await page.waitForFunction((source) => {
    const view = window.__ripcordTest;
    return view !== undefined && new RegExp(source).test(view.screen()[view.cursor().y] ?? '');
  }, PROMPT_TEXT.source);
}

async function startSession(page: Page, config: Record<string, unknown> = {}): Promise<void> {
  const harness = await harnesses.start({ config: { doublePressWindowMs: LONG_INTERVAL_MS, ...config }, env: { PS1: PROMPT } });
  await openTerminal(page, harness);
  await promptOnCursorRow(page);
  await run(page, `${BUILD_FUNCTION}; clear`);
  await promptOnCursorRow(page);
  for (const line of SESSION) {
    await run(page, line);
    await promptOnCursorRow(page);
  }
}

async function shoot(page: Page, name: string, scheme: 'dark' | 'light'): Promise<void> {
  // the cursor blinks and the pointer hovers: neither may decide what a picture shows
  await page.screenshot({ path: path.join(IMAGES, `${name}-${scheme}.png`), animations: 'disabled', caret: 'hide' });
}

for (const scheme of ['dark', 'light'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    test('the terminal, the hint after Ctrl+C, the find box', async ({ page }) => {
      await startSession(page);
      await shoot(page, 'terminal', scheme);

      await run(page, 'sleep 600');
      await waitForRow(page, /sleep 600$/);
      await page.keyboard.press('Control+c');
      await expect(page.locator('.ripcord-hint')).toBeVisible();
      await promptOnCursorRow(page);
      await shoot(page, 'ctrl-c-hint', scheme);
      await page.keyboard.press('a'); // any other key ends the double press: no exit from here
      await page.keyboard.press('Backspace');

      await page.keyboard.press('Control+Shift+F');
      await page.keyboard.type('core');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => window.__ripcordTest?.selection())).toBe('core');
      await shoot(page, 'find', scheme);
    });

    test('the process view and the context menu', async ({ page }) => {
      await startSession(page);
      await run(page, 'sleep 900 & bash -c "trap \'\' INT; sleep 1200"');
      await page.keyboard.press('Control+Shift+J');
      await expect(page.locator('.ripcord-processes tbody tr').filter({ hasText: 'sleep 1200' })).toHaveCount(1);
      await shoot(page, 'process-view', scheme);
      await page.keyboard.press('Escape');

      const box = await page.locator('.xterm-screen').boundingBox();
      if (!box) throw new Error('no terminal on the page');
      await page.mouse.click(box.x + box.width * 0.45, box.y + box.height * 0.25, { button: 'right' });
      await expect(page.getByRole('menu', { name: 'Terminal actions' })).toBeVisible();
      await shoot(page, 'context-menu', scheme);
    });

    test('the profile menu and the settings screen', async ({ page }) => {
      await startSession(page, {
        profiles: {
          fish: { program: '/usr/bin/fish', color: '#4e9a06' },
          'web server': { program: '/bin/bash', args: ['-l'], cwd: '/tmp' },
        },
      });
      await page.getByRole('button', { name: 'Profiles…' }).click();
      await expect(page.getByRole('menu', { name: 'New tab with profile' })).toBeVisible();
      await shoot(page, 'profile-menu', scheme);
      await page.getByRole('menuitem', { name: 'Settings…' }).click();
      const fontSize = page.getByRole('dialog', { name: 'Settings' }).getByLabel('fontSize', { exact: true });
      await fontSize.fill('100');
      await fontSize.press('Tab');
      await expect(page.locator('#ripcord-setting-fontSize-problem')).toBeVisible();
      await fontSize.scrollIntoViewIfNeeded();
      await shoot(page, 'settings-screen', scheme);
    });

    test('the command palette', async ({ page }) => {
      await startSession(page);
      await page.keyboard.press('Control+Shift+P');
      await page.keyboard.type('split');
      await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first()).toContainText('Split the pane');
      await shoot(page, 'command-palette', scheme);
    });
  });
}

test.describe('dark scheme', () => {
  test.use({ colorScheme: 'dark' });

  test('the settings banner', async ({ page }) => {
    await startSession(page, { fontSize: 100, theme: { background: 'not-a-colour!' } });
    await expect(page.locator('.ripcord-banner')).toBeVisible();
    await shoot(page, 'settings-banner', 'dark');
  });

  test("a closed tab's toast", async ({ page }) => {
    await startSession(page);
    await page.keyboard.press('Control+Shift+T');
    await expect(page.locator('.ripcord-tab')).toHaveCount(2);
    await page.keyboard.press('Control+Shift+W');
    await expect(page.locator('.ripcord-toast')).toContainText('a tab was closed');
    await shoot(page, 'notice-toast', 'dark');
  });

  test('a program that cannot start', async ({ page }) => {
    const harness = await harnesses.start({ command: [], config: { shell: '/usr/local/bin/my-shell' } });
    await page.goto(`${harness.url}&renderer=dom`);
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await shoot(page, 'start-failure', 'dark');
  });
});
