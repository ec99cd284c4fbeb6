// Issue #27, no silent downgrade: a session that runs without its container — or, issue #40,
// without its control socket — says so in the window, in a banner, from its start (the harness
// runs the desktop's own session wiring).
import { expect, test } from '@playwright/test';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Harness, harnessLog, openTerminal, startHarness, stopHarness, waitForPrompt } from './harness-fixture';

const chosen = async (harness: Harness): Promise<Record<string, unknown> | undefined> =>
  (await harnessLog(harness)).find((e) => e.name === 'containment.chosen');

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

test('a session whose control socket cannot be published (another user took ripcord-<uid> in the temp dir) says so in a banner', async ({
  page,
}) => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'ripcord-e2e-taken-'));
  try {
    const taken = path.join(tmp, `ripcord-${process.getuid?.() ?? 0}`);
    // another user's directory (root can make one); for anyone else, one others may enter is refused the same way
    await mkdir(taken, { mode: 0o755 });
    if (process.getuid?.() === 0) await chown(taken, 65534, 65534);
    harness = await startHarness({ hostEnv: { TMPDIR: tmp, XDG_RUNTIME_DIR: '' } });
    await openTerminal(page, harness);
    const banner = page.locator('.ripcord-banner', { hasText: 'cannot reach this session' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(taken);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});

test('a session in its cgroup shows no such banner', async ({ page }) => {
  harness = await startHarness();
  await openTerminal(page, harness);
  // the notice would come before the program's first output: after the prompt, there is none
  await waitForPrompt(page);
  const event = await chosen(harness);
  if (event?.kind !== 'cgroup')
    console.log(`[containment-notice] skipped: this machine gives sessions no cgroup: ${String(event?.reason)}`);
  test.skip(event?.kind !== 'cgroup', `this machine gives sessions no cgroup: ${String(event?.reason)}`);
  await expect(page.locator('.ripcord-banner')).toHaveCount(0);
});
