// The reaper's first stage (a sh stub) with a real Node reaper behind it and a real cgroup: it
// confirms a cgroup at once, and whatever ends it before the takeover — the host's pipe
// closing, a signal — the Node reaper it becomes runs the staged kill over that cgroup.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { CGROUP_PREFIX, CgroupDir } from '../containment/cgroup';
import { probeContainment } from '../containment/containment-probe';
import { FileEventLog } from '../log/event-log';
import { LinuxProcessTable } from '../processes/process-tree';
import { ReaperClient } from './reaper-client';
import { REAPER_STUB_SCRIPT } from './reaper-stub';
import { bundleReaper, tempDir, waitFor } from '../processes/processes.test-support';

const KILL_GRACE_MS = 600;
/** Lines sent at a time while filling the stub's stdout: each is confirmed with ~20 bytes. */
const REPLIES_PER_FILL = 1_000;

/** The stub alone, its next stage `/bin/echo` (which prints what it was handed); nothing waits on a clock. */
function startStub(): { process: ChildProcess; pid: number; exited: Promise<void>; out(): string } {
  const child = spawn('sh', ['-c', REAPER_STUB_SCRIPT, 'ripcord-reaper', '/bin/echo', 'exec-ed'], { stdio: ['pipe', 'pipe', 'ignore'] });
  members.push(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.on('error', () => {}); // lines may meet the exec-ed program gone
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { process: child, pid: child.pid as number, exited, out: () => out };
}

/** What a process sleeps in: a read of its stdin, a write to its stdout (the syscall's first argument), or neither. */
async function blockedOn(pid: number): Promise<'stdin' | 'stdout' | undefined> {
  const [state, syscall] = await Promise.all([readFile(`/proc/${pid}/stat`, 'utf8'), readFile(`/proc/${pid}/syscall`, 'utf8')]).catch(
    () => ['', ''],
  );
  if (state.slice(state.lastIndexOf(')') + 2, state.lastIndexOf(')') + 3) !== 'S') return undefined;
  const fd = syscall.split(' ')[1];
  return fd === '0x0' ? 'stdin' : fd === '0x1' ? 'stdout' : undefined;
}

/** The process's pending signals (delivered ones are no longer pending: its handler has run or is running). */
async function pendingSignals(pid: number): Promise<bigint> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const field = (name: string): bigint => BigInt(`0x${new RegExp(`^${name}:\\s*([0-9a-f]+)$`, 'm').exec(status)?.[1] ?? '0'}`);
  return field('SigPnd') | field('ShdPnd');
}
let tmp: Awaited<ReturnType<typeof tempDir>>;
let script: string;
const clients: ReaperClient[] = [];
const members: ChildProcess[] = [];

beforeAll(async () => {
  tmp = await tempDir();
  script = await bundleReaper(tmp.dir);
});
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
  for (const m of members.splice(0)) m.kill('SIGKILL');
});
afterAll(async () => {
  await tmp.dispose();
});

const table = new LinuxProcessTable();
const alive = async (pid: number): Promise<boolean> => {
  const state = (await table.lookup(pid))?.state;
  return state !== undefined && state !== 'Z' && state !== 'X';
};

let count = 0;
/** A client whose reaper holds a cgroup with one member (a shell that traps nothing), never taken over; skips the test without a delegated cgroup. */
async function heldCgroup(ctx: TestContext): Promise<{ client: ReaperClient; cgroup: CgroupDir; member: number; logFile: string }> {
  const plan = await probeContainment({ ...process.env, RIPCORD_CONTAINMENT: '' });
  if (!plan.facts.delegation.ok || !plan.facts.parent) ctx.skip(`no delegated cgroup v2 here (${plan.facts.delegation.detail})`);
  const cgroup = new CgroupDir(path.join(plan.facts.parent, `${CGROUP_PREFIX}${process.pid}-stub-${++count}`));
  expect((await cgroup.create()).ok).toBe(true);
  const logFile = path.join(tmp.dir, `stub-${count}.log`);
  const client = ReaperClient.start({
    killGraceMs: KILL_GRACE_MS,
    script,
    log: new FileEventLog(path.join(tmp.dir, `host-${count}.log`)),
    logFile,
  });
  clients.push(client);
  client.contain(cgroup.dir);
  expect(await client.whenContained(cgroup.dir, 5_000)).toBe(true);
  const child = spawn('sh', ['-c', 'echo $$ > "$0"; exec sleep 1000', path.join(cgroup.dir, 'cgroup.procs')], {
    stdio: 'ignore',
    detached: true,
  });
  members.push(child);
  const member = child.pid as number;
  expect(await waitFor(async () => (await cgroup.procs()).includes(member), 5_000)).toBe(true);
  client.attachRoot(member, cgroup.dir);
  return { client, cgroup, member, logFile };
}

describe('the reaper stub', () => {
  it('confirms a cgroup at once, still a sh process, before any Node start', async (ctx) => {
    const held = await heldCgroup(ctx);
    expect((await readFile(`/proc/${held.client.pid}/comm`, 'utf8')).trim()).toBe('sh');
  });

  it('when the host goes before the takeover, the Node reaper it becomes runs the staged kill and removes the cgroup', async (ctx) => {
    const held = await heldCgroup(ctx);
    const reaper = held.client.pid;
    held.client.dispose(); // the pipe closes, as when the host is SIGKILLed

    expect(await waitFor(async () => !(await alive(held.member)), KILL_GRACE_MS + 5_000)).toBe(true);
    expect(await waitFor(async () => !(await held.cgroup.exists()), 5_000)).toBe(true);
    expect(await waitFor(async () => !(await alive(reaper)), 5_000)).toBe(true);
    const log = await readFile(held.logFile, 'utf8');
    expect(log).toMatch(/"name":"reaper-start".*"replayed":2/);
    expect(log).toMatch(/"name":"reaper-session-dead".*"HUP":1/);
    expect(log).toMatch(/"name":"reaper-exit","reason":"host-pipe-closed"/);
  });

  it('a SIGTERM to the stub ends it as it ends the Node reaper: the cgroup is killed, and the host replaces it', async (ctx) => {
    const held = await heldCgroup(ctx);
    const first = held.client.pid;
    process.kill(first, 'SIGTERM');

    expect(await waitFor(async () => !(await alive(held.member)), KILL_GRACE_MS + 5_000)).toBe(true);
    expect(await waitFor(() => held.client.pid !== first, 5_000)).toBe(true);
    expect(await readFile(held.logFile, 'utf8')).toMatch(/"name":"reaper-exit","reason":"SIGTERM"/);
  });

  it('a signal that comes while a line is handled ends the loop after that line: no next line is needed', async () => {
    // the line's handling is held in its reply: the stub's stdout, unread, fills up and its printf waits
    const stub = startStub();
    stub.process.stdout?.pause();
    let sent = 0;
    const full = async (): Promise<boolean> => {
      if ((await blockedOn(stub.pid)) === 'stdout') return true;
      for (let i = 0; i < REPLIES_PER_FILL; i++) stub.process.stdin?.write(`contain /x/${sent++} 99-1\n`);
      return false;
    };
    expect(await waitFor(full, 10_000), 'the stub waits to write a confirmation').toBe(true);
    stub.process.kill('SIGTERM');
    await waitFor(async () => (await pendingSignals(stub.pid)) === 0n, 5_000);
    stub.process.stdout?.resume();
    await stub.exited;
    expect(stub.out()).toContain('--signal SIGTERM');
  });

  it('a signal that comes while it waits for a line ends the loop at once', async () => {
    const stub = startStub();
    stub.process.stdin?.write('contain /x 99-1\n');
    expect(await waitFor(() => stub.out().includes('contained /x\n'), 5_000)).toBe(true); // its traps are set
    expect(await waitFor(async () => (await blockedOn(stub.pid)) === 'stdin', 5_000), 'the stub waits for the next line').toBe(true);
    stub.process.kill('SIGTERM');
    await stub.exited;
    expect(stub.out()).toContain('--signal SIGTERM');
  });

  it('hands over on takeover: the same process becomes the Node reaper, with the cgroup it held', async (ctx) => {
    const held = await heldCgroup(ctx);
    const pid = held.client.pid;
    held.client.takeOver();
    expect(await waitFor(async () => (await readFile(`/proc/${pid}/comm`, 'utf8')).trim() !== 'sh', 10_000)).toBe(true);
    expect(await waitFor(async () => (await readFile(held.logFile, 'utf8').catch(() => '')).includes('"replayed":3'), 10_000)).toBe(true);
    held.client.dispose();
    expect(await waitFor(async () => !(await held.cgroup.exists()), KILL_GRACE_MS + 5_000)).toBe(true);
    expect(held.client.pid).toBe(pid);
  });
});
