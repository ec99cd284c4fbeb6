// Exit commands never eat a program's input, and a double press is two presses in a row
// (docs/exit-commands.md, DESIGN §2) — real programs in real ptys behind a GuardedSession.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ShellSessions, typeKeys } from './shell.test-support';

const sessions = new ShellSessions();
beforeAll(() => sessions.setUp(), 60_000);
afterEach(() => sessions.stopAll());
afterAll(() => sessions.tearDown());

const TEST_TIMEOUT_MS = 90_000;
/** The gap between two presses meant as a double press: past the 200 ms debounce, inside the 1 s interval. */
const DOUBLE_PRESS_GAP_MS = 300;
/** The kitty keyboard protocol with every flag (disambiguate, events, alternates, all keys, text). */
const KITTY_ALL_FLAGS = '\\033[>31u';

describe('exit commands typed into a root program that reads lines', () => {
  it(
    "`sh -c 'cat > notes'` gets exit, quit, /exit and /quit as lines",
    async () => {
      const home = await sessions.home();
      const h = await sessions.start('bash', { home, config: { shell: '/bin/sh', args: ['-c', 'cat > notes'] }, waitForPrompt: false });
      for (const line of ['first line', 'exit', 'quit', '/exit', '/quit']) typeKeys(h, `${line}\r`);
      await h.waitFor(() => h.output().includes('/quit'), 'the echo of the last line');
      expect(h.exits).toEqual([]);
      h.type('\x04');
      await h.waitFor(() => h.exits.length > 0, 'cat to end at end-of-file');
      expect(await readFile(path.join(home, 'notes'), 'utf8')).toBe('first line\nexit\nquit\n/exit\n/quit\n');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a shell without integration still quits on `/exit` at its own prompt',
    async () => {
      const h = await sessions.start('bash', {
        config: { args: ['--norc', '--noprofile'], env: { PS1: 'plain$ ' } },
        waitForPrompt: false,
      });
      await h.waitFor(() => h.output().includes('plain$ '), 'the prompt');
      typeKeys(h, '/exit\r');
      await h.waitFor(() => h.exits.length > 0, 'the exit');
      expect(h.exits).toEqual([0]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a double press is two presses in a row', () => {
  it(
    'Ctrl+C, `ls` typed, Ctrl+C: two cancels, still running',
    async () => {
      const h = await sessions.start('bash');
      const cancels: string[] = [];
      h.guarded.onHint((hint) => cancels.push(hint.visible ? 'shown' : 'hidden'));
      h.type('\x03');
      typeKeys(h, 'ls');
      h.type('\x03');
      await h.waitFor(() => cancels.filter((c) => c === 'shown').length === 2, 'two cancels');
      await delay(DOUBLE_PRESS_GAP_MS);
      typeKeys(h, 'echo still-running\r');
      await h.waitFor(() => h.output().includes('still-running\r\n'), 'the shell to answer');
      // typing `ls` hid the first hint; typing the echo hid the second
      expect(cancels).toEqual(['shown', 'hidden', 'shown', 'hidden']);
      expect(h.exits).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'Ctrl+C Ctrl+C 300 ms apart at an idle prompt exits 130',
    async () => {
      const h = await sessions.start('bash');
      h.type('\x03');
      await delay(DOUBLE_PRESS_GAP_MS);
      h.type('\x03');
      await h.waitFor(() => h.exits.length > 0, 'the exit');
      expect(h.exits).toEqual([130]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'exits 130 when the kitty protocol (all flags) reports releases and modifiers between the presses',
    async () => {
      const h = await sessions.start('bash');
      const before = h.prompts();
      typeKeys(h, `printf '${KITTY_ALL_FLAGS}'\r`);
      await h.nextPrompt(before);
      h.type('\x03');
      // what a kitty-protocol terminal sends between two Ctrl+C: C released, Ctrl released,
      // Ctrl pressed again (a lone modifier), plus a focus report and a reply to a DA query
      for (const event of ['\x1b[99;5:3u', '\x1b[57442;1:3u', '\x1b[57442;5u', '\x1b[I', '\x1b[?62;22c']) h.type(event);
      await delay(DOUBLE_PRESS_GAP_MS);
      h.type('\x03');
      await h.waitFor(() => h.exits.length > 0, 'the exit');
      expect(h.exits).toEqual([130]);
    },
    TEST_TIMEOUT_MS,
  );
});
