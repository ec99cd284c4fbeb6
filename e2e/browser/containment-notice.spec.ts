// Issue #27, no silent downgrade: a session that runs without its container says so in the
// window, in a banner, from its start (the harness runs the desktop's own session wiring).
import { expect, test } from '@playwright/test';
import { type Harness, harnessLog, openTerminal, startHarness, stopHarness, waitForPrompt } from './harness-fixture';

const chosen = async (harness: Harness): Promise<Record<string, unknown> | undefined> => (await harnessLog(harness)).find((e) => e.name === 'containment.chosen');

let harness: Harness | undefined;
test.afterEach(async ({ page }) => {
  await page.close();
  if (harness) await stopHarness(harness);
  harness = undefined;
});

test('a session whose cgroup cannot be made shows a banner saying it runs without its container, and why', async ({ page }) => {
  harness = await startHarness({ hostEnv: { RIPCORD_CGROUP_PARENT: '/nonexistent/ripcord-e2e-parent' } });
  await openTerminal(page, harness);
  const banner = page.locator('.ripcord-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('runs without its container');
  await expect(banner).toContainText('cannot create /nonexistent/ripcord-e2e-parent/');
  expect((await chosen(harness))?.kind).toBe('process-scan');
});

test('a session in its cgroup shows no such banner', async ({ page }) => {
  harness = await startHarness();
  await openTerminal(page, harness);
  // the notice would come before the program's first output: after the prompt, there is none
  await waitForPrompt(page);
  const event = await chosen(harness);
  if (event?.kind !== 'cgroup') console.log(`[containment-notice] skipped: this machine gives sessions no cgroup: ${String(event?.reason)}`);
  test.skip(event?.kind !== 'cgroup', `this machine gives sessions no cgroup: ${String(event?.reason)}`);
  await expect(page.locator('.ripcord-banner')).toHaveCount(0);
});
