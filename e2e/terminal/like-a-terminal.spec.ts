// `ripcord run` behaves like the terminal it runs in (docs/usage-run.md): the prompt comes back
// below the last output, the program starts in the current directory with the outer TERM, and
// losing the terminal is a hang-up that leaves nothing behind.
import { LogEvent } from '../../main/core/log-events';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { childrenOf, processesWithVariable } from './processes';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BASH, CLI, expect, ripcordRunArgs, type TerminalFixture, test } from './ripcord';
import { lastLine, shellQuote, type TmuxPane, waitUntil } from './tmux';

const INNER_PROMPT = 'in$';
/** The session's shell, with a prompt of its own (from the environment) so the outer one can be told apart. */
const INNER_BASH = BASH;
/** Waits for ripcord, its session and the reaper to be gone after a hang-up, however slow the machine. */
const GONE_DEADLINE_MS = 20_000;

/** The command line an interactive shell would run: ripcord with this test's log, then `command`. */
function ripcordCommandLine(testInfo: TestInfo, command: readonly string[]): string {
  return `PS1=${shellQuote(`${INNER_PROMPT} `)} ${[process.execPath, ...ripcordRunArgs(testInfo), '--', ...command].map(shellQuote).join(' ')}`;
}

/** Row (0-based) of the last screen line that is exactly `text`. */
function rowOf(screen: string, text: string): number {
  return screen
    .split('\n')
    .map((line) => line.trimEnd())
    .lastIndexOf(text);
}

async function fullScreenProgram(pane: TmuxPane, prompt: string): Promise<void> {
  await pane.typeLine('less /etc/hostname');
  await waitUntil('less on the alternate screen', async () => ((await pane.display('#{alternate_on}')) === '1' ? true : undefined));
  await pane.keys('q');
  await waitUntil('less gone', async () => ((await pane.display('#{alternate_on}')) === '0' ? true : undefined));
  await pane.waitForPrompt(prompt);
}

const EXITS: { name: string; leave: (pane: TmuxPane) => Promise<void> }[] = [
  { name: '/exit', leave: (pane) => pane.typeLine('/exit') },
  { name: 'Ctrl+D', leave: (pane) => pane.keys('C-d') },
  { name: 'a double Ctrl+C', leave: (pane) => pane.keysApart('C-c', 300, 'C-c') },
];

for (const before of [false, true]) {
  for (const exit of EXITS) {
    const setting = before ? 'after a full-screen program ran in the pane before ripcord' : 'in a fresh pane';
    test(`less, seq 1 8, then ${exit.name}: the outer prompt lands below the 8 (${setting})`, async ({ term }, testInfo) => {
      const pane = await term.shell();
      await pane.waitForPrompt();
      if (before) await fullScreenProgram(pane, '$');
      await pane.typeLine(ripcordCommandLine(testInfo, INNER_BASH));
      await pane.waitForPrompt(INNER_PROMPT);
      await fullScreenProgram(pane, INNER_PROMPT);
      await pane.typeLine('seq 1 8');
      await pane.waitForPrompt(INNER_PROMPT);

      await exit.leave(pane);

      const screen = await pane.waitForScreen('the outer prompt', (text) => lastLine(text) === '$' && !text.endsWith(INNER_PROMPT));
      const eightRow = rowOf(screen, '8');
      const promptRow = Number(await pane.display('#{cursor_y}'));
      expect(eightRow, screen).toBeGreaterThanOrEqual(0);
      expect(promptRow, screen).toBeGreaterThan(eightRow);
      expect(rowOf(screen, '$'), screen).toBe(promptRow);
    });
  }
}

test.describe('from a project folder', () => {
  // Short, so the paths the checks read fit on one line of the 100-column pane.
  let folder = '';
  test.beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'rc-project-'));
  });
  test.afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  /** A folder holding script.sh; ripcord is started there by a script, as from a shell prompt. */
  async function inFolder(term: TerminalFixture, testInfo: TestInfo, command: readonly string[]): Promise<string> {
    await writeFile(path.join(folder, 'script.sh'), '#!/bin/sh\necho "script ran in $(pwd)"\n');
    await chmod(path.join(folder, 'script.sh'), 0o755);
    const pane = await term.inspect([
      'sh',
      '-c',
      'cd "$1" && shift && exec "$@"',
      'sh',
      folder,
      process.execPath,
      ...ripcordRunArgs(testInfo),
      '--',
      ...command,
    ]);
    return pane.waitForScreen('ripcord to exit', (text) => text.includes('ripcord exited'));
  }

  test('ripcord run -- ./script.sh runs it there', async ({ term }, testInfo) => {
    const screen = await inFolder(term, testInfo, ['./script.sh']);
    expect(screen.split('\n')).toEqual(expect.arrayContaining([`script ran in ${folder}`, 'ripcord exited 0']));
  });

  test('ripcord run -- pwd prints that folder', async ({ term }, testInfo) => {
    const screen = await inFolder(term, testInfo, ['pwd']);
    expect(screen.split('\n')).toEqual(expect.arrayContaining([folder, 'ripcord exited 0']));
  });

  test("a relative command that is not there: ripcord's message and 127", async ({ term }, testInfo) => {
    const screen = await inFolder(term, testInfo, ['./missing.sh']);
    expect(screen.split('\n')).toEqual(
      expect.arrayContaining(['ripcord: cannot start "./missing.sh": no such file or directory', 'tty-unchanged', 'ripcord exited 127']),
    );
  });
});

test('TERM inside ripcord run is the one tmux gives its panes', async ({ term }, testInfo) => {
  const pane = await term.inspect([
    'sh',
    '-c',
    'echo "outer=$TERM"; exec "$@"',
    'sh',
    process.execPath,
    ...ripcordRunArgs(testInfo),
    '--',
    'sh',
    '-c',
    'echo "inner=$TERM"',
  ]);
  const screen = await pane.waitForScreen('ripcord to exit', (text) => text.includes('ripcord exited 0'));
  const outer = /^outer=(.*)$/m.exec(screen)?.[1];
  expect(outer).toMatch(/^(tmux|screen)/);
  expect(screen).toContain(`inner=${outer}`);
});

test("the settings' env applies on top, TERM included; RIPCORD marks the session", async ({ term }, testInfo) => {
  await writeFile(testInfo.outputPath('no-config.json'), JSON.stringify({ env: { TERM: 'dumb', FROM_SETTINGS: 'yes' } }));
  const pane = await term.ripcordThenInspect(['sh', '-c', 'echo "inner=$TERM x=$FROM_SETTINGS r=$RIPCORD"']);
  const screen = await pane.waitForScreen('ripcord to exit', (text) => text.includes('ripcord exited 0'));
  expect(screen).toContain('inner=dumb x=yes r=1');
});

test('killing the process that started ripcord is a hang-up: all gone, tty as before, nothing printed', async ({ term }, testInfo) => {
  const pane = await term.shell();
  await pane.waitForPrompt();
  // $D keeps the check's command line short enough for one line of the pane, where it is counted.
  const folder = await mkdtemp(path.join(os.tmpdir(), 'rc-hup-'));
  // `; true` keeps sh waiting for ripcord instead of exec'ing it: sh is the parent to kill.
  await pane.typeLine(
    `D=${shellQuote(folder)}; stty -a > $D/before; sh -c ${shellQuote(`${ripcordCommandLine(testInfo, INNER_BASH)}; true`)}`,
  );
  await pane.waitForPrompt(INNER_PROMPT);
  await pane.typeLine('sleep 1000 &');
  await pane.waitForPrompt(INNER_PROMPT);
  const outerShell = await pane.pid();
  const wrapper = await waitUntil('the sh wrapper', async () => (await childrenOf(outerShell))[0]);
  const ripcord = await waitUntil('ripcord', async () => (await childrenOf(wrapper))[0]);
  // the session's id: ripcord's pid, its first session, then random digits
  const sessionId = `${ripcord}-1-`;
  const session = await processesWithVariable('RIPCORD_SESSION', sessionId, 'prefix');
  expect(session.length, "the session's bash and sleep").toBeGreaterThanOrEqual(2);

  process.kill(wrapper, 'SIGTERM');

  await waitUntil(
    'ripcord and its session to be gone',
    async () => {
      const left = [...(await processesWithVariable('RIPCORD_SESSION', sessionId, 'prefix')), ...(isAlive(ripcord) ? [ripcord] : [])];
      return left.length === 0 ? true : undefined;
    },
    GONE_DEADLINE_MS,
  );
  const screen = await pane.waitForScreen('the outer prompt', (text) => lastLine(text) === '$');
  // bash reports its job's end ("Terminated", after the inner prompt where the cursor was); then only its prompt.
  const lines = screen
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
  expect(lines.slice(-2), screen).toEqual([`${INNER_PROMPT} Terminated`, '$']);
  const log = await readFile(testInfo.outputPath('ripcord.log'), 'utf8');
  expect(log).toContain(LogEvent.terminalLost);

  await pane.typeLine('stty -a > $D/after; cmp -s $D/before $D/after && echo tty-same');
  const screenAfter = await pane.waitForScreen('the comparison', (text) => text.split('\n').some((line) => line.trimEnd() === 'tty-same'));
  // Typed at the prompt bash shows it once; with the tty switched under readline, the tty's own
  // echo would show it a second time.
  expect(
    screenAfter.split('\n').filter((line) => line.includes('cmp -s')),
    screenAfter,
  ).toHaveLength(1);
  await rm(folder, { recursive: true, force: true });
});

test('an unknown option of ripcord run points at ripcord run --help', async () => {
  const failed = await promisify(execFile)(process.execPath, [CLI, 'run', '--bogus']).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failed?.code).toBe(2);
  expect(failed?.stderr).toBe("ripcord run: unknown option '--bogus'\nTry 'ripcord run --help'.\n");
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
