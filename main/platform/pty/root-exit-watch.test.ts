// Real processes: a child of this process exits, node reaps it, and the watch notices.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { watchRootExit } from './root-exit-watch';

const gone = (pid: number): Promise<void> => new Promise((resolve) => watchRootExit(pid, resolve));

describe('watchRootExit', () => {
  it('calls back once the process has exited and was reaped', async () => {
    const child = spawn('/bin/sh', ['-c', 'read _'], { stdio: ['pipe', 'ignore', 'ignore'] });
    const pid = child.pid as number;
    const watched = gone(pid);
    child.stdin.end('\n');
    await watched;
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });

  it('stays quiet while the process runs, whatever other children do', async () => {
    const runner = spawn('/bin/sh', ['-c', 'read _'], { stdio: ['pipe', 'ignore', 'ignore'] });
    let called = false;
    const watch = watchRootExit(runner.pid as number, () => (called = true));
    // other children come and go: each sends a SIGCHLD
    for (let i = 0; i < 3; i++) await new Promise((r) => spawn('/bin/true').on('exit', r));
    await new Promise((r) => setTimeout(r, 100)); // the polls after those SIGCHLDs run out
    expect(called).toBe(false);
    watch.dispose();
    runner.stdin.end('\n');
  });
});
