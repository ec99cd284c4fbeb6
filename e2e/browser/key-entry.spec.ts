// The harness takes the desktop's key path (DESIGN §1, §3): a Ctrl+C comes from outside the page
// to the harness's main first (POST /key, the before-input-event stand-in), and a key typed into
// the page waits there for main's verdict before any of the page sees it, through the key
// entry the desktop runs (main/desktop/key-entry.ts, which logs every press as `key.ctrl-c`),
// so it works while the page is hung. Input data is data: a "\x03" sent through the page's
// window.ripcord.input is a byte for the program, never a press. A harness that routed a press
// around the key entry (through the input, as xterm would send it) fails these tests.
import { expect, test } from '@playwright/test';
import {
  type Harness,
  harnessLog,
  harnessPerTest,
  openTerminal,
  PAST_DEBOUNCE_MS,
  pressCtrlC,
  processWithCommand,
  run,
  screen,
  waitFor,
  waitForPrompt,
} from './harness-fixture';

/** The longest window the settings allow, so the second press of a pair falls inside it on a loaded machine. */
const LONG_INTERVAL_MS = 5_000;
/**
 * How long the page is watched for running anything while main is stopped: it never may, so a
 * longer or shorter watch changes nothing on a right harness (on one that lets the page handle
 * keys alone, the page answers within it).
 */
const WATCH_STOPPED_MAIN_MS = 1_000;
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
  const h = await harnesses.start({ config: { doublePressWindowMs: LONG_INTERVAL_MS } });
  await openTerminal(page, h);
  await waitForPrompt(page);
  await pressCtrlC(h);
  expect(await triggers(h)).toMatchObject([{ kind: 'ctrl-c', action: 'cancel' }]);
  expect(await logged(h, 'key.ctrl-c')).toHaveLength(1);
  await expect(page.locator('.ripcord-hint')).toBeVisible();
  // the press interval is the subject of this test, not a wait for a condition
  await page.waitForTimeout(PAST_DEBOUNCE_MS);
  await pressCtrlC(h);
  expect(await h.exited).toEqual({ code: 130, signal: null });
  expect((await logged(h, 'trigger')).map((e) => e.action)).toEqual(['cancel', 'exit']);
  expect(await logged(h, 'key.ctrl-c')).toHaveLength(2);
});

test("keys reach main before the page: a double Ctrl+C exits 130 while the page's thread is stuck in a busy loop", async ({ page }) => {
  const h = await harnesses.start({ config: { doublePressWindowMs: LONG_INTERVAL_MS } });
  await openTerminal(page, h);
  await waitForPrompt(page);
  // the page's one thread spins from its next task on: it handles no event, no message, no key
  await page.evaluate(() => {
    setTimeout(() => {
      for (;;);
    }, 0);
  });
  await pressCtrlC(h);
  expect(await triggers(h)).toMatchObject([{ kind: 'ctrl-c', action: 'cancel' }]);
  // the press interval is the subject of this test, not a wait for a condition
  await new Promise((resolve) => setTimeout(resolve, PAST_DEBOUNCE_MS));
  await pressCtrlC(h);
  expect(await h.exited).toEqual({ code: 130, signal: null });
  expect(await logged(h, 'key.ctrl-c')).toHaveLength(2);
});

test("a key typed into the page waits for main's verdict, as before-input-event: while main is stopped the page runs nothing", async ({
  page,
}) => {
  const h = await harnesses.start({ config: { doublePressWindowMs: LONG_INTERVAL_MS } });
  await openTerminal(page, h);
  await waitForPrompt(page);
  process.kill(h.pid, 'SIGSTOP');
  let typed: Promise<void> | undefined;
  try {
    typed = page.keyboard.press('Control+c');
    // from the key's handler on, the page's thread waits in its question to main and runs nothing
    // else, not even a script. The key and a script reach the page on different channels, so a
    // script may still run before the key arrives: it is asked again until one goes unanswered.
    // A page that handles keys without main answers every time, until WAIT_MS.
    await waitFor('the page to stop running anything', WAIT_MS, async () => {
      const pageRan = page.evaluate(() => 'the page ran');
      const watched = new Promise<string>((resolve) => setTimeout(() => resolve('the page waits for main'), WATCH_STOPPED_MAIN_MS));
      return (await Promise.race([pageRan, watched])) === 'the page waits for main' ? true : undefined;
    });
  } finally {
    process.kill(h.pid, 'SIGCONT');
  }
  await typed;
  // main took it as a press, and the page never had it: no "^C" typed by xterm at the prompt
  expect(await triggers(h)).toMatchObject([{ kind: 'ctrl-c', action: 'cancel' }]);
  expect(await logged(h, 'key.ctrl-c')).toHaveLength(1);
  await page.keyboard.type('echo typed-after');
  await waitFor('the typed line on screen', WAIT_MS, async () =>
    (await screen(page)).some((row) => row.endsWith('echo typed-after')) ? true : undefined,
  );
});

test('text typed between two Ctrl+C presses reaches main between them: it ends the double press, and the second press cancels again', async ({
  page,
}) => {
  const h = await harnesses.start({ config: { doublePressWindowMs: LONG_INTERVAL_MS } });
  await openTerminal(page, h);
  await waitForPrompt(page);
  await page.keyboard.press('Control+c');
  expect(await triggers(h)).toMatchObject([{ kind: 'ctrl-c', action: 'cancel' }]);
  // the press interval is the subject of this test, not a wait for a condition
  await page.waitForTimeout(PAST_DEBOUNCE_MS);
  // typed text goes to main on the page's socket, the next press is asked about over HTTP: main
  // takes the press only after the text typed before it
  await page.keyboard.type('x');
  await page.keyboard.press('Control+c');
  await waitFor('the second press', WAIT_MS, async () => ((await logged(h, 'trigger')).length === 2 ? true : undefined));
  expect((await logged(h, 'trigger')).map((e) => e.action)).toEqual(['cancel', 'cancel']);
  expect(h.exitStatus()).toBeUndefined();
});

test('"\\x03" sent as input data is a byte for the program, not a press', async ({ page }) => {
  const h = await harnesses.start({ config: { doublePressWindowMs: LONG_INTERVAL_MS } });
  await openTerminal(page, h);
  await waitForPrompt(page);
  // without ISIG the line discipline passes ETX on as data, and `cat -v` shows it as "^C"
  await run(page, 'stty -isig; cat -v');
  await waitFor('cat to run', WAIT_MS, () => processWithCommand(h.marker, 'cat -v'));
  await page.evaluate(() => window.ripcord.input('1', '\x03'));
  await page.evaluate(() => window.ripcord.input('1', '-as-data\r'));
  // the terminal's echo of the line and cat's copy of it: the byte reached the program
  await waitFor('cat to print the line', WAIT_MS, async () =>
    (await screen(page)).filter((row) => row === '^C-as-data').length >= 2 ? true : undefined,
  );
  expect(await logged(h, 'key.ctrl-c')).toEqual([]);
  expect(await logged(h, 'trigger')).toEqual([]);
  await expect(page.locator('.ripcord-hint')).toBeHidden();
  // The keyboard's Ctrl+C after it is the first press (a second one would have exited): the
  // key entry takes it, and the cancel it sends the program is a byte for cat too.
  await pressCtrlC(h);
  expect(await triggers(h)).toMatchObject([{ kind: 'ctrl-c', action: 'cancel' }]);
  expect(await logged(h, 'key.ctrl-c')).toHaveLength(1);
  expect(h.exitStatus()).toBeUndefined();
});
