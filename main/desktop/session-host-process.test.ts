// SessionHostProcess watching a real silent process (a `sleep` standing in for a host whose
// thread stopped answering): the watch's states on a fake clock, each look awaited; the process
// and /proc real.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOST_HEARTBEAT_MS, HOST_HUNG_AFTER_MS } from '../../contracts/session-host';
import { toDisposable } from '../core/disposable';
import { silentLogger } from '../platform/log/log';
import { readProcStat } from '../platform/processes/proc-files';
import { bundleReaper, waitFor } from '../platform/processes/processes.test-support';
import { ReaperClient } from '../platform/reaper-client/reaper-client';
import { type HostState, SessionHostProcess } from './session-host-process';

let dir: string;
let reaperScript: string;
const cleanup: Array<() => void> = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-host-watch-'));
  reaperScript = await bundleReaper(dir);
});
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function watched(): { child: ChildProcess; states: HostState[]; advance(ms: number): void; tick(): Promise<void> } {
  const child = spawn('sleep', ['1000'], { stdio: 'ignore' });
  const reaper = ReaperClient.start({ killGraceMs: 200, script: reaperScript });
  let now = 0;
  const host = new SessionHostProcess(
    {
      pid: child.pid,
      send: () => undefined,
      onMessage: () => toDisposable(() => undefined),
      onExit: (listener) => {
        child.on('exit', () => listener('ended'));
        return toDisposable(() => undefined);
      },
      kill: () => child.kill('SIGKILL'),
    },
    reaper,
    silentLogger,
    () => now,
  );
  const states: HostState[] = [];
  host.onState(({ state }) => states.push(state));
  cleanup.push(
    () => host.dispose(),
    () => child.kill('SIGKILL'),
    () => reaper.dispose(),
  );
  return {
    child,
    states,
    advance: (ms) => (now += ms),
    // one look of the watch, its /proc read done
    tick: () => host.look(),
  };
}

describe('SessionHostProcess', () => {
  it('calls a host that says nothing for HOST_HUNG_AFTER_MS hung, and no sooner', async () => {
    const w = watched();
    w.advance(HOST_HUNG_AFTER_MS - HOST_HEARTBEAT_MS);
    await w.tick();
    expect(w.states).toEqual([]);
    w.advance(HOST_HEARTBEAT_MS);
    await w.tick();
    expect(w.states).toEqual(['hung']);
  });

  it('calls a stopped host stopped once it is silent, and kills it', async () => {
    const w = watched();
    w.child.kill('SIGSTOP');
    expect(await waitFor(async () => (await readProcStat(w.child.pid ?? 0))?.state === 'T', 2_000)).toBe(true);
    w.advance(2 * HOST_HEARTBEAT_MS);
    await w.tick();
    expect(w.states).toEqual(['stopped']);
    expect(await waitFor(() => w.child.signalCode === 'SIGKILL', 2_000)).toBe(true);
  });

  it('calls a host that ended gone', async () => {
    const w = watched();
    w.child.kill('SIGKILL');
    expect(await waitFor(() => w.states.includes('gone'), 2_000)).toBe(true);
  });
});
