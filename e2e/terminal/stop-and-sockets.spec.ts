// Issue #29 in `ripcord run` under tmux: `ripcord stop` when the stop ends the session, "the
// job" under a root that is not a shell (`npm run dev`), and the control socket removed on
// every way out — and a dead host's socket removed by the next start. Real processes, real
// pty, real tmux, a real npm.
import { execFile } from 'node:child_process';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { privateDirs, psJson, removePrivateDirs, ripcord } from './control';
import { MARKER_VARIABLE, newMarker, processesWithMarker } from './processes';
import { BASH, expect, FIXTURES, test } from './ripcord';
import { lastLine, waitUntil } from './tmux';

const run = promisify(execFile);
test.afterEach(removePrivateDirs);

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

test('ripcord stop of the last child of sh -c: the session ends, stop exits 0 and says so', async ({ term }) => {
  const dirs = await privateDirs(term);
  const marker = newMarker();
  const pane = await term.ripcord(['sh', '-c', `${MARKER_VARIABLE}=${marker} sleep 1000; exit 4`]);
  const session = await waitUntil('the session in ripcord ps', async () =>
    (await psJson(dirs.env)).find((s) => s.view.rows.some((r) => r.command.startsWith('sleep'))),
  );
  const sleep = session.view.rows.find((r) => r.command.startsWith('sleep'));
  const stopped = await ripcord(dirs.env, 'stop', String(session.id), String(sleep?.pid));
  expect(stopped.stderr).toBe('');
  expect(stopped.code).toBe(0);
  expect(stopped.stdout).toContain('the session ended');
  expect(await pane.waitForExit()).toBe(4);
  expect(await processesWithMarker(marker)).toEqual([]);
});

test('ripcord stop --job under npm run dev stops the server that ignores HUP, INT and TERM; npm exits, nothing is left', async ({
  term,
}) => {
  const dirs = await privateDirs(term);
  const pane = await term.ripcord(['npm', 'run', 'dev'], ['--cwd', path.join(FIXTURES, 'dev-server')], {
    npm_config_update_notifier: 'false',
  });
  await pane.waitForScreen('the dev server', (screen) => screen.includes('dev server ready'));
  const session = await waitUntil('the session in ripcord ps', async () =>
    (await psJson(dirs.env)).find((s) => s.view.rows.some((r) => r.command === 'node server.mjs')),
  );
  const server = session.view.rows.find((r) => r.command === 'node server.mjs');
  expect(server?.catches).toEqual(expect.arrayContaining(['HUP', 'INT', 'TERM']));
  const stopped = await ripcord(dirs.env, 'stop', String(session.id), '--job');
  await test.info().attach('ripcord stop', { body: stopped.stdout });
  expect(stopped.code, stopped.stderr).toBe(0);
  // the answer names what it stopped — or, when npm's exit ended the session first, says that
  expect(stopped.stdout).toMatch(/^the processes of npm run dev \(.*node server\.mjs.*\)(?: stopped|: the session ended)/);
  expect(await pane.waitForExit()).not.toBe(0); // npm reports its script's death
  // the exit's cgroup.kill is a signal: its processes may still be on their way out
  await waitUntil('no process of the session left', async () => ((await processesWithMarker(term.marker)).length === 0 ? true : undefined));
});

const ENDINGS = ['double Ctrl+C', 'exit command', 'program end', 'SIGTERM'] as const;

for (const ending of ENDINGS) {
  test(`no control socket is left after ${ending}`, async ({ term }) => {
    const dirs = await privateDirs(term);
    const pane = await term.ripcord(ending === 'program end' ? ['cat'] : BASH);
    if (ending !== 'program end') await pane.waitForPrompt();
    const socket = path.join(dirs.runtime, `${await pane.pid()}.sock`);
    await waitUntil('the control socket', async () => ((await exists(socket)) ? true : undefined));
    if (ending === 'double Ctrl+C') await pane.keysApart('C-c', 300, 'C-c');
    else if (ending === 'exit command') await pane.typeLine('/exit');
    else if (ending === 'program end') await pane.keys('C-d');
    else process.kill(await pane.pid(), 'SIGTERM');
    expect(await pane.waitForExit()).toBe({ 'double Ctrl+C': 130, 'exit command': 0, 'program end': 0, SIGTERM: 143 }[ending]);
    // removed by the exit itself, before the process ended: no wait
    expect(await readdir(dirs.runtime)).toEqual([]);
  });
}

test("a dead host's socket is removed when the next ripcord starts", async ({ term }) => {
  const dirs = await privateDirs(term);
  await run('mkdir', ['-m', '700', dirs.runtime]);
  // a socket file nothing listens on: what a host killed with SIGKILL leaves
  const stale = path.join(dirs.runtime, '999999999.sock');
  await run('python3', ['-c', `import socket; socket.socket(socket.AF_UNIX).bind(${JSON.stringify(stale)})`]);
  expect(await exists(stale)).toBe(true);
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  const own = path.join(dirs.runtime, `${await pane.pid()}.sock`);
  await waitUntil('the stale socket to go', async () => ((await exists(stale)) ? undefined : true));
  expect(await exists(own)).toBe(true);
  await pane.typeLine('exit');
  expect(await pane.waitForExit()).toBe(0);
  expect(lastLine(await pane.screen())).not.toContain('ripcord:');
});
