// Every other way out of `ripcord run` (DESIGN §3): exit commands (only at the program's own
// prompt), signals to ripcord, and the program ending by itself.
import { descendantsNamed } from './processes';
import { BASH, expect, test } from './ripcord';
import { sleep, waitUntil } from './tmux';

for (const command of ['/exit', 'exit']) {
  test(`${command} at the bash prompt exits 0`, async ({ term }) => {
    const pane = await term.ripcord(BASH);
    await pane.waitForPrompt();

    await pane.typeLine(command);

    expect(await pane.waitForExit()).toBe(0);
  });
}

for (const command of ['/exit', 'exit']) {
  test(`${command} exits 0 when the root execs into bash (env PS1='$ ' bash --norc -i), not with bash's last status`, async ({ term }) => {
    const pane = await term.ripcord(['env', 'PS1=$ ', 'bash', '--norc', '-i']);
    await pane.waitForPrompt();
    await pane.typeLine('echo r""an; false');
    await pane.waitForScreen('false to have run', (screen) => screen.split('\n').includes('ran') && screen.trimEnd().endsWith('$'));

    await pane.typeLine(command);

    expect(await pane.waitForExit()).toBe(0);
  });
}

test('/exit typed as a search inside less goes to less, and ripcord keeps running', async ({ term }) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  await pane.typeLine('seq 1 500 | less');
  await pane.waitForScreen('less to show the numbers', (screen) => screen.split('\n')[0] === '1');
  expect(await pane.display('#{alternate_on}')).toBe('1');

  await pane.typeLine('/exit');

  await pane.waitForScreen('less to report the search', (screen) => screen.includes('Pattern not found'));
  expect(await pane.exit()).toBeUndefined();
  await pane.keys('Enter', 'q');
  await pane.waitForPrompt();
  expect(await pane.exit()).toBeUndefined();
});

test('quit typed into cat is echoed by cat, and ripcord keeps running', async ({ term }) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  await pane.typeLine('cat');
  const ripcordPid = await pane.pid();
  await waitUntil('cat to run', async () => ((await descendantsNamed(ripcordPid, 'cat')).length === 1 ? true : undefined));

  await pane.typeLine('quit');

  // the terminal's echo of the typed line, then cat's copy of it
  await pane.waitForScreen('cat to echo the line', (screen) => screen.includes('$ cat\nquit\nquit'));
  expect(await pane.exit()).toBeUndefined();
  await pane.keys('C-d');
  await pane.waitForPrompt();
  expect(await pane.exit()).toBeUndefined();
});

for (const [signal, status] of [
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const) {
  test(`${signal} to ripcord exits ${status}`, async ({ term }) => {
    const pane = await term.ripcord(BASH);
    await pane.waitForPrompt();

    process.kill(await pane.pid(), signal);

    expect(await pane.waitForExit()).toBe(status);
  });
}

test('SIGINT to ripcord is a Ctrl+C: the first cancels, a second in the window exits 130', async ({ term }) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  await pane.typeLine('sleep 1000');
  const ripcordPid = await pane.pid();
  await waitUntil('sleep to run', async () => ((await descendantsNamed(ripcordPid, 'sleep')).length === 1 ? true : undefined));

  const start = Date.now();
  process.kill(ripcordPid, 'SIGINT');
  await pane.waitForScreen('the cancel to reach bash', (screen) => screen.endsWith('^C\n$'));
  expect(await pane.exit()).toBeUndefined();
  await sleep(Math.max(0, start + 300 - Date.now()));
  process.kill(ripcordPid, 'SIGINT');

  expect(await pane.waitForExit()).toBe(130);
});

for (const [script, status] of [
  ['exit 7', 7],
  ['kill -9 $$', 137],
] as const) {
  test(`the program ending by itself (sh -c '${script}') exits ${status}`, async ({ term }) => {
    const pane = await term.ripcord(['sh', '-c', script]);

    expect(await pane.waitForExit()).toBe(status);
  });
}
