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
afterAll(async () => { await tmp.dispose(); });

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
  const client = ReaperClient.start({ killGraceMs: KILL_GRACE_MS, script, log: new FileEventLog(path.join(tmp.dir, `host-${count}.log`)), logFile });
  clients.push(client);
  client.contain(cgroup.dir);
  expect(await client.whenContained(cgroup.dir, 5_000)).toBe(true);
  const child = spawn('sh', ['-c', 'echo $$ > "$0"; exec sleep 1000', path.join(cgroup.dir, 'cgroup.procs')], { stdio: 'ignore', detached: true });
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

  it('a signal that comes while a line is handled is never lost: the loop ends with it by the next line', async () => {
    // the host sends `root` right after `contain`: a TERM then often lands between two reads; one
    // landing between the loop's test and its `read` is seen when the next line comes
    for (let i = 0; i < 20; i++) {
      const stub = spawn('sh', ['-c', REAPER_STUB_SCRIPT, 'ripcord-reaper', '/bin/echo', 'exec-ed'], { stdio: ['pipe', 'pipe', 'ignore'] });
      let out = '';
      stub.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const exited = new Promise<void>((resolve) => stub.on('exit', () => resolve()));
      stub.stdin.on('error', () => {}); // the last line may meet the exec-ed program gone
      stub.stdin.write('contain /x 99-1\n');
      expect(await waitFor(() => out.includes('contained /x\n'), 5_000)).toBe(true); // its traps are set
      stub.stdin.write('root 1 /x\n');
      stub.kill('SIGTERM');
      stub.stdin.write('release 1\n');
      expect(await waitFor(async () => stub.exitCode !== null, 5_000), `run ${i}: the stub still runs after the next line`).toBe(true);
      await exited;
      expect(out).toContain('--signal SIGTERM');
      stub.stdin.destroy();
    }
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
