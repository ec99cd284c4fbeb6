// What only the root shell may do: nested shells keep `exit` for themselves, the secret reaches
// no child (file gone, never in an environment), and printed requests never exit.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXIT_COMMANDS } from '../../core/exit-line-tracker';
import { ShellOutputFilter } from '../../core/osc-exit-request';
import { exitRequestSequence } from '../../core/osc-exit-request.test-support';
import { spawnSession } from '../../platform/pty/session';
import { prepareShellIntegration } from './prepare';
import { PROMPT_END, SHELL_PATHS, SHELLS, ShellSessions, typeKeys, type ShellHarness } from './shell.test-support';

const sessions = new ShellSessions();
beforeAll(() => sessions.setUp(), 60_000);
afterEach(() => sessions.stopAll());
afterAll(() => sessions.tearDown());

const TEST_TIMEOUT_MS = 90_000;

async function run(h: ShellHarness, line: string): Promise<void> {
  const before = h.prompts();
  typeKeys(h, `${line}\r`);
  await h.nextPrompt(before);
}

describe.each(SHELLS)('in a %s session', (shell) => {
  for (const child of ['bash', 'zsh'] as const) {
    it(
      `\`exit\` in a child ${child} returns to the root shell, and ripcord keeps running`,
      async () => {
        const h = await sessions.start(shell);
        const before = h.prompts();
        const childStart = h.output().length;
        typeKeys(h, `${child}\r`);
        await h.waitFor(() => h.output().slice(childStart).includes(`${child}$ `), `the child ${child}'s own prompt`);
        typeKeys(h, '/exit\r');
        await h.waitFor(() => h.output().slice(childStart).split(`${child}$ `).length > 2, 'the child to run /exit as a command');
        typeKeys(h, 'exit\r');
        await h.nextPrompt(before);
        // the child is untouched: no marks of its own (its prompt came from the user's dotfiles)
        const childOutput = h.output().slice(childStart);
        expect(childOutput.slice(0, childOutput.lastIndexOf('exit')).split(PROMPT_END).length - 1).toBe(0);
        await run(h, 'echo root-again');
        expect(h.exits).toEqual([]);
        typeKeys(h, '/exit\r');
        await h.waitFor(() => h.exits.length > 0, 'the exit from the root shell');
        expect(h.exits).toEqual([0]);
      },
      TEST_TIMEOUT_MS,
    );
  }

  it(
    'a program printing an exit request (printf, cat of a file) does not exit, and the request is not shown',
    async () => {
      const h = await sessions.start(shell);
      await writeFile(path.join(h.home, 'request.txt'), exitRequestSequence('0'.repeat(64)));
      await run(h, "printf '\\033]7701;exit;%s\\007' deadbeef");
      await run(h, 'cat request.txt');
      await run(h, 'echo still-here');
      expect(h.exits).toEqual([]);
      expect(h.output()).not.toContain('\x1b]7701');
    },
    TEST_TIMEOUT_MS,
  );
});

describe.each(SHELLS)('the secret of a %s session', (shell) => {
  it(
    'is in no file and no environment a child can read, and a printed copy of the real request does not exit',
    async () => {
      const home = await sessions.home({
        '.bashrc': "PS1='bash$ '\n",
        '.zshrc': "PS1='zsh$ '\n",
        '.config/fish/config.fish': 'set -g fish_greeting\n',
      });
      const prepared = prepareShellIntegration(
        { file: SHELL_PATHS[shell], args: [], env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') } },
        { enabled: true, exitCommands: DEFAULT_EXIT_COMMANDS },
      );
      const integration = prepared.integration;
      if (!integration) throw new Error(`no integration for ${shell}: ${prepared.problem ?? 'not applicable'}`);
      const spawned = await spawnSession({ ...prepared.program, cwd: home, cols: 100, rows: 30 });
      if (!spawned.ok) throw new Error(spawned.error);
      const session = spawned.value;
      const filter = new ShellOutputFilter(integration.secret);
      let text = '';
      let requests = 0;
      session.onData((data) => {
        const filtered = filter.filter(data);
        text += filtered.data;
        if (filtered.exitRequested) requests++;
      });
      const until = async (predicate: () => boolean, what: string): Promise<void> => {
        for (let i = 0; i < 1000 && !predicate(); i++) await new Promise((r) => setTimeout(r, 20));
        if (!predicate()) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(text.slice(-400))}`);
      };
      const prompts = (): number => text.split(PROMPT_END).length - 1;
      const type = async (line: string): Promise<void> => {
        const before = prompts();
        session.write(`${line}\r`);
        await until(() => prompts() > before, `the prompt after ${line}`);
      };
      try {
        await until(() => prompts() > 0, 'the first prompt');
        const secretFile = path.join(integration.dir, 'secret');
        await writeFile(path.join(home, 'request.txt'), exitRequestSequence(integration.secret));
        // a child reads the file's old path and dumps its environment and the root's
        await type(`sh -c 'cat "$1"; env; cat /proc/$PPID/environ' child ${secretFile} > ${path.join(home, 'child.txt')} 2>&1`);
        await type('cat request.txt');
        const seen = await readFile(path.join(home, 'child.txt'), 'utf8');
        // read, emptied by the shell at start-up (the directory goes at the first prompt): nothing to find
        expect(await readFile(secretFile, 'utf8').catch(() => '')).toBe('');
        expect(seen).not.toContain(integration.secret);
        expect(await readFile(`/proc/${session.pid}/environ`, 'utf8')).not.toContain(integration.secret);
        expect(requests).toBe(0);
        session.write('/exit\r');
        await until(() => requests > 0, "the shell's own request");
      } finally {
        session.dispose();
        integration.dispose();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe.each(SHELLS)('prompt marks in a %s session come only from the shell', (shell) => {
  it(
    'a background job printing OSC 133;C every 100 ms does not keep `/exit` at the prompt from exiting 0; no request is shown',
    async () => {
      const h = await sessions.start(shell);
      // a sh in the background, so the loop is the same in every shell
      await run(h, 'sh -c \'while :; do printf "\\033]133;C\\007"; sleep 0.1; done\' > /dev/tty 2>&1 &');
      // the line typed, a forged mark comes between the prompt and the Enter (as when typing by hand)
      typeKeys(h, '/exit');
      const forged = (): number => h.output().split('\x1b]133;C\x07').length;
      const before = forged();
      await h.waitFor(() => forged() > before, 'a forged 133;C after the prompt');
      typeKeys(h, '\r');
      await h.waitFor(() => h.exits.length > 0, 'the exit');
      expect(h.exits).toEqual([0]);
      expect(h.output()).not.toContain('\x1b]7701');
      expect(h.output()).not.toContain('nonce=');
    },
    TEST_TIMEOUT_MS,
  );
});

describe("fish reads its secret before any configuration of the user's", () => {
  // The user's files know the scheme: the session directory is in fish's own command line.
  const steal = (file: string): string =>
    [
      'set -l args (string split0 < /proc/$fish_pid/cmdline)',
      'set -l at (contains -i -- --init-command $args)',
      `set -l dir (string match -r "'(.*)/ripcord.fish'" -- $args[(math $at + 1)])[2]`,
      `echo "dir=$dir" >> $HOME/${file}`,
      `cat $dir/secret >> $HOME/${file} 2>&1`,
    ].join('\n');

  it(
    'a config.fish and a conf.d snippet that read the secret file find it empty',
    async () => {
      const home = await sessions.home({
        '.config/fish/config.fish': `set -g fish_greeting\nfunction fish_prompt; echo -n "fish> "; end\n${steal('from-config.txt')}\n`,
        '.config/fish/conf.d/00-steal.fish': `${steal('from-conf-d.txt')}\n`,
      });
      const h = await sessions.start('fish', { home });
      for (const file of ['from-config.txt', 'from-conf-d.txt']) {
        const seen = await readFile(path.join(home, file), 'utf8');
        expect(seen, file).toMatch(/^dir=\/.+ripcord-shell-/);
        expect(seen.split('\n').slice(1).join('').trim(), file).toBe('');
      }
      // and the shell still has it: /exit at its prompt exits
      typeKeys(h, '/exit\r');
      await h.waitFor(() => h.exits.length > 0, 'the exit');
      expect(h.exits).toEqual([0]);
    },
    TEST_TIMEOUT_MS,
  );
});
