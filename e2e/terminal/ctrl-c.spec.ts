// Ctrl+C in `ripcord run` (DESIGN §2, §3): the first press cancels, a second one in the window
// quits with 130 — debounced while a cancel is pending, at once when it was handled.
import path from 'node:path';
import { descendantsNamed, MARKER_VARIABLE, processesWithMarker, newMarker } from './processes';
import { BASH, expect, FIXTURES, KILL_GRACE_MS, test } from './ripcord';
import { lastLine, sleep, waitUntil } from './tmux';

/** Real time after the first press at which later presses are sent (inputs, not assertions). */
async function pressAt(start: number, offsetMs: number, press: () => Promise<void>): Promise<void> {
  await sleep(Math.max(0, start + offsetMs - Date.now()));
  await press();
}

test('one Ctrl+C interrupts sleep in bash; the prompt returns and the shell still works', async ({ term }) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  await pane.typeLine('sleep 1000');
  const ripcordPid = await pane.pid();
  await waitUntil('sleep to run', async () => ((await descendantsNamed(ripcordPid, 'sleep')).length === 1 ? true : undefined));

  await pane.keys('C-c');

  await pane.waitForPrompt();
  expect(await descendantsNamed(ripcordPid, 'sleep')).toEqual([]);
  await pane.typeLine('echo alive');
  await pane.waitForScreen('the output of echo', (screen) => screen.split('\n').includes('alive'));
  await pane.waitForPrompt();
  expect(await pane.exit()).toBeUndefined();
});

test('two Ctrl+C 300 ms apart exit 130 past a hostile job, and none of its processes outlives the grace', async ({ term }) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  const hostile = newMarker();
  await pane.typeLine(`${MARKER_VARIABLE}=${hostile} sh ${path.join(FIXTURES, 'hostile.sh')}`);
  await pane.waitForScreen('the hostile job', (screen) => screen.includes('hostile-ready'));
  // sh, two subshells, the setsid shell and four sleeps
  await waitUntil('all hostile processes', async () => ((await processesWithMarker(hostile)).length >= 8 ? true : undefined));

  await pane.keysApart('C-c', 300, 'C-c');

  expect(await pane.waitForExit()).toBe(130);
  const left = await waitUntil(
    'the hostile processes to be killed',
    async () => ((await processesWithMarker(hostile)).length === 0 ? [] : undefined),
    KILL_GRACE_MS + 2_000,
  ).catch(() => processesWithMarker(hostile));
  expect(left).toEqual([]);
});

test('while a job ignores SIGINT, presses 100 ms apart are debounced; a key typed after them ends the interval, so two more presses exit', async ({
  term,
}) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  await pane.typeLine(`sh -c 'trap "" INT; echo ignoring; exec sleep 1000'`);
  const ripcordPid = await pane.pid();
  await pane.waitForScreen('the job to start', (screen) => screen.split('\n').includes('ignoring'));
  await waitUntil('its sleep to run', async () => ((await descendantsNamed(ripcordPid, 'sleep')).length === 1 ? true : undefined));

  const start = Date.now();
  await pane.keysApart('C-c', 100, 'C-c');
  // The tty echoes a key typed after both presses only if ripcord is still passing input on.
  await pane.keys('x');
  await pane.waitForScreen('the echo of a key typed after two presses', (screen) => lastLine(screen).endsWith('x'));
  expect(await pane.exit()).toBeUndefined();
  // a double press is two presses in a row (docs/exit-commands.md): after the typed x this is a first press
  await pressAt(start, 300, () => pane.keys('C-c'));
  const third = Date.now();
  await pane.waitForScreen('the cancel after the typed key', (screen) => lastLine(screen).endsWith('x^C'));
  expect(await pane.exit()).toBeUndefined();
  await pressAt(third, 300, () => pane.keys('C-c'));

  expect(await pane.waitForExit()).toBe(130);
});

test('at an idle prompt a second Ctrl+C exits however fast it comes', async ({ term }) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();

  await pane.keys('C-c', 'C-c');

  expect(await pane.waitForExit()).toBe(130);
});
