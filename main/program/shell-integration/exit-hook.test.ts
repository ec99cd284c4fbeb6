// Exit commands recognised by the root shell itself (docs/exit-commands.md), in real bash, zsh
// and fish in real ptys, however the line was entered. `/exit` exists nowhere, so only the
// hook can make it exit 0; `exit` after `false` would end a shell with 1, so a 0 is the hook too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { foregroundJob, waitFor } from '../../platform/processes/processes.test-support';
import { SHELLS, ShellSessions, typeKeys, type ShellHarness, type ShellName } from './shell.test-support';

const sessions = new ShellSessions();
beforeAll(() => sessions.setUp(), 60_000);
afterEach(() => sessions.stopAll());
afterAll(() => sessions.tearDown());

const TEST_TIMEOUT_MS = 90_000;

/** The cursor keys as the terminal sends them in the mode the shell set (DECCKM). */
function arrow(h: ShellHarness, direction: 'A' | 'B'): string {
  const text = h.output();
  const application = text.lastIndexOf('\x1b[?1h') > text.lastIndexOf('\x1b[?1l');
  return application ? `\x1bO${direction}` : `\x1b[${direction}`;
}

async function run(h: ShellHarness, line: string): Promise<void> {
  const before = h.prompts();
  typeKeys(h, `${line}\r`);
  await h.nextPrompt(before);
}

async function expectExit0(h: ShellHarness): Promise<void> {
  await h.waitFor(() => h.exits.length > 0, 'the exit');
  expect(h.exits).toEqual([0]);
  expect(h.output()).not.toContain('\x1b]7701');
}

/** Per shell: dotfiles with a prompt rebuilt before every prompt, and one that redraws itself. */
const CUSTOM_PROMPTS: Record<ShellName, Record<string, string>> = {
  bash: { '.bashrc': 'n=0\nPROMPT_COMMAND=\'n=$((n+1)); PS1="custom-$n \\$ "\'\nPS1="static$ "\n' },
  zsh: { '.zshrc': 'precmd() { PROMPT="custom-$((++n))%# " }\nTMOUT=1\nTRAPALRM() { zle reset-prompt }\n' },
  fish: { '.config/fish/config.fish': 'set -g fish_greeting\nfunction fish_prompt; echo -n "custom-"(date +%N)"> "; end\n' },
};

/** Per shell: login files that say they ran (and, for zsh, the .zlogin read after ours). */
const LOGIN_FILES: Record<ShellName, Record<string, string>> = {
  bash: { '.bash_profile': "echo login-files-read\nPS1='bash$ '\n", '.bashrc': 'echo bashrc-must-not-run-in-a-login-shell\n' },
  zsh: { '.zprofile': 'echo login-files-read\n', '.zshrc': "PS1='zsh$ '\n", '.zlogin': 'echo zlogin-read\n' },
  fish: { '.config/fish/config.fish': 'set -g fish_greeting\nif status is-login; echo login-files-read; end\n' },
};

describe.each(SHELLS)('with %s integration, the root shell asks ripcord to exit', (shell) => {
  it(
    'for `/exit` typed at the prompt',
    async () => {
      const h = await sessions.start(shell);
      await run(h, 'false');
      typeKeys(h, '/exit\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'for `/exit` after Ctrl+L cleared the screen',
    async () => {
      const h = await sessions.start(shell);
      const before = h.prompts();
      h.type('\x0c');
      await h.nextPrompt(before);
      typeKeys(h, '/exit\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'for `/exit` after Ctrl+Z stopped a job and `bg` resumed it',
    async () => {
      const h = await sessions.start(shell);
      const before = h.prompts();
      typeKeys(h, 'sleep 1000\r');
      expect(await waitFor(async () => (await foregroundJob(h.guarded.session.pid)) === 'sleep', 20_000)).toBe(true);
      h.type('\x1a');
      await h.nextPrompt(before);
      await run(h, 'bg');
      typeKeys(h, '/exit\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'for `/exit` after Up and Down in the history',
    async () => {
      const h = await sessions.start(shell);
      await run(h, 'echo one');
      h.type(arrow(h, 'A'));
      h.type(arrow(h, 'B'));
      typeKeys(h, '/exit\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'for `/exit` pasted (bracketed paste), then Enter',
    async () => {
      const h = await sessions.start(shell);
      h.type('\x1b[200~/exit\x1b[201~');
      await h.waitFor(() => h.output().slice(-200).includes('exit'), 'the pasted text at the prompt');
      h.type('\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'for `exi` completed to `exit` with Tab (after a failing command)',
    async () => {
      const h = await sessions.start(shell);
      await run(h, 'false');
      const before = h.output().length;
      typeKeys(h, 'exi');
      await h.waitFor(() => h.output().slice(before).includes('i'), 'the echo of exi');
      const typed = h.output().length;
      h.type('\t');
      await h.waitFor(() => h.output().slice(typed).includes('t'), 'the completion');
      h.type('\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'for `/exit` under a custom prompt rebuilt before every prompt',
    async () => {
      const h = await sessions.start(shell, { home: await sessions.home(CUSTOM_PROMPTS[shell]) });
      await run(h, 'false');
      await h.waitFor(() => h.output().includes('custom-'), 'the custom prompt');
      typeKeys(h, '/exit\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'for `/exit` in a login shell that read the login files',
    async () => {
      const h = await sessions.start(shell, { home: await sessions.home(LOGIN_FILES[shell]), args: ['-l'] });
      expect(h.output()).toContain('login-files-read');
      if (shell === 'zsh') expect(h.output()).toContain('zlogin-read');
      expect(h.output()).not.toContain('must-not-run');
      typeKeys(h, '/exit\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('bash reads the whole command line, not only its first command', () => {
  it(
    '`/exit; echo …` is no exit command: the shell runs the line',
    async () => {
      const h = await sessions.start('bash');
      await run(h, '/exit; echo not-an-exit-command');
      expect(h.output()).toContain('not-an-exit-command\r\n');
      await run(h, 'echo still-running');
      expect(h.exits).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    '` /exit` kept out of the history (ignorespace) is still recognised',
    async () => {
      const h = await sessions.start('bash', { home: await sessions.home({ '.bashrc': "PS1='bash$ '\nHISTCONTROL=ignorespace\n" }) });
      await run(h, 'echo one');
      typeKeys(h, ' /exit\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("bash integration keeps what the user's files set up", () => {
  it(
    "a DEBUG trap of theirs keeps running after ripcord's, and `/exit` still exits",
    async () => {
      const home = await sessions.home({ '.bashrc': "PS1='trap$ '\ntrap '(( ++user_debug_runs ))' DEBUG\n" });
      const h = await sessions.start('bash', { home });
      const runs = async (): Promise<number> => {
        const from = h.output().length;
        await run(h, 'echo "runs:$user_debug_runs."');
        return Number(/runs:(\d*)\./.exec(h.output().slice(from))?.[1]);
      };
      const first = await runs();
      expect(await runs()).toBeGreaterThan(first);
      typeKeys(h, '/exit\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "an array PROMPT_COMMAND of theirs keeps running, between ripcord's, and `/exit` still exits",
    async () => {
      // the second entry rebuilds the prompt: ripcord's must still run after it to mark it
      const home = await sessions.home({ '.bashrc': 'PROMPT_COMMAND=(: \'PS1="array-$(( ++n ))\\$ "\')\n' });
      const h = await sessions.start('bash', { home });
      await run(h, 'false');
      await h.waitFor(() => h.output().includes('array-2'), 'the prompt their command builds');
      typeKeys(h, '/exit\r');
      await expectExit0(h);
    },
    TEST_TIMEOUT_MS,
  );
});
