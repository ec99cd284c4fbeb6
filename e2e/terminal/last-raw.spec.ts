// `ripcord last --raw` (docs/see-stop-keep.md, docs/security.md): replayed into a terminal, a
// recorded session's queries must not be answered into the user's shell as typed input, and no
// mode it turned on may stay on; piped, the bytes are exactly the recorded ones. Real ripcord
// sessions in real tmux panes.
import { CLI, expect, test } from './ripcord';
import { privateDirs, removePrivateDirs, ripcord } from './control';
import { waitUntil } from './tmux';

test.afterEach(removePrivateDirs);

// DSR, DA1, DECRQSS, an OSC 52 clipboard write, modifyOtherKeys, bracketed paste, keypad transmit
const RECORDED = '\\033[6n\\033[c\\033P$qm\\033\\\\\\033]52;c;aGk=\\a\\033[>4;2m\\033[?2004h\\033[?1h\\033=replayed-text\\n';
const PRINTED = '\x1b[6n\x1b[c\x1bP$qm\x1b\\\x1b]52;c;aGk=\x07\x1b[>4;2m\x1b[?2004h\x1b[?1h\x1b=replayed-text\r\n';
const MODES = '#{alternate_on} #{mouse_any_flag} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag}';
const SANE_MODES = '0 0 1 0 0';

test('at a terminal: nothing arrives as input, no mode stays on; piped: the bytes as recorded', async ({ term }) => {
  const dirs = await privateDirs(term);
  // no echo: the outer terminal's replies to the queries, echoed by the tty, would be recorded too
  const recording = await term.ripcord(['/bin/sh', '-c', `stty -echo; printf '${RECORDED}'`]);
  expect(await recording.waitForExit()).toBe(0);

  const piped = await ripcord(dirs.env, 'last', '--raw');
  expect(piped.code, piped.stderr).toBe(0);
  expect(piped.stdout).toBe(PRINTED);

  const pane = await term.inspect([process.execPath, CLI, 'last', '--raw']);
  // tmux follows modifyOtherKeys only with extended-keys on (then Ctrl+Tab arrives as CSI 9;5u)
  await pane.tmux('set-option', '-s', 'extended-keys', 'on');
  await pane.waitForScreen('the replay and its end', (screen) => screen.includes('replayed-text') && screen.includes('ripcord exited 0'));
  expect(await pane.display(MODES)).toBe(SANE_MODES);
  // a reply to a replayed query would stand before these keys in cat's line and in the tty's echo
  await pane.keys('x', 'C-Tab', 'y', 'Enter');
  await waitUntil('cat -v to echo the line', async () => ((await pane.lines()).some((line) => line.includes('y')) ? true : undefined));
  const lines = await pane.lines();
  expect(
    lines.filter((line) => line === 'xy'),
    lines.join('\n'),
  ).toHaveLength(2);
  // bracketed paste off: a paste reaches cat -v without its brackets
  await pane.tmux('set-buffer', 'pasted-text', ';', 'paste-buffer', '-p', '-t', '0');
  await pane.keys('Enter');
  await pane.waitForScreen('cat to show the paste', (text) => text.split('\n').filter((line) => line === 'pasted-text').length === 2);
});
