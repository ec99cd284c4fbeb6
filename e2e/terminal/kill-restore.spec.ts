// kill -9 of `ripcord run` (DESIGN §5): the host dies without its restore, and the reaper puts the
// terminal back — the modes the program turned on, and the termios when no one else did.
import { readFile } from 'node:fs/promises';
import { BASH, expect, ripcordRunArgs, test } from './ripcord';
import { childrenOf } from './processes';
import { shellQuote, waitUntil } from './tmux';

const MODES = '#{alternate_on} #{mouse_any_flag} #{keypad_flag} #{cursor_flag}';
// alternate screen, mouse, bracketed paste, keypad transmit (smkx) on, cursor hidden
const PROGRAM = `printf '\\033[?1049h\\033[?1000h\\033[?2004h\\033[?1h\\033=\\033[?25l'; echo modes-on; exec sleep 1000`;

/** The reaper's log line once its restore is over: whether it put the termios back or left it. */
async function reaperRestore(log: string): Promise<string | undefined> {
  const lines = (await readFile(log, 'utf8').catch(() => '')).split('\n');
  const line = lines.find((text) => text.includes('"reaper-terminal-restored"'));
  return line === undefined ? undefined : (JSON.parse(line) as { termios: string }).termios;
}

// dash restores no terminal settings after a killed job: the termios is the reaper's to put back.
// bash restores its own after a job killed by a signal: whoever of the two comes first does it, and
// the reaper leaves the settings alone when bash was first.
const CASES = [
  ['sh', ['sh', '-i'], ['restored']],
  ['bash', BASH, ['restored', 'left']],
] as const;
for (const [shell, argv, termios] of CASES) {
  test(`kill -9 of ripcord under ${shell}: the reaper turns the modes off, the termios is back, the shell's next prompt shows`, async ({
    term,
  }, testInfo) => {
    const pane = await term.shell(argv);
    await pane.waitForPrompt();
    const [before, after] = ['before', 'after'].map((name) => shellQuote(testInfo.outputPath(`stty-${name}.txt`)));
    await pane.typeLine(`stty -a > ${before}; echo baseline-saved`);
    await pane.waitForScreen('the baseline', (screen) => screen.includes('\nbaseline-saved'));
    const ripcord = [process.execPath, ...ripcordRunArgs(testInfo), '--', 'sh', '-c', PROGRAM].map(shellQuote).join(' ');
    await pane.typeLine(`${ripcord}; echo "after ripcord"`);
    await waitUntil('the modes to be on', async () => ((await pane.display(MODES)) === '1 1 1 0' ? true : undefined));
    // the reaper has the terminal once the session's start is over
    const log = testInfo.outputPath('ripcord.log');
    await waitUntil('the reaper to keep the terminal', async () =>
      (await readFile(log, 'utf8').catch(() => '')).includes('"reaper-terminal-kept"') ? true : undefined,
    );

    const shellPid = await pane.pid();
    const [host] = await waitUntil("ripcord among the shell's children", async () => {
      const children = await childrenOf(shellPid);
      return children.length === 1 ? children : undefined;
    });
    process.kill(host as number, 'SIGKILL');

    expect(termios).toContain(await waitUntil("the reaper's restore", () => reaperRestore(log)));
    await waitUntil('the modes to be off and the cursor shown', async () => ((await pane.display(MODES)) === '0 0 0 1' ? true : undefined));
    // The shell may have drawn its first prompt on the program's screen before the reaper left
    // it; the next one is on the user's screen, in a terminal that echoes and ends lines again.
    await pane.typeLine(`stty -a > ${after}; cmp -s ${before} ${after} && echo tty-same-as-before`);
    await pane.waitForScreen('the shell to compare the settings', (screen) => screen.includes('\ntty-same-as-before'));
    await pane.waitForPrompt();
    // bracketed paste off: a paste reaches cat -v without the \e[200~ \e[201~ brackets
    await pane.typeLine('cat -v');
    await pane.tmux('set-buffer', 'pasted-text', ';', 'paste-buffer', '-p', '-t', '0');
    await pane.keys('Enter');
    await pane.waitForScreen('cat to show the paste', (screen) => screen.split('\n').filter((line) => line === 'pasted-text').length === 2);
  });
}
