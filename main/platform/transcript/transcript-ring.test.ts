// The ring's SIGBUS guard, in child processes (a guard that fails loops on the fault or dies):
// a handler another library installs later — libuv's, which `process.on('SIGBUS')` installs and
// which returns, so an unguarded fault would repeat forever — still leaves the ring's copies
// guarded; and a SIGBUS that is not a fault in the ring goes on to the handler before ours.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../processes/processes.test-support';

/** Bound on a child's life: a guard that fails makes it spin on the fault. Never a timing asserted. */
const CHILD_DEADLINE_MS = 20_000;
const NATIVE = path.join(REPO_ROOT, 'native/transcript-ring/build/Release/transcript_ring.node');

interface Ended { stdout: string; code: number | null; signal: NodeJS.Signals | null }

function runChild(source: string): Promise<Ended> {
  const child = spawn(process.execPath, ['-e', source, NATIVE], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const deadline = setTimeout(() => child.kill('SIGKILL'), CHILD_DEADLINE_MS);
  return new Promise((resolve) => child.once('exit', (code, signal) => {
    clearTimeout(deadline);
    resolve({ stdout, code, signal });
  }));
}

/** Opens a ring on a fresh file, runs `then` (JS with `ring`, `r`, `file`, `fs` in scope). */
const withRing = (then: string): string => `
  const fs = require('node:fs');
  const ring = require(process.argv[1]);
  const file = require('node:path').join(require('node:os').tmpdir(), 'ripcord-ring-test-' + process.pid);
  ring.open(file, 65536, 65536).then((r) => { try { ${then} } finally { fs.rmSync(file, { force: true }); } });`;

describe('the transcript ring\'s SIGBUS guard', () => {
  it('still guards its copies after another handler is installed: the write fails, the process lives', async () => {
    // process.on('SIGBUS') installs libuv's handler in place of ours
    const ended = await runChild(withRing(`
      process.on('SIGBUS', () => {});
      fs.truncateSync(file, 0);
      console.log('write ' + ring.write(r, 'x'.repeat(1000)));
      console.log('again ' + ring.write(r, 'y'));`));
    expect(ended).toEqual({ stdout: 'write -1\nagain -1\n', code: 0, signal: null });
  });

  it('passes a SIGBUS that is not a fault in the ring to the handler installed after it', async () => {
    // the write puts ours back, chaining to libuv's
    const ended = await runChild(withRing(`
      process.on('SIGBUS', () => { console.log('their handler'); ring.close(r); process.exit(0); });
      console.log('write ' + ring.write(r, 'x'));
      process.kill(process.pid, 'SIGBUS');
      setInterval(() => {}, 1000);`)); // the listener runs from the event loop: it stays alive until then
    expect(ended).toEqual({ stdout: 'write 1\ntheir handler\n', code: 0, signal: null });
  });

  it('leaves a SIGBUS that is not a fault in the ring to the default action when nobody else handles it', async () => {
    const ended = await runChild(withRing(`
      console.log('write ' + ring.write(r, 'x'));
      process.kill(process.pid, 'SIGBUS');`));
    expect(ended).toEqual({ stdout: 'write 1\n', code: null, signal: 'SIGBUS' });
  });
});
