// The desktop's session wiring (SessionLifecycle + WindowIpc + the host signal table) as the
// browser harness runs it, on a real shell, real signals and real Chromium: what the desktop
// wiring tests could only show on fake Electron objects. Every trigger's exit code, SIGINT
// before the spawn, a program that cannot start, and a double Ctrl+C under a query flood.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  type Harness,
  harnessLog,
  harnessStats,
  openTerminal,
  PAST_DEBOUNCE_MS,
  pressCtrlC,
  run,
  startHarness,
  stopHarness,
  waitFor,
  waitForPrompt,
  waitForRow,
} from './harness-fixture';

/** The longest window the settings allow, so the second press of a pair falls inside it on a loaded machine. */
const LONG_INTERVAL_MS = 5_000;
/** Presses the DSR-flood test may take to make a pair (each waits for its decision): far more than it needs. */
const MAX_PRESSES = 20;
/** Bound on a log line or an exit appearing; never asserted as a timing. */
const WAIT_MS = 15_000;

let harness: Harness | undefined;

test.afterEach(async ({ page }) => {
  await page.close();
  if (harness) await stopHarness(harness);
  harness = undefined;
});

async function triggerLogged(h: Harness, kind: string): Promise<Record<string, unknown>> {
  return waitFor(`the ${kind} trigger in the log`, WAIT_MS, async () =>
    (await harnessLog(h)).find((e) => e.name === 'trigger' && e.kind === kind),
  );
}

test('SIGINT before the spawn is a press: the first cancels, a second in the window exits 130', async () => {
  harness = await startHarness({ config: { doublePressWindowMs: LONG_INTERVAL_MS } });
  const h = harness;
  // no page: nothing has sized the terminal, so no program was spawned
  expect((await harnessStats(h)).sessionPid).toBeNull();
  process.kill(h.pid, 'SIGINT');
  expect(await triggerLogged(h, 'sigint')).toMatchObject({ action: 'cancel', session: false });
  expect(h.exitStatus()).toBeUndefined();
  // the press interval is the subject of this test, not a wait for a condition
  await new Promise((resolve) => setTimeout(resolve, PAST_DEBOUNCE_MS));
  process.kill(h.pid, 'SIGINT');
  expect(await h.exited).toEqual({ code: 130, signal: null });
});

test('a shell that cannot start: the page says why, signals still count, closing exits 1', async ({ page }) => {
  harness = await startHarness({ command: ['/nonexistent/ripcord-e2e-shell', '-i'] });
  const h = harness;
  await page.goto(`${h.url}&renderer=dom`);
  await expect(page.getByRole('alertdialog', { name: 'The session could not start' })).toContainText('/nonexistent/ripcord-e2e-shell');
  expect(
    await waitFor('the start failure in the log', WAIT_MS, async () =>
      (await harnessLog(h)).find((e) => e.name === 'session.start-failed'),
    ),
  ).toBeDefined();
  // a single SIGINT after the failure is still a press, not an exit
  process.kill(h.pid, 'SIGINT');
  expect(await triggerLogged(h, 'sigint')).toMatchObject({ action: 'cancel', session: false });
  expect(h.exitStatus()).toBeUndefined();
  await page.close();
  expect(await h.exited).toEqual({ code: 1, signal: null });
});

test.describe('the exit code of each trigger with a running session', () => {
  test('Ctrl+C twice: 130', async ({ page }) => {
    harness = await startHarness({ config: { doublePressWindowMs: LONG_INTERVAL_MS } });
    await openTerminal(page, harness);
    await waitForPrompt(page);
    await pressCtrlC(harness);
    await triggerLogged(harness, 'ctrl-c');
    await page.waitForTimeout(PAST_DEBOUNCE_MS);
    await pressCtrlC(harness);
    expect(await harness.exited).toEqual({ code: 130, signal: null });
  });

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    test(`${signal}: ${code}`, async ({ page }) => {
      harness = await startHarness();
      await openTerminal(page, harness);
      await waitForPrompt(page);
      process.kill(harness.pid, signal);
      expect(await harness.exited).toEqual({ code, signal: null });
    });
  }

  test('window close (the page goes away): 0', async ({ page }) => {
    harness = await startHarness();
    await openTerminal(page, harness);
    await waitForPrompt(page);
    await page.close();
    expect(await harness.exited).toEqual({ code: 0, signal: null });
  });

  test('an exit command: 0', async ({ page }) => {
    harness = await startHarness();
    await openTerminal(page, harness);
    await waitForPrompt(page);
    await run(page, 'quit');
    expect(await harness.exited).toEqual({ code: 0, signal: null });
  });

  test('the session ending by itself: its own code', async ({ page }) => {
    harness = await startHarness();
    await openTerminal(page, harness);
    await waitForPrompt(page);
    await run(page, 'exit 7');
    expect(await harness.exited).toEqual({ code: 7, signal: null });
  });
});

test('under an unthrottled DSR/DA flood that ignores SIGINT, answered by the page, a double Ctrl+C exits 130 (issue #28)', async ({
  page,
}) => {
  const flood = ['python3', path.resolve(__dirname, '..', 'terminal', 'fixtures', 'query-flood.py'), 'ignore-int'];
  harness = await startHarness({ command: flood, config: { doublePressWindowMs: LONG_INTERVAL_MS } });
  await openTerminal(page, harness);
  // the program's terminal echoes the page's replies: they went through the session's input and its bound
  await waitForRow(page, /\^\[\[\d+;\d+R/);
  // Each press waits for the host's decision on it, never for a time: a press inside the debounce
  // is ignored and one past the window starts a new pair, as for a user, so the keys go on until
  // a press is the pair's second. Under the flood a key may reach the host late; the outcome is
  // the same, only the number of presses differs.
  const h = harness;
  const decisions: string[] = [];
  for (let press = 1; press <= MAX_PRESSES && !decisions.includes('exit'); press++) {
    await pressCtrlC(h);
    decisions.push(
      await waitFor(`the decision on press ${press}`, WAIT_MS, async () => {
        // an exit ends the harness, and its log with it: the exit status says the rest
        if (h.exitStatus() !== undefined) return 'exit';
        const made = (await harnessLog(h).catch(() => [])).filter((e) => e.name === 'trigger' && e.kind === 'ctrl-c');
        return made.length >= press ? String(made[press - 1]?.action) : undefined;
      }),
    );
  }
  console.log(`[lifecycle] DSR flood: the presses' decisions: ${decisions.join(', ')}`);
  expect(decisions[0]).toBe('cancel');
  expect(await h.exited).toEqual({ code: 130, signal: null });
});
