// `ripcord stats --follow` beside a live `ripcord run` session (docs/logs.md): the
// double Ctrl+C's presses, decisions and exit stages show as they are logged. Real ripcord,
// real tmux, the follower a separate process reading the session's log.
import { spawn } from 'node:child_process';
import { BASH, CLI, expect, test } from './ripcord';
import { waitUntil } from './tmux';

test('a double Ctrl+C in a live session shows in ripcord stats --follow: each press, its decision and the exit stages', async ({
  term,
}, testInfo) => {
  const follower = spawn(process.execPath, [CLI, 'stats', '--follow', testInfo.outputPath('ripcord.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let shown = '';
  follower.stdout.setEncoding('utf8').on('data', (text: string) => {
    shown += text;
  });
  const ended = new Promise<number | null>((resolve) => follower.on('exit', (code) => resolve(code)));
  try {
    const pane = await term.ripcord(BASH);
    await pane.waitForPrompt();
    await pane.keysApart('C-c', 300, 'C-c');
    expect(await pane.waitForExit()).toBe(130);
    await waitUntil('the exit to show', async () => (shown.includes('exit.end') ? true : undefined));
    const lines = shown.split('\n');
    const index = (pattern: RegExp): number => lines.findIndex((line) => pattern.test(line));
    const order = [
      /ctrl-c → cancel$/,
      /ctrl-c → exit$/,
      /exit\.begin \+[\d.]+ ms after ctrl-c \(code 130/,
      /exit\.reaper \+/,
      /exit\.end \+/,
      /so far, exit after ctrl-c: median/,
    ].map(index);
    expect(
      order.every((at) => at >= 0),
      shown,
    ).toBe(true);
    expect(
      [...order].sort((a, b) => a - b),
      shown,
    ).toEqual(order);
  } finally {
    follower.kill('SIGINT');
  }
  // Ctrl+C (SIGINT) ends the follower cleanly
  expect(await ended).toBe(0);
});
