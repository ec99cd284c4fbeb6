// DESIGN §5: the outer terminal is restored on every path, also when ripcord itself crashes,
// and when the crash happens inside the exit path. The host is the real one (runTerminalHost),
// bundled with a fixture that injects the fault from outside it.
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleReaper } from '../../main/platform/processes/processes.test-support';
import { childrenOf } from './processes';
import { expect, FIXTURES, REPO_ROOT, test } from './ripcord';
import { waitUntil } from './tmux';

const MODES = '#{alternate_on} #{mouse_any_flag} #{cursor_flag}';
const CHILD = ['sh', '-c', `printf '\\033[?1049h\\033[?1000h\\033[?25l'; echo modes-on; exec sleep 1000`];
let bundleDir: string;
let host: string;

test.beforeAll(async () => {
  // Inside the repository, so the bundle finds node_modules/node-pty; beside it the reaper.
  bundleDir = await mkdtemp(path.join(REPO_ROOT, 'test-results', 'crashing-host-'));
  await build({
    entryPoints: { 'crashing-host': path.join(FIXTURES, 'crashing-host.ts') },
    outdir: bundleDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['electron', 'node-pty'],
    logLevel: 'warning',
  });
  await bundleReaper(bundleDir);
  host = path.join(bundleDir, 'crashing-host.js');
});

test.afterAll(async () => {
  await rm(bundleDir, { recursive: true, force: true });
});

for (const [signal, what] of [
  ['SIGUSR1', 'an uncaught exception'],
  ['SIGUSR2', 'a crash inside the exit path'],
] as const) {
  test(`${what} in ripcord restores the terminal, reports the error and exits 70`, async ({ term }) => {
    const pane = await term.inspect([process.execPath, host, ...CHILD]);
    await pane.waitForScreen('the child to turn its modes on', (screen) => screen.includes('modes-on'));
    await waitUntil('the modes to be on', async () => ((await pane.display(MODES)) === '1 1 0' ? true : undefined));

    // the pane's program is the inspecting script; ripcord is its child
    const [ripcord] = await childrenOf(await pane.pid());
    if (ripcord === undefined) throw new Error('ripcord is not running');
    process.kill(ripcord, signal);

    const screen = await pane.waitForScreen('ripcord to exit', (text) => text.includes('ripcord exited'));
    expect(screen).toContain('ripcord: internal error: Error: injected crash');
    expect(screen.split('\n')).toEqual(expect.arrayContaining(['tty-unchanged', 'ripcord exited 70']));
    expect(await pane.display(MODES)).toBe('0 0 1');
  });
}
