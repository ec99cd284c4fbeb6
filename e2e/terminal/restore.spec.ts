// The outer terminal after `ripcord run` (DESIGN §5) and the hint (DESIGN §3): whatever the
// child left on, the terminal the user gets back is sane, and the hint never touches the screen.
import { writeFile } from 'node:fs/promises';
import { BASH, expect, test } from './ripcord';
import { waitUntil } from './tmux';

// alternate screen, mouse, cursor shown, application cursor keys (DECCKM), application keypad
// (DECKPAM), insert mode (IRM)
const MODES = '#{alternate_on} #{mouse_any_flag} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag} #{insert_flag}';
const SANE_MODES = '0 0 1 0 0 0';

test('a child cut off by a double Ctrl+C with alternate screen, mouse, paste mode, keypad transmit, insert mode on and cursor hidden leaves the terminal sane', async ({
  term,
}) => {
  // The text without a line end is where the cursor returns when the alternate screen goes.
  // \033[?1h\033= is terminfo's smkx, which less, vim and htop send (arrows as ESC O A).
  const child = `trap '' INT; printf 'no line end'; printf '\\033[?1049h\\033[?1h\\033=\\033[4h\\033[?1000h\\033[?2004h\\033[?25l'; echo modes-on; exec sleep 1000`;
  const pane = await term.ripcordThenInspect(['sh', '-c', child]);
  await pane.waitForScreen('the child to turn its modes on', (screen) => screen.includes('modes-on'));
  await waitUntil('the modes to be on', async () => ((await pane.display(MODES)) === '1 1 0 1 1 1' ? true : undefined));

  await pane.keysApart('C-c', 300, 'C-c');

  const screen = await pane.waitForScreen('ripcord to exit', (text) => text.includes('ripcord exited'));
  expect(screen.split('\n')).toEqual(expect.arrayContaining(['no line end', 'tty-unchanged', 'ripcord exited 130']));
  expect(await pane.display(MODES)).toBe(SANE_MODES);
  // Bracketed paste off: a paste reaches cat -v without the \e[200~ \e[201~ brackets.
  await pane.tmux('set-buffer', 'pasted-text', ';', 'paste-buffer', '-p', '-t', '0');
  await pane.keys('Enter');
  await pane.waitForScreen('cat to show the paste', (text) => text.split('\n').filter((line) => line === 'pasted-text').length === 2);
});

test('a child cut off with xterm modifyOtherKeys on leaves the keys as they were', async ({ term }) => {
  // vim asks for modifyOtherKeys (CSI > 4 ; 2 m). Left on, xterm sends even Ctrl+C as
  // CSI 27;5;99~ and the parent shell could no longer be interrupted. tmux follows the mode with
  // extended-keys on; then Ctrl+Tab reaches a program as CSI 9;5u, and without the mode not at all.
  const child = `trap '' INT; read -r _; printf '\\033[>4;2m'; echo mok-on; exec cat -v`;
  const pane = await term.ripcordThenInspect(['sh', '-c', child]);
  await pane.tmux('set-option', '-s', 'extended-keys', 'on');
  await pane.typeLine('go');
  await pane.waitForScreen('the child to turn modifyOtherKeys on', (screen) => screen.includes('mok-on'));
  await pane.keys('x', 'C-Tab', 'y', 'Enter');
  await pane.waitForScreen('the child to get Ctrl+Tab as CSI u', (screen) => screen.includes('x^[[9;5uy'));

  await pane.keysApart('C-c', 300, 'C-c');

  await pane.waitForScreen('ripcord to exit', (text) => text.includes('ripcord exited 130'));
  await pane.keys('x', 'C-Tab', 'y', 'Enter');
  // the tty's echo and cat's line: with the mode left on both would read x^[[9;5uy
  await pane.waitForScreen('cat -v to echo the line', (text) => text.split('\n').filter((line) => line === 'xy').length === 2);
});

test('a program that does not exist: a clear error, a non-zero exit, the terminal untouched', async ({ term }) => {
  const pane = await term.ripcordThenInspect(['/no/such/program']);

  const screen = await pane.waitForScreen('ripcord to exit', (text) => text.includes('ripcord exited'));
  expect(screen).toContain('ripcord: cannot start "/no/such/program": no such file or directory');
  expect(screen.split('\n')).toEqual(expect.arrayContaining(['tty-unchanged', 'ripcord exited 127']));
  expect(await pane.display(MODES)).toBe(SANE_MODES);
});

test('the hint shows in the window title for the double-press interval, naming what a second press ends, then the title is restored', async ({
  term,
}) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  const title = await pane.display('#{pane_title}');
  expect(title).not.toContain('Ctrl+C again');

  await pane.keys('C-c');

  await waitUntil('the hint title', async () =>
    (await pane.display('#{pane_title}')) === 'Ctrl+C again quits ripcord — bash ends too' ? true : undefined,
  );
  await waitUntil('the title back', async () => ((await pane.display('#{pane_title}')) === title ? true : undefined));
  expect(await pane.lines()).toEqual(['$ ^C', '$']);
  expect(await pane.exit()).toBeUndefined();
});

test('after one Ctrl+C in node, the title names node and the shell that end with a second press', async ({ term }) => {
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  // node's REPL lives through one Ctrl+C ("press Ctrl+C again to exit"): it still holds the terminal
  await pane.typeLine(`${process.execPath} -i`);
  await pane.waitForScreen('the REPL', (screen) => screen.split('\n').some((line) => line.startsWith('>')));

  await pane.keys('C-c');

  await waitUntil('the hint naming node', async () =>
    (await pane.display('#{pane_title}')) === 'Ctrl+C again quits ripcord — node and 1 other process end too' ? true : undefined,
  );
  expect(await pane.exit()).toBeUndefined();
});

test('with stdin piped, input still reaches the program and its end is an end of file', async ({ term }, testInfo) => {
  const input = testInfo.outputPath('input.txt');
  await writeFile(input, 'piped-line\n');
  // cat keeps the pty in its first (canonical) mode, where ^D is the end of file.
  const pane = await term.ripcordThenInspect(['sh', '-c', 'cat; echo cat-saw-the-end'], { stdin: input });

  const screen = await pane.waitForScreen('ripcord to exit', (text) => text.includes('ripcord exited'));
  expect(screen.split('\n')).toEqual(expect.arrayContaining(['piped-line', 'cat-saw-the-end', 'tty-unchanged', 'ripcord exited 0']));
});

test('a press that arrives in one read with the replies to queries the child keeps sending still counts', async ({ term }) => {
  // The child keeps asking the terminal for its attributes (DA1); tmux answers each at once.
  const child = `trap '' INT; echo asking; while :; do printf '\\033[c'; sleep 0.005; done`;
  const pane = await term.ripcordThenInspect(['sh', '-c', child]);
  await pane.waitForScreen('the child to ask', (screen) => screen.includes('asking'));

  await pane.keysApart('C-c', 300, 'C-c');

  await pane.waitForScreen('ripcord to exit', (text) => text.includes('ripcord exited 130'));
  await pane.typeLine('typed-after');
  // cat -v echoes the line it got: a reply left in the tty's input queue would precede it.
  const screen = await pane.waitForScreen('cat to echo the line', (text) => text.includes('typed-after'));
  expect(screen.split('\n').filter((line) => line.includes('typed-after'))).toEqual(['typed-after', 'typed-after']);
});

test('keys typed together with the quitting press are discarded, not left for the parent shell', async ({ term }) => {
  const pane = await term.ripcordThenInspect(['sh', '-c', `trap '' INT; echo waiting; exec sleep 1000`]);
  await pane.waitForScreen('the child to start', (screen) => screen.includes('waiting'));

  // The second press and the typed-ahead keys in one tmux command: they reach the terminal
  // together, so the keys are there while ripcord runs its exit path.
  await pane.timedKeys([
    { afterMs: 0, keys: 'C-c' },
    { afterMs: 300, keys: 'C-c ; send-keys -t 0 -l typed-ahead' },
  ]);

  await pane.waitForScreen('ripcord to exit', (text) => text.includes('ripcord exited 130'));
  await pane.typeLine('typed-after');
  const screen = await pane.waitForScreen('cat to echo the line', (text) => text.includes('typed-after'));
  expect(screen.split('\n').filter((line) => line.includes('typed-after'))).toEqual(['typed-after', 'typed-after']);
});
