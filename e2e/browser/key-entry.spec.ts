// The harness takes the desktop's key path (DESIGN §1, §3): a key press reaches the session only
// through the key entry that before-input-event feeds in the desktop (main/session/key-entry.ts),
// which logs every Ctrl+C press as `key.ctrl-c`. Input data is data: a "\x03" sent through the
// page's window.ripcord.input is a byte for the program, never a press. A harness that routed a
// press around the key entry (through the input, as xterm would send it) fails both tests.
import { expect, test } from '@playwright/test';
import { commandLine, type Harness, harnessLog, harnessPerTest, openTerminal, PAST_DEBOUNCE_MS, run, screen, sessionProcesses, waitFor, waitForPrompt } from './harness-fixture';

/** The longest window the settings allow, so the second press of a pair falls inside it on a loaded machine. */
const LONG_WINDOW_MS = 5_000;
/** Bound on a log line or a screen row appearing; never asserted as a timing. */
const WAIT_MS = 15_000;

const harnesses = harnessPerTest();

async function logged(h: Harness, name: string): Promise<Array<Record<string, unknown>>> {
  return (await harnessLog(h)).filter((e) => e.name === name);
}

/** The log's triggers, once there is one. */
function triggers(h: Harness): Promise<Array<Record<string, unknown>>> {
  return waitFor('a trigger in the log', WAIT_MS, async () => {
    const found = await logged(h, 'trigger');
    return found.length > 0 ? found : undefined;
  });
}

test('a Ctrl+C from the keyboard goes through the key entry: logged, the hint shows, a second press exits 130', async ({ page }) => {
  const h = await harnesses.start({ config: { doublePressWindowMs: LONG_WINDOW_MS } });
  await openTerminal(page, h);
  await waitForPrompt(page);
  await page.keyboard.press('Control+c');
  expect(await triggers(h)).toMatchObject([{ kind: 'ctrl-c', action: 'cancel' }]);
  expect(await logged(h, 'key.ctrl-c')).toHaveLength(1);
  await expect(page.locator('.ripcord-hint')).toBeVisible();
  // the press interval is the subject of this test, not a wait for a condition
  await page.waitForTimeout(PAST_DEBOUNCE_MS);
  await page.keyboard.press('Control+c');
  expect(await h.exited).toEqual({ code: 130, signal: null });
  expect((await logged(h, 'trigger')).map((e) => e.action)).toEqual(['cancel', 'exit']);
  expect(await logged(h, 'key.ctrl-c')).toHaveLength(2);
});

test('"\\x03" sent as input data is a byte for the program, not a press', async ({ page }) => {
  const h = await harnesses.start({ config: { doublePressWindowMs: LONG_WINDOW_MS } });
  await openTerminal(page, h);
  await waitForPrompt(page);
  // without ISIG the line discipline passes ETX on as data, and `cat -v` shows it as "^C"
  await run(page, 'stty -isig; cat -v');
  await waitFor('cat to run', WAIT_MS, async () => {
    for (const pid of await sessionProcesses(h.marker)) if ((await commandLine(pid)) === 'cat -v') return true;
    return undefined;
  });
  await page.evaluate(() => window.ripcord.input('1', '\x03'));
  await page.evaluate(() => window.ripcord.input('1', '-as-data\r'));
  // the terminal's echo of the line and cat's copy of it: the byte reached the program
  await waitFor('cat to print the line', WAIT_MS, async () => ((await screen(page)).filter((row) => row === '^C-as-data').length >= 2 ? true : undefined));
  expect(await logged(h, 'key.ctrl-c')).toEqual([]);
  expect(await logged(h, 'trigger')).toEqual([]);
  await expect(page.locator('.ripcord-hint')).toBeHidden();
  // The keyboard's Ctrl+C after it is the first press (a second one would have exited): the
  // key entry takes it, and the cancel it sends the program is a byte for cat too.
  await page.keyboard.press('Control+c');
  expect(await triggers(h)).toMatchObject([{ kind: 'ctrl-c', action: 'cancel' }]);
  expect(await logged(h, 'key.ctrl-c')).toHaveLength(1);
  expect(h.exitStatus()).toBeUndefined();
});
