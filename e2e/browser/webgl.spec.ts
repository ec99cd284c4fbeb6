// The WebGL renderer in Chromium. This machine has no GPU: ANGLE's SwiftShader backend gives a
// real (software) WebGL2 context, so the addon really loads; the spec checks that it did
// rather than assuming it.
import { expect, test } from '@playwright/test';
import path from 'node:path';
import config from '../../playwright.config';
import { type Harness, openTerminal, run, startHarness, stopHarness, waitForPrompt, waitForRow } from './harness-fixture';

const shared = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...shared, args: [...(shared.args ?? []), '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] } });

let harness: Harness | undefined;

test.afterEach(async ({ page }) => {
  await page.close();
  if (harness) await stopHarness(harness);
  harness = undefined;
});

test('the WebGL renderer draws the shell', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 800, height: 360 });
  harness = await startHarness();
  await openTerminal(page, harness, 'webgl');
  expect(await page.evaluate(() => window.__ripcordTest?.renderer())).toBe('webgl');
  await expect(page.locator('.xterm-screen canvas').first()).toBeAttached();
  await run(page, 'echo "webgl: $((6 * 7))"');
  await waitForRow(page, /^webgl: 42$/);
  await waitForPrompt(page);
  await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ripcord-prompt-webgl.png') });
});

test('a lost WebGL context falls back to the DOM renderer and the terminal keeps working', async ({ page }) => {
  harness = await startHarness();
  await openTerminal(page, harness, 'webgl');
  expect(await page.evaluate(() => window.__ripcordTest?.renderer())).toBe('webgl');
  const lost = await page.evaluate(() => {
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.xterm-screen canvas')) {
      const gl = canvas.getContext('webgl2');
      const extension = gl?.getExtension('WEBGL_lose_context');
      if (extension) {
        extension.loseContext();
        return true;
      }
    }
    return false;
  });
  expect(lost).toBe(true);
  await page.waitForFunction(() => window.__ripcordTest?.renderer() === 'dom', undefined, { timeout: 20_000 });
  await expect(page.locator('.xterm-rows')).toBeAttached();
  await run(page, 'echo still-here');
  await waitForRow(page, /^still-here$/);
});
