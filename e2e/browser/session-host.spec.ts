// Issue #32: the sessions run in a session host process (the harness forks the desktop's host
// entry), main keeps the decisions and the containers — so whatever the host does, the quit
// paths work and nothing is left.
import { existsSync } from 'node:fs';
import { readdir, readlink } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readProcStat } from '../../main/platform/processes/proc-files';
import { TRANSCRIPT_FILE } from '../../main/platform/transcript/transcript-format';
import {
  type Harness,
  harnessLog,
  harnessPerTest,
  harnessStats,
  isAlive,
  openTerminal,
  PAST_DEBOUNCE_MS,
  pressCtrlC,
  waitFor,
  waitForPrompt,
} from './harness-fixture';

/** Bound on a log line, a notice or an exit appearing; never asserted as a timing. */
const WAIT_MS = 15_000;

const harnesses = harnessPerTest();

const logged = (h: Harness, name: string, match: Record<string, unknown> = {}): Promise<Record<string, unknown>> =>
  waitFor(`${name} in the log`, WAIT_MS, async () =>
    (await harnessLog(h)).find((e) => e.name === name && Object.entries(match).every(([k, v]) => e[k] === v)),
  );

/** The session's cgroup, from the log (undefined when this machine gives it none). */
const sessionCgroup = async (h: Harness): Promise<string | undefined> => {
  const chosen = await logged(h, 'containment.chosen');
  return typeof chosen.cgroup === 'string' ? chosen.cgroup : undefined;
};

test("the shell's parent is the session host, not the harness", async ({ page }) => {
  const harness = await harnesses.start();
  await openTerminal(page, harness);
  await waitForPrompt(page);
  const { sessionPid, hostPid } = await harnessStats(harness);
  expect(hostPid).toBe(harness.hostPid);
  expect(hostPid).not.toBe(harness.pid);
  const root = await readProcStat(Number(sessionPid));
  expect(root?.ppid).toBe(harness.hostPid);
  // the host leads a session of its own: a signal to the harness's group never reaches it
  const host = await readProcStat(harness.hostPid);
  expect(host?.pgrp).toBe(harness.hostPid);
});

/** Whether `pid` holds a session's transcript file open (its descriptors, from /proc). */
const holdsTranscript = async (pid: number): Promise<boolean> => {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
  return targets.some((target) => target.includes('/transcripts/') && target.endsWith(`/${TRANSCRIPT_FILE}`));
};

test('the transcript is written by the session host: main holds no transcript file', async ({ page }) => {
  const harness = await harnesses.start({ config: { transcripts: true } });
  await openTerminal(page, harness);
  await waitForPrompt(page);
  // the transcript's file is made once the start is over, and stays open while the session runs
  await waitFor('the session host to open its transcript', WAIT_MS, async () =>
    (await holdsTranscript(harness.hostPid)) ? true : undefined,
  );
  expect(await holdsTranscript(harness.pid)).toBe(false);
});

for (const [how, signal] of [
  ['killed (-9)', 'SIGKILL'],
  ['stopped (SIGSTOP)', 'SIGSTOP'],
] as const) {
  test(`the session host ${how}: the page says so, a double Ctrl+C still quits, nothing is left`, async ({ page }) => {
    const h = await harnesses.start();
    await openTerminal(page, h);
    await waitForPrompt(page);
    const cgroup = await sessionCgroup(h);
    process.kill(h.hostPid, signal);
    await expect(page.locator('.ripcord-banner')).toContainText(signal === 'SIGKILL' ? 'session host ended' : 'session host was stopped', {
      timeout: WAIT_MS,
    });
    // main killed the session's container at once, and a stopped host with it
    await waitFor('the session host to be gone', WAIT_MS, async () => ((await isAlive(h.hostPid)) ? undefined : true));
    await pressCtrlC(h);
    await logged(h, 'trigger', { kind: 'ctrl-c' });
    // the press interval is the subject here: the second press comes past the debounce, within the interval
    await page.waitForTimeout(PAST_DEBOUNCE_MS);
    await pressCtrlC(h);
    expect(await h.exited).toEqual({ code: 130, signal: null });
    if (cgroup) await waitFor('the session cgroup to be removed', WAIT_MS, () => (existsSync(cgroup) ? undefined : true));
  });
}

test('with the session host stopped, closing the window quits at once (0)', async ({ page }) => {
  const h = await harnesses.start();
  await openTerminal(page, h);
  await waitForPrompt(page);
  process.kill(h.hostPid, 'SIGSTOP');
  await logged(h, 'host.state', { state: 'stopped' });
  await page.close();
  expect(await h.exited).toEqual({ code: 0, signal: null });
});

test("SIGINT to the app's process group is one press for main and nothing for the session host", async ({ page }) => {
  const h = await harnesses.start({ ownGroup: true });
  await openTerminal(page, h);
  await waitForPrompt(page);
  process.kill(-h.pid, 'SIGINT');
  await logged(h, 'trigger', { kind: 'sigint', action: 'cancel' });
  expect(await isAlive(h.hostPid)).toBe(true);
  expect(h.exitStatus()).toBeUndefined();
  await waitForPrompt(page);
  await page.waitForTimeout(PAST_DEBOUNCE_MS);
  process.kill(-h.pid, 'SIGINT');
  expect(await h.exited).toEqual({ code: 130, signal: null });
});
