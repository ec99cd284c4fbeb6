import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, LinuxProcessTable } from '../processes/process-tree';
import { ReaperClient } from './reaper-client';
import { spawnSession } from '../pty/session';
import { LogEvent } from '../../core/log-events';
import { logFileEntries, reaperSessionDead } from './reaper.test-support';
import {
  bundle,
  bundleReaper,
  BUNDLE_ENV,
  killMarked,
  markedProcesses,
  newMarker,
  tempDir,
  waitFor,
  waitHostileTreeUp,
} from '../processes/processes.test-support';

const KILL_GRACE_MS = 800;
const table = new LinuxProcessTable();
let tmp: Awaited<ReturnType<typeof tempDir>>;
let reaperScript: string;
let hostScript: string;
let marker = newMarker();
const clients: ReaperClient[] = [];
const hosts: ChildProcess[] = [];

// A stand-in for the app: starts the reaper and a hostile session, registers it, then idles.
const HOST_SOURCE = `
import { ReaperClient } from './reaper-client';
import { startHostileSession } from '../processes/processes.test-support';
const [script, marker, dir, logFile, grace] = process.argv.slice(2) as [string, string, string, string, string];
void (async () => {
  const reaper = ReaperClient.start({ killGraceMs: Number(grace), script, logFile });
  if (marker === '-') {
    // only the reaper: nothing else holds this host, so it must exit by itself now
    process.stdout.write('ready 0 ' + reaper.pid + '\\n');
    return;
  }
  const session = await startHostileSession(marker, dir);
  reaper.register(session.pid, session.startTime);
  process.stdout.write('ready ' + session.pid + ' ' + reaper.pid + '\\n');
  setInterval(() => undefined, 1_000);
})();
`;

beforeAll(async () => {
  tmp = await tempDir();
  reaperScript = await bundleReaper(tmp.dir);
  hostScript = await bundle(path.join(tmp.dir, 'host.js'), { source: HOST_SOURCE, resolveDir: __dirname });
});
afterAll(async () => {
  await tmp.dispose();
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.dispose();
  for (const h of hosts.splice(0)) h.kill('SIGKILL');
  await killMarked(marker);
  marker = newMarker();
});

let logs = 0;
/** Log paths must not carry the marker: the reaper's command line names its log file. */
const newLogFile = (): string => path.join(tmp.dir, `reaper-${++logs}.log`);

function startClient(logFile = newLogFile()): ReaperClient {
  const client = ReaperClient.start({ killGraceMs: KILL_GRACE_MS, script: reaperScript, logFile });
  clients.push(client);
  return client;
}

function startHost(hostMarker: string, logFile: string): { host: ChildProcess; ready: Promise<{ root: number; reaper: number }> } {
  const host = spawn(process.execPath, [hostScript, reaperScript, hostMarker, tmp.dir, logFile, String(KILL_GRACE_MS)], {
    env: BUNDLE_ENV,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  hosts.push(host);
  const ready = new Promise<{ root: number; reaper: number }>((resolve, reject) => {
    let out = '';
    host.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready (\d+) (\d+)/.exec(out);
      if (m) resolve({ root: Number(m[1]), reaper: Number(m[2]) });
    });
    host.on('exit', () => reject(new Error(`host exited before it was ready: ${out}`)));
  });
  return { host, ready };
}

const gone = async (pid: number): Promise<boolean> => (await table.lookup(pid)) === undefined;

describe('reaper (real processes)', () => {
  it('leaves zero session processes within killGraceMs + 500 ms after the host is SIGKILLed', async () => {
    const logFile = newLogFile();
    const { host, ready } = startHost(marker, logFile);
    const { reaper } = await ready;
    expect(await waitHostileTreeUp(marker)).toBe(true);

    host.kill('SIGKILL');
    const left = await waitFor(async () => (await markedProcesses(marker)).length === 0, KILL_GRACE_MS + 500);

    const survivors = await markedProcesses(marker);
    expect(await waitFor(() => gone(reaper), 5_000)).toBe(true);
    const log = await readFile(logFile, 'utf8');
    expect(left, `survivors ${JSON.stringify(survivors)}\nreaper log:\n${log}`).toBe(true);
    expect(log).toContain('"name":"reaper-shutdown"');
    expect(log).toMatch(/"name":"reaper-session-dead".*"KILL":[1-9]/);
  });

  it('never keeps the host alive, and exits when the host does', async () => {
    const logFile = newLogFile();
    const { host, ready } = startHost('-', logFile);
    const exited = new Promise<number | null>((resolve) => host.on('exit', (c) => resolve(c)));
    const { reaper } = await ready;
    expect(await exited).toBe(0);
    expect(await waitFor(() => gone(reaper), 5_000)).toBe(true);
    expect(await readFile(logFile, 'utf8')).toMatch(/"name":"reaper-exit","reason":"host-pipe-closed"/);
  });

  // node parses NODE_EXTRA_CA_CERTS at its start (docs/benchmarks.md#start); the reaper makes no
  // TLS connection
  it('starts the reaper without NODE_EXTRA_CA_CERTS, whatever the host has', async () => {
    const before = process.env.NODE_EXTRA_CA_CERTS;
    process.env.NODE_EXTRA_CA_CERTS = '/nowhere/ca.pem';
    try {
      const client = startClient();
      const environ = (await readFile(`/proc/${client.pid}/environ`, 'utf8')).split('\0');
      expect(environ).toContain('RIPCORD_REAPER=1');
      expect(environ.filter((entry) => entry.startsWith('NODE_EXTRA_CA_CERTS='))).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = before;
    }
  });

  it("kills a registered session at the exit path's kill and logs it dead with the signals used", async () => {
    const logFile = newLogFile();
    const client = startClient(logFile);
    const spawned = await spawnSession({
      file: '/bin/bash',
      args: ['-c', `(exec -a ${marker}-a sleep 1000) & wait`, `${marker}-root`],
      cols: 80,
      rows: 24,
    });
    if (!spawned.ok) throw new Error(spawned.error);
    client.register(spawned.value.pid, spawned.value.startTime);
    expect(await waitFor(async () => (await markedProcesses(marker)).length === 2, 5_000)).toBe(true);
    client.killAll();
    const dead = await reaperSessionDead(logFile, spawned.value.pid, 10_000);
    expect(dead).toMatchObject({ HUP: 2, survivors: 0 });
    expect(await markedProcesses(marker)).toEqual([]);
    spawned.value.dispose();
  });

  it('ends one session (a pane closed) and leaves the other running', async () => {
    const logFile = newLogFile();
    const client = startClient(logFile);
    const start = async (name: string) => {
      const spawned = await spawnSession({
        file: '/bin/bash',
        args: ['-c', `(exec -a ${marker}-${name}-child sleep 1000) & wait`, `${marker}-${name}`],
        cols: 80,
        rows: 24,
      });
      if (!spawned.ok) throw new Error(spawned.error);
      client.register(spawned.value.pid, spawned.value.startTime);
      return spawned.value;
    };
    const ended = await start('ended');
    const kept = await start('kept');
    expect(await waitFor(async () => (await markedProcesses(marker)).length === 4, 5_000)).toBe(true);
    client.endSession(ended.pid);
    expect(await reaperSessionDead(logFile, ended.pid, 10_000)).toMatchObject({ survivors: 0 });
    expect(await markedProcesses(`${marker}-ended`)).toEqual([]);
    expect((await markedProcesses(`${marker}-kept`)).length).toBe(2);
    client.killAll();
    expect(await reaperSessionDead(logFile, kept.pid, 10_000)).toMatchObject({ survivors: 0 });
    ended.dispose();
    kept.dispose();
  });

  it('an edited killGraceMs reaches the reaper: a kill that starts afterwards gives the new grace', async () => {
    // started with a grace far longer than the test may take, then edited down
    const logFile = newLogFile();
    const client = ReaperClient.start({ killGraceMs: 600_000, script: reaperScript, logFile });
    clients.push(client);
    const spawned = await spawnSession({
      file: '/bin/bash',
      args: ['-c', `trap '' HUP TERM; exec -a ${marker}-stubborn sleep 1000`],
      cols: 80,
      rows: 24,
    });
    if (!spawned.ok) throw new Error(spawned.error);
    client.register(spawned.value.pid, spawned.value.startTime);
    expect(await waitFor(async () => (await markedProcesses(marker)).length === 1, 5_000)).toBe(true);
    client.setKillGrace(KILL_GRACE_MS);
    client.killAll();
    // it ignores HUP and TERM: only the KILL at the end of the (new) grace ends it
    const dead = await reaperSessionDead(logFile, spawned.value.pid, 20_000);
    expect(dead).toMatchObject({ KILL: 1, survivors: 0 });
    expect(await markedProcesses(marker)).toEqual([]);
    expect(await readFile(logFile, 'utf8')).toMatch(new RegExp(`"name":"reaper-kill-grace","killGraceMs":${KILL_GRACE_MS}`));
    spawned.value.dispose();
  });

  it('never signals a pid registered with the wrong start time', async () => {
    const logFile = newLogFile();
    const client = startClient(logFile);
    const victim = spawn('/bin/bash', ['-c', `exec -a ${marker}-bystander sleep 1000`], { detached: true, stdio: 'ignore' });
    victim.unref();
    const pid = victim.pid as number;
    const info = await waitFor(async () => {
      const [p] = await markedProcesses(`${marker}-bystander`);
      return p ? table.lookup(pid) : undefined;
    }, 5_000);
    expect(info).toBeDefined();
    client.register(pid, (info?.startTime ?? 0) + 1);
    client.killAll();
    // no member: the reaper lets the session go at its next look (ended) or kills nobody (dead)
    const done = await waitFor(
      async () =>
        (await logFileEntries(logFile)).find(
          (e) => e.pid === pid && (e.name === 'reaper-session-ended' || e.name === LogEvent.reaperSessionDead),
        ),
      10_000,
    );
    expect(done).toBeDefined();
    if (done?.name === LogEvent.reaperSessionDead) expect(done).toMatchObject({ HUP: 0, TERM: 0, KILL: 0 });
    const now = await table.lookup(pid);
    expect(now?.startTime).toBe(info?.startTime);
    expect(now && isAlive(now)).toBe(true);
  });

  it('logs malformed commands to its log file and keeps working', async () => {
    const logFile = newLogFile();
    const client = startClient(logFile);
    (client as unknown as { child: ChildProcess }).child.stdin?.write('register banana\n');
    client.register(424242, 1);
    expect(await client.whenRegistered(424242, 5_000)).toBe(true);
    expect(await waitFor(async () => (await readFile(logFile, 'utf8').catch(() => '')).includes('reaper-bad-command'), 5_000)).toBe(true);
  });
});
