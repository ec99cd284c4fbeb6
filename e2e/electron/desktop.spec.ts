// The desktop app end to end, in real Electron: keys through before-input-event and the preload,
// the session on a real pty, panes, the exit path by every trigger, the reaper. The app runs with
// its sandbox on, as the tests' user when the run is root's (app-user.ts). Skipped — with the
// reason in the report — where no Electron binary exists (ELECTRON_SKIP_BINARY_DOWNLOAD installs).
import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { type AppSettings, findElectron, launchDesktopApp, NONE_LEFT_WITHIN_MS, type RunningApp, until, WAIT_MS } from './desktop-app';
import { appUser, type AppUser } from './app-user';

/** Past the default debounce (200 ms): the second press of a pair is not folded into the first. */
const PAST_DEBOUNCE_MS = 300;
const run = promisify(execFile);
/** xdotool presses keys on the X display the way a keyboard does, through its grabs */
const xdotool = ['/usr/bin/xdotool', '/usr/local/bin/xdotool'].find((file) => existsSync(file));

const electron = findElectron();
// The list reporter shows a skip without its reason: say it once, on the run's output.
if (!electron.ok) console.log(`e2e/electron: ${electron.error}`);

/** The session processes may take the staged kill to go; then none may be left. */
async function expectNoSessionProcessLeft(running: RunningApp): Promise<void> {
  await until(
    async () => (await running.sessionProcesses()).length === 0 || undefined,
    'the session processes to go',
    NONE_LEFT_WITHIN_MS + WAIT_MS,
  );
  expect(await running.sessionProcesses()).toEqual([]);
}

/** Until the app's log has an entry that matches. */
async function untilLogged(running: RunningApp, match: (entry: Record<string, unknown>) => boolean, what: string): Promise<void> {
  await until(async () => ((await running.logEntries()).some(match) ? true : undefined), what);
}

/** A process of the session running `comm` (after typing a command). */
async function sessionRuns(running: RunningApp, comm: string): Promise<void> {
  await until(async () => {
    for (const pid of await running.sessionProcesses()) {
      const name = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
      if (name.trim() === comm) return true;
    }
    return undefined;
  }, `${comm} to run in the session`);
}

test.describe('desktop app (real Electron)', () => {
  test.skip(!electron.ok, electron.ok ? '' : electron.error);

  let launched: RunningApp | undefined;
  let runner: AppUser | undefined;
  /** the app of the running test (launched by beforeEach) */
  const app = (): RunningApp => {
    if (!launched) throw new Error('the app did not launch');
    return launched;
  };
  /** launches the app with settings of the test's own, instead of the one beforeEach launched */
  const relaunch = async (settings: AppSettings): Promise<RunningApp> => {
    await launched?.dispose();
    launched = runner ? await launchDesktopApp(runner, settings) : undefined;
    return app();
  };
  test.beforeEach(async () => {
    if (!electron.ok) return;
    const made = await appUser(electron.value);
    if (typeof made === 'string') console.log(`e2e/electron: ${made}`);
    test.skip(typeof made === 'string', typeof made === 'string' ? made : '');
    runner = made as AppUser;
    launched = await launchDesktopApp(runner);
  });
  test.afterEach(async () => {
    await launched?.dispose();
    launched = undefined;
    await runner?.dispose();
    runner = undefined;
  });

  test('typing reaches the session', async () => {
    const running = app();
    const file = path.join(running.dir, 'typed.txt');
    await running.typeLine(`echo typed-$((6*7)) > ${file}`);
    await until(
      async () => ((await readFile(file, 'utf8').catch(() => '')).includes('typed-42') ? true : undefined),
      'the typed command to run',
    );
  });

  test('output reaches xterm', async () => {
    // screen-reader mode: xterm keeps its rows as text in the page, where the spec can read them
    const running = await relaunch({ screenReaderMode: true });
    await running.typeLine('echo shown-$((6*7))');
    await until(
      async () => ((await running.window.locator('.xterm-accessibility-tree').innerText()).includes('shown-42') ? true : undefined),
      'the output in xterm',
    );
  });

  test("a double Ctrl+C while the page's thread spins in a busy loop exits 130: keys reach main first", async () => {
    const running = app();
    await running.window.evaluate(() => {
      setTimeout(() => {
        for (;;);
      }, 0);
    });
    await running.keyFromMain('c', ['control']);
    await untilLogged(running, (e) => e.name === 'trigger' && e.action === 'cancel', 'the first press to cancel');
    // the press interval is the subject of this test, not a wait for a condition
    await delay(PAST_DEBOUNCE_MS);
    // the app may be gone before evaluate answers
    await running.keyFromMain('c', ['control']).catch(() => undefined);
    expect(await running.exited).toEqual({ code: 130, signal: null });
    await expectNoSessionProcessLeft(running);
  });

  test('SIGINT twice is a double press: 130, and no session process is left', async () => {
    const running = app();
    await running.typeLine('sleep 1000');
    await sessionRuns(running, 'sleep');
    running.app.process().kill('SIGINT');
    await untilLogged(running, (e) => e.name === 'trigger' && e.kind === 'sigint', 'the first SIGINT');
    await delay(PAST_DEBOUNCE_MS);
    running.app.process().kill('SIGINT');
    expect(await running.exited).toEqual({ code: 130, signal: null });
    await expectNoSessionProcessLeft(running);
  });

  test('double Ctrl+C: the first cancels, the second exits 130 and no session process is left', async () => {
    const running = app();
    await running.typeLine('sleep 1000');
    await sessionRuns(running, 'sleep');
    await running.window.keyboard.press('Control+c');
    // the cancel reached the job: sleep is gone, the shell is back in front
    await untilLogged(running, (e) => e.name === 'cancel.handled', 'the cancel to be handled');
    await running.window.keyboard.press('Control+c');
    expect(await running.exited).toEqual({ code: 130, signal: null });
    await expectNoSessionProcessLeft(running);
    const entries = await running.logEntries();
    const presses = entries.filter((e) => e.name === 'trigger' && e.kind === 'ctrl-c');
    expect(presses.map((e) => e.action)).toEqual(['cancel', 'exit']);
    // before-input-event is the desktop's only way in for a key press (DESIGN §3): both were caught there
    expect(entries.filter((e) => e.name === 'key.ctrl-c')).toHaveLength(2);
  });

  test('closing the window exits 0, no session process is left, and the session host said its last words: no control socket is left', async () => {
    const running = app();
    await running.typeLine('sleep 1000 & sleep 1000');
    await sessionRuns(running, 'sleep');
    await until(async () => ((await running.controlSockets()).length > 0 ? true : undefined), 'the session to publish its control socket');
    // the app is gone before evaluate can answer
    await running.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close()).catch(() => undefined);
    expect(await running.exited).toEqual({ code: 0, signal: null });
    await expectNoSessionProcessLeft(running);
    // main waited for the host's answer to its last message before app.exit (DESIGN §3 step 5)
    expect(await running.controlSockets()).toEqual([]);
  });

  test('/exit at the prompt exits 0', async () => {
    const running = app();
    await running.typeLine('/exit');
    expect(await running.exited).toEqual({ code: 0, signal: null });
    await expectNoSessionProcessLeft(running);
  });

  test('a double Ctrl+C in one of two panes closes that pane; the app and the other pane go on', async () => {
    // a long window: the first press's cancel is awaited before the second, on a loaded machine
    const running = await relaunch({ doublePressWindowMs: 5_000 });
    // a window key: before-input-event hands it to main, which splits (the new pane has the keys)
    await running.window.keyboard.press('Alt+Shift+Minus');
    await untilLogged(running, (e) => e.name === 'pane.opened' && e.panes === 2, 'the split');
    await running.typeLine('sleep 1000');
    await sessionRuns(running, 'sleep');
    await running.window.keyboard.press('Control+c');
    await untilLogged(running, (e) => e.name === 'cancel.handled', 'the cancel to be handled');
    await delay(PAST_DEBOUNCE_MS);
    await running.window.keyboard.press('Control+c');
    await untilLogged(running, (e) => e.name === 'pane.closed' && e.panes === 1, 'the pane to close');
    // the other pane has the keys now, and its shell runs what is typed
    const file = path.join(running.dir, 'after-close.txt');
    await running.typeLine(`echo left-$((6*7)) > ${file}`);
    await until(
      async () => ((await readFile(file, 'utf8').catch(() => '')).includes('left-42') ? true : undefined),
      'the other pane to run a command',
    );
    expect(await Promise.race([running.exited, delay(0).then(() => 'running')])).toBe('running');
  });

  test('the global shortcut, pressed on the X display, exits 130 and no session process is left', async () => {
    const noKeys =
      xdotool === undefined
        ? 'skipped: no xdotool to press a key on the X display (apt-get install xdotool)'
        : process.env.WAYLAND_DISPLAY
          ? 'skipped: the shortcut is pressed on an X display (xvfb-run), not Wayland'
          : undefined;
    if (noKeys) console.log(`e2e/electron: ${noKeys}`);
    test.skip(noKeys !== undefined, noKeys ?? '');
    const running = await relaunch({ globalShortcut: 'CommandOrControl+Alt+Q' });
    await running.typeLine('sleep 1000');
    await sessionRuns(running, 'sleep');
    // XTest key events pass the X server's grab, which Electron's globalShortcut holds
    await run(xdotool as string, ['key', '--clearmodifiers', 'ctrl+alt+q']);
    expect(await running.exited).toEqual({ code: 130, signal: null });
    await expectNoSessionProcessLeft(running);
  });

  // not the 0 of a plain quit: 128 + the signal's number
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    test(`${signal} to the app exits ${code} and no session process is left`, async () => {
      const running = app();
      await running.typeLine('sleep 1000');
      await sessionRuns(running, 'sleep');
      running.app.process().kill(signal);
      expect(await running.exited).toEqual({ code, signal: null });
      await expectNoSessionProcessLeft(running);
    });
  }
});
