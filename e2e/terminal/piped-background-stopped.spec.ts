// Issue #29 in `ripcord run` under tmux: input that is not a terminal (its end handed on once,
// nothing from a library on stderr), a start in the background of an interactive bash, and a
// program that stops itself. Real processes, real pty, real tmux.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processState } from './processes';
import { expect, FIXTURES, ripcordRunArgs, test } from './ripcord';
import { shellQuote, waitUntil } from './tmux';

/**
 * Enough runs to catch a race seen 4 times in 30: at that rate 50 miss it with a chance of
 * (26/30)^50 < 0.1 %, and the two commands below (both end at once, stdin /dev/null) run the same
 * close 100 times between them. A few at a time keep the test short.
 */
const RUNS = 50;
const PARALLEL = 4;
/** RUNS starts of node on a shared 2-core machine: a deadline, not a timing assertion. */
const MANY_RUNS_DEADLINE_MS = 150_000;

for (const { name, command, status } of [
  { name: 'true', command: ['true'], status: 0 },
  { name: "sh -c 'echo out; exit 3'", command: ['sh', '-c', 'echo out; exit 3'], status: 3 },
]) {
  test(`${RUNS} runs of ${name} with stdin /dev/null: stderr stays empty, every exit status is ${status}`, async ({ term }, testInfo) => {
    test.setTimeout(MANY_RUNS_DEADLINE_MS + 30_000);
    const out = await mkdtemp(path.join(os.tmpdir(), 'ripcord-many-'));
    try {
      const ripcord = [process.execPath, ...ripcordRunArgs(testInfo), '--', ...command];
      const pane = await term.inspect([path.join(FIXTURES, 'many-runs.sh'), out, String(RUNS), String(PARALLEL), ...ripcord]);
      await pane.waitForScreen('every run to end', (screen) => screen.includes('ripcord exited 0'), MANY_RUNS_DEADLINE_MS);
      const runs = await Promise.all(
        Array.from({ length: RUNS }, async (_, i) => ({
          run: i + 1,
          code: Number(await readFile(path.join(out, `${i + 1}.code`), 'utf8').catch(() => 'none')),
          stderr: await readFile(path.join(out, `${i + 1}.err`), 'utf8').catch(() => 'no stderr file'),
        })),
      );
      expect(runs.filter((r) => r.stderr !== '' || r.code !== status)).toEqual([]);
      expect(await readdir(out)).toHaveLength(2 * RUNS);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
}

test('piped input without a last newline: the program gets its end of input once, and ends', async ({ term }, testInfo) => {
  const input = testInfo.outputPath('input');
  await writeFile(input, 'one line\nand no newline at the end');
  const pane = await term.ripcordThenInspect(['sh', '-c', "wc -c | sed 's/^ */count=/'; echo got-end-of-input"], { stdin: input });
  const screen = await pane.waitForScreen('the program to end', (s) => s.includes('ripcord exited 0'));
  expect(screen.split('\n')).toContain('got-end-of-input');
  // every byte, the unfinished line too, and no end-of-file byte among them (the pty's own echo
  // of the input shows on the screen before wc's answer)
  expect(screen).toContain('count=34');
});

test('ripcord run -- sleep 1 & from an interactive bash: the job ends Done, not Stopped, and stty -a is unchanged', async ({
  term,
}, testInfo) => {
  const pane = await term.shell();
  await pane.waitForPrompt();
  const before = testInfo.outputPath('stty-before');
  const after = testInfo.outputPath('stty-after');
  await pane.typeLine(`stty -a > ${shellQuote(before)}`);
  await pane.waitForPrompt();
  const ripcord = [process.execPath, ...ripcordRunArgs(testInfo), '--', 'sleep', '1'].map(shellQuote).join(' ');
  await pane.typeLine(`${ripcord} & echo "background pid $!"`);
  const screen = await pane.waitForScreen('the background pid', (s) => /background pid \d+/.test(s));
  const pid = Number(/background pid (\d+)/.exec(screen)?.[1]);
  // stopped by the kernel (T) or gone: a stopped job would stay T for ever
  const ended = await waitUntil('ripcord to end or be stopped', async () => {
    const state = await processState(pid);
    return state === undefined ? 'gone' : state === 'T' ? 'stopped' : undefined;
  });
  expect(ended).toBe('gone');
  await pane.typeLine(`jobs; stty -a > ${shellQuote(after)}`);
  const final = await pane.waitForScreen('bash to report the job', (s) => /\bDone\b/.test(s));
  expect(final).not.toMatch(/Stopped/);
  await pane.waitForPrompt();
  expect(await readFile(after, 'utf8')).toBe(await readFile(before, 'utf8'));
});

test('a program that stops itself (SIGSTOP) is reported, and Ctrl+C twice quits', async ({ term }) => {
  const pane = await term.ripcord(['sh', '-c', 'echo before-the-stop; kill -STOP $$; echo never']);
  await pane.waitForScreen('the report', (screen) => screen.includes('stopped itself — Ctrl+C twice quits'));
  await pane.keysApart('C-c', 300, 'C-c');
  expect(await pane.waitForExit()).toBe(130);
  expect(await pane.screen()).not.toContain('never');
});
