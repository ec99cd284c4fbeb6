// Issue #45 item 4: a profile opens a tab running its program in its folder with its env, from
// the tab bar's "New tab with profile…" menu by the keyboard, contained as the `shell` setting's
// sessions are — its own cgroup, and its processes end with its tab (counted in /proc by their
// live threads). Every wait is on a state, never on a clock.
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { harnessPerTest, harnessStats, run, waitFor } from './harness-fixture';
import { focusedPrompt, layout, layoutWhen, openWindow, seriousViolations, WAIT_MS, windowKey } from './window-helpers';

const harnesses = harnessPerTest();
const PROFILE_MARK = 'RIPCORD_E2E_PROFILE';
/** The harness runs `bash --norc --noprofile -i`: the profile's own argument order tells its program apart. */
const PROFILE_ARGS = ['--noprofile', '--norc', '-i'];

/** Live threads of a process (a zombie has none): what is left of it, read from /proc. */
async function liveThreads(pid: number): Promise<number> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => []);
  const states = await Promise.all(
    tasks.map((task) =>
      readFile(`/proc/${pid}/task/${task}/stat`, 'utf8').then(
        (stat) => stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3),
        () => 'Z',
      ),
    ),
  );
  return states.filter((state) => state !== 'Z').length;
}

/** Processes whose environment carries the profile's mark: the profile's session and all it started. */
async function profileProcesses(mark: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const environ = await readFile(`/proc/${entry}/environ`, 'latin1').catch(() => '');
    if (environ.includes(`${PROFILE_MARK}=${mark}\0`) && (await liveThreads(Number(entry))) > 0) found.push(Number(entry));
  }
  return found;
}

test('"New tab with profile…" by the keyboard opens a tab of the profile: its program, folder and env, in its own cgroup; its processes end with the tab', async ({
  page,
}) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'ripcord-profile-'));
  const mark = `work-${process.pid}-${Date.now()}`;
  try {
    const h = await openWindow(page, harnesses, {
      config: {
        profiles: { work: { program: '/bin/bash', args: PROFILE_ARGS, cwd: folder, env: { [PROFILE_MARK]: mark }, color: '#ff8800' } },
      },
    });
    // with profiles, the bar shows with one tab: its ˅ opens the menu
    const picker = page.getByRole('button', { name: 'Profiles…' });
    await picker.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'New tab with profile' });
    await expect(menu.getByRole('menuitem')).toHaveText([/^Default/, /^work/, /^Settings/]);
    expect(await seriousViolations(page)).toEqual([]);
    // Esc gives the keys back to the ˅, Enter opens the menu again
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(picker).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: /^work/ })).toBeFocused();
    await page.keyboard.press('Enter');
    const opened = await layoutWhen(page, "the profile's tab", (l) => l.tabs.length === 2);
    expect(opened.profiles?.[opened.focused]).toBe('work');
    await expect(page.locator('.ripcord-tab').nth(1)).toHaveAttribute('style', /255, 136, 0|#ff8800/);
    await focusedPrompt(page);

    const [shell] = await waitFor("the profile's shell", WAIT_MS, async () =>
      (await profileProcesses(mark)).length === 1 ? profileProcesses(mark) : undefined,
    );
    expect(shell).toBeDefined();
    const root = shell as number;
    expect((await readFile(`/proc/${root}/cmdline`, 'utf8')).split('\0').join(' ')).toContain(PROFILE_ARGS.join(' '));
    expect(await readlink(`/proc/${root}/cwd`)).toBe(folder);
    // its own session cgroup, as the first tab's session has its own
    const unified = async (pid: number): Promise<string> =>
      (await readFile(`/proc/${pid}/cgroup`, 'utf8')).split('\n').find((line) => line.startsWith('0::')) ?? '';
    const firstShell = (await harnessStats(h)).sessionPid as number;
    expect(await unified(firstShell)).toContain('/ripcord-');
    expect(await unified(root)).toContain('/ripcord-');
    expect(await unified(root)).not.toBe(await unified(firstShell));

    await run(page, '(trap "" HUP INT TERM; exec -a profile-stubborn sleep 1000) & sleep 1000 &');
    await waitFor("the profile's tree", WAIT_MS, async () => ((await profileProcesses(mark)).length === 3 ? true : undefined));
    const tree = await profileProcesses(mark);
    await windowKey(page, 'Control+Shift+W', "the profile's tab to close", (l) => l.tabs.length === 1);
    await waitFor("the profile's processes to end", WAIT_MS, async () =>
      (await Promise.all(tree.map(liveThreads))).every((n) => n === 0) ? true : undefined,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('a profile the settings no longer have opens no tab and says so; a bad profile is a problem beside the others', async ({ page }) => {
  await openWindow(page, harnesses, {
    config: { profiles: { good: { program: '/bin/bash' }, bad: { program: '' } }, defaultProfile: 'missing' },
  });
  await expect(page.locator('.ripcord-notices')).toContainText('profiles.bad');
  await expect(page.locator('.ripcord-notices')).toContainText('defaultProfile');
  await page.evaluate(() => window.ripcord.paneAction({ kind: 'new-tab', profile: 'gone' }));
  await expect(page.locator('.ripcord-notices')).toContainText('no profile named "gone"');
  expect((await layout(page))?.tabs).toHaveLength(1);
});
