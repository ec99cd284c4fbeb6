// The packaged app as users get it (`npm run dist`: release/linux-unpacked/ripcord, fuses on),
// driven over the Chrome DevTools protocol: the fuses turn Node's --inspect off, so Playwright's
// _electron cannot attach, but --remote-debugging-port is Chromium's and stays. The app runs with
// its sandbox on, as the tests' user when the run is root's (app-user.ts). Skipped, with the
// reason, where there is no packaged app or no display.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium, expect, test } from '@playwright/test';
import { newMarker, processesWithMarker } from '../terminal/processes';
import { appUser } from './app-user';
import { cannotRunApp, NONE_LEFT_WITHIN_MS, specConfig, until, WAIT_MS } from './desktop-app';

const PACKAGED = path.resolve(__dirname, '..', '..', 'release', 'linux-unpacked', 'ripcord');
/** Past the default debounce (200 ms): the second press of a pair is not folded into the first. */
const PAST_DEBOUNCE_MS = 300;

// the display and user checks are the Electron specs' own; the binary is the packaged one
const skipped =
  process.platform !== 'linux'
    ? 'skipped: the packaged app is checked on Linux'
    : !existsSync(PACKAGED)
      ? `skipped: no packaged app (${PACKAGED}: npm run dist)`
      : cannotRunApp();
if (skipped) console.log(`e2e/electron/packaged: ${skipped}`);

test('the packaged app over CDP: typing reaches the session, a double Ctrl+C exits 130, nothing is left', async () => {
  test.skip(skipped !== undefined, skipped ?? '');
  const runner = await appUser(PACKAGED);
  if (typeof runner === 'string') console.log(`e2e/electron/packaged: ${runner}`);
  test.skip(typeof runner === 'string', typeof runner === 'string' ? runner : '');
  if (typeof runner === 'string') return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-packaged-e2e-'));
  const marker = newMarker();
  const configFile = path.join(dir, 'config.json');
  await writeFile(configFile, JSON.stringify(specConfig(marker)));
  await runner.own(dir);
  const child = spawn(runner.executable, ['--remote-debugging-port=0'], {
    cwd: dir,
    env: { ...process.env, ...runner.env, RIPCORD_CONFIG: configFile, RIPCORD_LOG: path.join(dir, 'ripcord.log') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const endpoint = await until(() => /DevTools listening on (ws:\/\/\S+)/.exec(stderr)?.[1], 'the DevTools endpoint on stderr');
    const browser = await chromium.connectOverCDP(endpoint, { timeout: WAIT_MS });
    const page = await until(
      () =>
        browser
          .contexts()
          .flatMap((context) => context.pages())
          .find((p) => p.url().startsWith('ripcord://')),
      'the window',
    );
    await until(async () => ((await processesWithMarker(marker)).length > 0 ? true : undefined), 'the session to start');
    const file = path.join(dir, 'typed.txt');
    await page.keyboard.type(`echo packaged-$((6*7)) > ${file}`);
    await page.keyboard.press('Enter');
    await until(
      async () => ((await readFile(file, 'utf8').catch(() => '')).includes('packaged-42') ? true : undefined),
      'the typed command to run',
    );
    await page.keyboard.press('Control+c');
    // the press interval is the subject of this test, not a wait for a condition
    await delay(PAST_DEBOUNCE_MS);
    await page.keyboard.press('Control+c').catch(() => undefined);
    expect(await exited).toEqual({ code: 130, signal: null });
    await until(
      async () => ((await processesWithMarker(marker)).length === 0 ? true : undefined),
      'the session processes to go',
      NONE_LEFT_WITHIN_MS + WAIT_MS,
    );
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const pid of await processesWithMarker(marker)) process.kill(pid, 'SIGKILL');
    await rm(dir, { recursive: true, force: true });
    await runner.dispose();
  }
});
