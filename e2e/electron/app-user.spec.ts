// The Electron specs' runner (app-user.ts) checked where it can be without Electron: as root, the
// program it starts runs as the tests' user, in the cgroup delegated to that user, with its own
// copy of the display's cookie, and keeps the pid it was started with (exec all the way), so
// Playwright's signals and pipes reach the app itself.
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { appUser } from './app-user';

test("as root, the app runner starts the program as the tests' user, in its delegated cgroup, with its own display cookie", async () => {
  const why = process.getuid?.() !== 0 ? 'skipped: not root: the runner starts the app as whoever runs the specs' : undefined;
  if (why) console.log(`[app-user] ${why}`);
  test.skip(why !== undefined, why ?? '');
  const cookie = path.join(os.tmpdir(), `ripcord-e2e-xauth-${process.pid}`);
  await writeFile(cookie, 'cookie', { mode: 0o600 });
  const saved = process.env.XAUTHORITY;
  process.env.XAUTHORITY = cookie;
  const runner = await appUser('/bin/sh');
  process.env.XAUTHORITY = saved;
  if (typeof runner === 'string') console.log(`[app-user] ${runner}`);
  test.skip(typeof runner === 'string', typeof runner === 'string' ? runner : '');
  if (typeof runner === 'string') return;
  try {
    // the "app": says who it is, where it runs, whether it reads its cookie, and its pid
    const child = spawn(runner.executable, ['-c', 'echo "$(id -u) $$ $(cat /proc/self/cgroup | tail -n 1) $(cat "$XAUTHORITY")"'], {
      env: { ...process.env, ...runner.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
    const [uid, pid, cgroup, read] = out.trim().split(' ');
    expect(Number(uid)).not.toBe(0);
    expect(Number(pid)).toBe(child.pid);
    expect(cgroup).toMatch(/e2e-delegated-[0-9a-f]+\/host$/);
    expect(read).toBe('cookie');
  } finally {
    await runner.dispose();
    await rm(cookie, { force: true });
  }
});
