// SessionLifecycle on a real bash in a real pty with a real reaper; the clock is the only fake
// (the team rules allow it for the state machine), so press intervals are exact, not slept.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type RipcordConfig } from '../core/config';
import { openLog, type Logger } from '../platform/log/log';
import { bundleReaper, stopSessions, waitFor, type SessionUnderTest } from '../platform/processes/processes.test-support';
import { ReaperClient } from '../platform/reaper-client/reaper-client';
import { SessionLifecycle, type SessionLifecycleOptions } from './session-lifecycle';

/** Bound on a shell answering; never asserted as a timing. */
const WAIT_MS = 10_000;
const bash: RipcordConfig = {
  ...DEFAULT_CONFIG,
  shell: '/bin/bash',
  args: ['--norc', '--noprofile'],
  env: { PS1: 'READY$ ' },
  killGraceMs: 500,
};

let dir: string;
let reaperScript: string;
let log: Logger;
const running: SessionUnderTest[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-lifecycle-'));
  reaperScript = await bundleReaper(dir);
  log = openLog({ file: path.join(dir, 'ripcord.log') });
});
afterEach(() => stopSessions(running.splice(0)));
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function lifecycle(config: RipcordConfig = bash, extra: Pick<SessionLifecycleOptions, 'settingsFile' | 'command'> = {}) {
  const reaper = ReaperClient.start({ killGraceMs: config.killGraceMs, script: reaperScript });
  const exits: number[] = [];
  let now = 0;
  const session = new SessionLifecycle({
    config,
    log,
    reaper,
    host: { restore: () => undefined, exit: (code) => exits.push(code) },
    clock: () => now,
    ...extra,
  });
  running.push({ session, reaper });
  let output = '';
  const spawned: number[] = [];
  const failures: string[] = [];
  session.onOutput((data) => {
    output += data;
    session.ack(data.length);
  });
  session.onSpawned(({ pid }) => spawned.push(pid));
  session.onStartFailed((message) => failures.push(message));
  const until = async (check: () => boolean, what: string): Promise<void> => {
    if (!(await waitFor(check, WAIT_MS))) throw new Error(`gave up waiting for ${what}; output: ${JSON.stringify(output.slice(-300))}`);
  };
  return { session, reaper, exits, spawned, failures, output: () => output, until, advance: (ms: number) => (now += ms) };
}

/** The command name of a process (/proc comm): `sh` for the reaper's stub, `node` once it took over. */
const comm = (pid: number): Promise<string> =>
  readFile(`/proc/${pid}/comm`, 'utf8').then(
    (c) => c.trim(),
    () => '',
  );

describe('SessionLifecycle', () => {
  it('starts the reaper as a sh stub and hands it over to Node once the program has printed', async () => {
    const l = lifecycle();
    const reaper = l.reaper.pid;
    expect(await comm(reaper)).toBe('sh');
    l.session.resize(80, 24);
    await l.until(() => l.output().includes('READY$ '), 'the first prompt');
    expect(await waitFor(async () => (await comm(reaper)) === 'node', WAIT_MS)).toBe(true);
    expect(l.reaper.pid).toBe(reaper);
  });

  it('spawns at the first size only, and hands input typed before the spawn to the program in order', async () => {
    const l = lifecycle();
    l.session.input('echo dropped\r'); // no size yet: no program coming, nothing to type into
    l.session.resize(80, 24);
    l.session.input('echo early-');
    l.session.input('$((40+2))\r');
    l.session.resize(90, 20);
    await l.until(() => l.output().includes('early-42'), 'the early input');
    l.session.input('stty size\r');
    await l.until(() => l.output().includes('20 90'), 'the size set while spawning');
    expect(l.spawned).toHaveLength(1);
    expect(l.output()).not.toContain('dropped');
  });

  it('a press before the spawn and one after it are two presses of one state machine: exit 130', async () => {
    const l = lifecycle();
    l.session.trigger({ kind: 'sigint' });
    expect(l.exits).toEqual([]);
    l.session.resize(80, 24);
    await l.until(() => l.output().includes('READY$ '), 'the first prompt');
    l.advance(300);
    l.session.pressCtrlC();
    expect(l.exits).toEqual([130]);
  });

  it('the first exit decided wins, whoever asks later', async () => {
    const l = lifecycle();
    l.session.resize(80, 24);
    await l.until(() => l.spawned.length > 0, 'the spawn');
    l.session.trigger({ kind: 'sigterm' });
    l.session.exitNow(70, 'a later crash');
    l.session.trigger({ kind: 'window-close' });
    expect(l.exits).toEqual([143]);
    expect(l.session.exiting).toBe(true);
  });

  it('an exit before the first size spawns nothing', async () => {
    const l = lifecycle();
    l.session.trigger({ kind: 'sighup' });
    l.session.resize(80, 24);
    expect(l.exits).toEqual([129]);
    expect(l.spawned).toEqual([]);
  });

  it('a program that cannot start is reported; a window close then exits 1, a host error 70', async () => {
    const l = lifecycle({ ...bash, shell: '/no/such/shell' });
    l.session.resize(80, 24);
    await l.until(() => l.failures.length > 0, 'the start failure');
    expect(l.failures[0]).toContain('/no/such/shell');
    l.session.trigger({ kind: 'window-close' });
    expect(l.exits).toEqual([1]);
    const other = lifecycle({ ...bash, shell: '/no/such/shell' });
    other.session.resize(80, 24);
    await other.until(() => other.failures.length > 0, 'the start failure');
    other.session.exitNow(70, 'internal error');
    expect(other.exits).toEqual([70]);
  });

  it('a start that fails on a setting names the setting and its file; one that fails on the command line does not', async () => {
    const failure = async (config: RipcordConfig, extra: Pick<SessionLifecycleOptions, 'settingsFile' | 'command'>): Promise<string> => {
      const l = lifecycle(config, extra);
      l.session.resize(80, 24);
      await l.until(() => l.failures.length > 0, 'the start failure');
      return l.failures[0] ?? '';
    };
    const settingsFile = '/home/u/.config/ripcord/config.json';
    expect(await failure({ ...bash, shell: '/bin/nosuchshell' }, { settingsFile })).toBe(
      `cannot start "/bin/nosuchshell": no such file or directory (the "shell" setting in ${settingsFile})`,
    );
    expect(await failure({ ...bash, cwd: '/no/such/dir' }, { settingsFile })).toBe(
      `cannot use working directory "/no/such/dir": no such file or directory (the "cwd" setting in ${settingsFile})`,
    );
    expect(await failure(bash, { settingsFile, command: { file: '/bin/nosuchprogram', args: [] } })).toBe(
      'cannot start "/bin/nosuchprogram": no such file or directory',
    );
  });
});
