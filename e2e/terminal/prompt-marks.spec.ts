// Issue #28: prompt marks come only from the shell. A background job printing `OSC 133;C` marks
// (as a program that prints them for its own reasons would) cannot make `/exit` at the prompt
// fail, and an exit request that is not honoured reaches neither the screen nor the transcript.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './ripcord';
import { waitUntil } from './tmux';

async function transcriptTexts(state: string): Promise<string[]> {
  const root = path.join(state, 'ripcord', 'transcripts');
  const texts: string[] = [];
  for (const session of await readdir(root)) {
    for (const file of await readdir(path.join(root, session))) texts.push(await readFile(path.join(root, session, file), 'latin1'));
  }
  return texts;
}

async function lineCount(file: string): Promise<number> {
  return (await readFile(file, 'utf8').catch(() => '')).split('\n').length - 1;
}

test('with a background job printing OSC 133;C every 100 ms, `/exit` at an integrated bash prompt exits 0; no exit request in the transcript', async ({
  term,
}, testInfo) => {
  const home = testInfo.outputPath('home');
  await mkdir(home, { recursive: true });
  await writeFile(path.join(home, '.bashrc'), "PS1='$ '\n");
  await writeFile(testInfo.outputPath('no-config.json'), JSON.stringify({ env: { HOME: home } }));
  const ticks = path.join(home, 'ticks');
  const pane = await term.ripcord(['bash']);
  await pane.waitForPrompt();
  // an exit request with a wrong secret: not honoured, and removed before screen and transcript
  await pane.typeLine("printf '\\033]7701;exit;%s\\007' deadbeef");
  await pane.waitForPrompt();
  await pane.typeLine(`(while :; do printf '\\033]133;C\\007'; echo >> ${ticks}; sleep 0.1; done &)`);
  await pane.waitForPrompt();

  // the line typed, forged marks come between the prompt and the Enter, as when typing by hand
  await pane.tmux('send-keys', '-t', '0', '-l', '/exit');
  const before = await lineCount(ticks);
  await waitUntil('two forged marks after the line was typed', async () => ((await lineCount(ticks)) >= before + 2 ? true : undefined));
  await pane.keys('Enter');

  expect(await pane.waitForExit()).toBe(0);
  expect(await pane.screen()).not.toContain('No such file');
  const texts = await transcriptTexts(term.env.XDG_STATE_HOME ?? '');
  expect(texts.join('')).toContain('/exit');
  for (const text of texts) {
    expect(text).not.toContain('\x1b]7701');
    expect(text).not.toContain('nonce=');
  }
});
