// Issue #45 item 6: restoreLayout brings back the last window — 2 tabs of 2 panes, a split's
// size, each pane's folder — with new sessions, and nothing of the old ones: their processes are
// gone (live threads counted in /proc) before the new start, and the new shells are others.
// Every wait is on a state (the saved file, a prompt, a process), never on a clock.
import { mkdir, mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { panesOf, type WindowLayout } from '../../contracts/panes';
import { type Harness, openTerminal, run, sessionProcesses, startHarness, stopHarness, waitFor } from './harness-fixture';
import { focusedPrompt, layout, layoutWhen, paneCount, WAIT_MS, windowKey } from './window-helpers';

/** Live threads of a process: 0 once it is gone or a zombie. */
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

/** The working folders of the session's processes that are shells (bash), by pid. */
async function shellFolders(h: Harness): Promise<Map<number, string>> {
  const folders = new Map<number, string>();
  for (const pid of await sessionProcesses(h.marker)) {
    const command = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
    const folder = await readlink(`/proc/${pid}/cwd`).catch(() => undefined);
    if (command.trim() === 'bash' && folder !== undefined) folders.set(pid, folder);
  }
  return folders;
}

test("restoreLayout: 2 tabs × 2 panes come back in their folders and profiles, with their split's size, as new shells; no old process is left", async ({
  page,
}) => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'ripcord-restore-'));
  const state = path.join(root, 'state');
  const folders = ['a1', 'a2', 'b1', 'b2'].map((name) => path.join(root, name));
  for (const folder of folders) await mkdir(folder);
  // the second tab runs a profile (its split too): each pane's profile comes back with it
  const options = {
    config: { restoreLayout: true, profiles: { work: { program: '/bin/bash', args: ['--noprofile', '--norc', '-i'] } } },
    hostEnv: { XDG_STATE_HOME: state },
  };
  const layoutFile = path.join(state, 'ripcord', 'layout.json');
  let second: Harness | undefined;
  try {
    const first = await startHarness(options);
    await openTerminal(page, first);
    await focusedPrompt(page);
    const [a1, a2, b1, b2] = folders as [string, string, string, string];
    await run(page, `cd ${a1}`);
    await windowKey(page, 'Control+Shift+Digit5', 'a split', (l) => paneCount(l) === 2);
    await focusedPrompt(page);
    await run(page, `cd ${a2}`);
    const splitPane = (await layout(page))?.focused as string;
    await page.evaluate((pane) => window.ripcord.paneAction({ kind: 'resize-split', pane, ratio: 0.3 }), splitPane);
    await page.evaluate(() => window.ripcord.paneAction({ kind: 'new-tab', profile: 'work' }));
    await layoutWhen(page, "the profile's tab", (l) => l.tabs.length === 2);
    await focusedPrompt(page);
    await run(page, `cd ${b1}`);
    await windowKey(page, 'Alt+Shift+Minus', 'a split down', (l) => paneCount(l) === 4);
    await focusedPrompt(page);
    await run(page, `cd ${b2}`);
    const saved = await waitFor('the layout saved with every folder', WAIT_MS, async () => {
      const text = await readFile(layoutFile, 'utf8').catch(() => '');
      return folders.every((folder) => text.includes(JSON.stringify(folder))) && text.includes('0.3') ? text : undefined;
    });
    expect(saved).not.toMatch(/pid|session/i);
    const old = [...(await shellFolders(first)).keys()];
    expect(old).toHaveLength(4);

    const context = page.context();
    await page.close();
    expect(await first.exited).toEqual({ code: 0, signal: null });
    await stopHarness(first);
    for (const pid of old) expect(await liveThreads(pid)).toBe(0);

    second = await startHarness(options);
    const again = await context.newPage();
    await openTerminal(again, second);
    const back = await layoutWhen(
      again,
      '2 tabs of 2 panes',
      (l: WindowLayout) => l.tabs.length === 2 && l.tabs.every((tab) => panesOf(tab.root).length === 2),
    );
    const [tab1, tab2] = back.tabs;
    expect(tab1?.root).toMatchObject({ split: 'right', ratio: 0.3 });
    expect(tab2?.root).toMatchObject({ split: 'down' });
    expect(back.active).toBe(tab2?.id);
    expect(back.focused).toBe(panesOf(tab2?.root ?? { pane: '' })[1]);
    expect(Object.values(back.profiles ?? {})).toEqual(['work', 'work']);
    expect(Object.keys(back.profiles ?? {}).sort()).toEqual(panesOf(tab2?.root ?? { pane: '' }).sort());
    const shells = await waitFor('a new shell in each folder', WAIT_MS, async () => {
      const now = await shellFolders(second as Harness);
      return [...now.values()].sort().join() === [...folders].sort().join() ? now : undefined;
    });
    for (const pid of shells.keys()) expect(old).not.toContain(pid);
    for (const pid of old) expect(await liveThreads(pid)).toBe(0);
    await again.close();
  } finally {
    if (second) await stopHarness(second);
    await rm(root, { recursive: true, force: true });
  }
});
