// `ripcord run` under tmux with shell integration: exit commands come from the root shell's own
// hook (docs/exit-commands.md), a line-reading root keeps its lines, and a double press is two
// presses in a row — also when the outer terminal reports kitty key events between them.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BASH, expect, test } from './ripcord';
import { descendantsNamed } from './processes';
import { sleep, type TmuxPane, waitUntil } from './tmux';

/** Past the 200 ms debounce and inside the 1 s interval: a deliberate double press. */
const DOUBLE_PRESS_GAP_MS = 300;

/** A settings file (where the fixture points RIPCORD_CONFIG) giving the session a home of its own. */
async function homeWith(testInfo: import('@playwright/test').TestInfo, files: Record<string, string>): Promise<string> {
  const home = testInfo.outputPath('home');
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(home, name)), { recursive: true });
    await writeFile(path.join(home, name), content);
  }
  await writeFile(
    testInfo.outputPath('no-config.json'),
    JSON.stringify({ env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') } }),
  );
  return home;
}

/** Raw bytes as the outer terminal would send them (send-keys -H: no key-name parsing). */
async function sendRaw(pane: TmuxPane, text: string): Promise<void> {
  await pane.tmux('send-keys', '-t', '0', '-H', ...[...Buffer.from(text)].map((b) => b.toString(16)));
}

test('`/exit` after Ctrl+L at an integrated bash prompt exits 0', async ({ term }, testInfo) => {
  await homeWith(testInfo, { '.bashrc': "PS1='$ '\n" });
  const pane = await term.ripcord(['bash']);
  await pane.waitForPrompt();
  await pane.keys('C-l');
  await pane.waitForPrompt();

  await pane.typeLine('/exit');

  expect(await pane.waitForExit()).toBe(0);
});

test('`/exit` after Up and Down in the history of an integrated zsh exits 0', async ({ term }, testInfo) => {
  await homeWith(testInfo, { '.zshrc': "PS1='$ '\n" });
  const pane = await term.ripcord(['zsh']);
  await pane.waitForPrompt();
  await pane.typeLine('echo one');
  await pane.waitForScreen('the echo', (screen) => screen.split('\n').includes('one'));
  await pane.keys('Up');
  await pane.keys('Down');

  await pane.typeLine('/exit');

  expect(await pane.waitForExit()).toBe(0);
});

test("`sh -c 'cat > notes'` keeps exit, quit and /exit as lines", async ({ term }, testInfo) => {
  const notes = testInfo.outputPath('notes');
  const pane = await term.ripcord(['sh', '-c', `cat > '${notes}'`]);
  // typed only once cat runs: earlier keys would meet the outer terminal before ripcord's raw mode
  const ripcordPid = await pane.pid();
  await waitUntil('cat to run', async () => ((await descendantsNamed(ripcordPid, 'cat')).length === 1 ? true : undefined));
  for (const line of ['first line', 'exit', 'quit', '/exit']) await pane.typeLine(line);
  await pane.waitForScreen('the last line echoed', (screen) => screen.includes('/exit'));
  expect(await pane.exit()).toBeUndefined();
  await sendRaw(pane, '\x04');

  expect(await pane.waitForExit()).toBe(0);
  expect(await readFile(notes, 'utf8')).toBe('first line\nexit\nquit\n/exit\n');
});

test('Ctrl+C, `ls` typed, Ctrl+C: two cancels, ripcord keeps running', async ({ term }) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();

  await pane.timedKeys([
    { afterMs: 0, keys: 'C-c' },
    { afterMs: 100, keys: '-l ls' },
    { afterMs: 100, keys: 'C-c' },
  ]);

  await pane.waitForScreen('two cancels', (screen) => screen.split('^C').length - 1 >= 2);
  await sleep(DOUBLE_PRESS_GAP_MS * 4); // past the window: a press now would be a first one anyway
  expect(await pane.exit()).toBeUndefined();
  await pane.typeLine('echo alive');
  await pane.waitForScreen('the shell to answer', (screen) => screen.split('\n').includes('alive'));
});

test('Ctrl+C Ctrl+C with kitty key releases and modifier events between them exits 130', async ({ term }) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  await pane.typeLine("printf '\\033[>31u'");
  await pane.waitForPrompt();

  await pane.keys('C-c');
  // C released, Ctrl released, Ctrl pressed alone: kitty reports with all flags on
  await sendRaw(pane, '\x1b[99;5:3u\x1b[57442;1:3u\x1b[57442;5u');
  await sleep(DOUBLE_PRESS_GAP_MS);
  await sendRaw(pane, '\x1b[99;5u');

  expect(await pane.waitForExit()).toBe(130);
});
