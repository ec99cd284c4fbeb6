// SessionHostProcess watching a real silent process (a `sleep` standing in for a host whose
// thread stopped answering): the Ctrl+C-free state machine of the watch on a fake clock, the
// process and /proc real.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, HOST_HUNG_AFTER_MS } from '../../../contracts/session-host';
import { toDisposable } from '../../core/disposable';
import { silentLogger } from '../../platform/log/log';
import { bundleReaper, waitFor } from '../../platform/processes/processes.test-support';
import { ReaperClient } from '../../platform/reaper/reaper-client';
import { type HostState, SessionHostProcess } from './session-host-process';

let dir: string;
let reaperScript: string;
const cleanup: Array<() => void> = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-host-watch-'));
  reaperScript = await bundleReaper(dir);
});
afterEach(() => {
  vi.useRealTimers();
  for (const step of cleanup.splice(0)) step();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function watched(): { child: ChildProcess; states: HostState[]; advance(ms: number): void; tick(): Promise<void> } {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const child = spawn('sleep', ['1000'], { stdio: 'ignore' });
  const reaper = ReaperClient.start({ killGraceMs: 200, script: reaperScript });
  let now = 0;
  const host = new SessionHostProcess({
    pid: child.pid,
    send: () => undefined,
    onMessage: () => toDisposable(() => undefined),
    onExit: (listener) => {
      child.on('exit', () => listener('ended'));
      return toDisposable(() => undefined);
    },
    kill: () => child.kill('SIGKILL'),
  }, reaper, silentLogger, () => now);
  const states: HostState[] = [];
  host.onState(({ state }) => states.push(state));
  cleanup.push(() => host.dispose(), () => child.kill('SIGKILL'), () => reaper.dispose());
  return {
    child,
    states,
    advance: (ms) => (now += ms),
    // one look of the watch, and the /proc read it starts
    tick: async () => {
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

describe('SessionHostProcess', () => {
  it('calls a host that says nothing for HOST_HUNG_AFTER_MS hung, and no sooner', async () => {
    const w = watched();
    w.advance(HOST_HUNG_AFTER_MS - HEARTBEAT_MS);
    await w.tick();
    expect(w.states).toEqual([]);
    w.advance(HEARTBEAT_MS);
    await w.tick();
    expect(await waitFor(() => w.states.length > 0, 2_000)).toBe(true);
    expect(w.states).toEqual(['hung']);
  });

  it('calls a stopped host stopped once it is silent, and kills it', async () => {
    const w = watched();
    w.child.kill('SIGSTOP');
    w.advance(2 * HEARTBEAT_MS);
    await w.tick();
    expect(await waitFor(() => w.states.includes('stopped'), 2_000)).toBe(true);
    expect(await waitFor(() => w.child.signalCode === 'SIGKILL', 2_000)).toBe(true);
  });

  it('calls a host that ended gone', async () => {
    const w = watched();
    w.child.kill('SIGKILL');
    expect(await waitFor(() => w.states.includes('gone'), 2_000)).toBe(true);
  });
});
