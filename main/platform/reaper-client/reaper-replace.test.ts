// The host watches its reaper (DESIGN §4): a reaper that is stopped or killed is replaced, and
// the replacement takes over every session cgroup — real reaper processes, a real cgroup.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { CGROUP_PREFIX, CgroupDir } from '../containment/cgroup';
import { probeContainment } from '../containment/containment-probe';
import { FileEventLog } from '../log/event-log';
import { ReaperClient } from './reaper-client';
import { bundleReaper, tempDir, waitFor } from '../processes/processes.test-support';
import { readProcStat } from '../processes/proc-files';
import { isAlive } from '../processes/process-tree';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let script: string;
const clients: ReaperClient[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  tmp = await tempDir();
  script = await bundleReaper(tmp.dir);
});
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(async () => {
  await tmp.dispose();
});

const alive = async (pid: number): Promise<boolean> => {
  const stat = await readProcStat(pid);
  return stat !== undefined && isAlive(stat);
};

let count = 0;
describe('reaper replacement', () => {
  for (const how of ['SIGSTOP', 'SIGKILL'] as const) {
    it(`a reaper hit by ${how} is replaced, and the new one kills the session cgroup when the host goes`, async (ctx: TestContext) => {
      const plan = await probeContainment({ ...process.env, RIPCORD_CONTAINMENT: '' });
      if (!plan.facts.delegation.ok || !plan.facts.parent) ctx.skip(`no delegated cgroup v2 here (${plan.facts.delegation.detail})`);
      const cgroup = new CgroupDir(path.join(plan.facts.parent, `${CGROUP_PREFIX}${process.pid}-replace-${++count}`));
      expect((await cgroup.create()).ok).toBe(true);
      const logFile = path.join(tmp.dir, `host-${count}.log`);
      const log = new FileEventLog(logFile);
      const client = ReaperClient.start({ killGraceMs: 300, script, log });
      clients.push(client);
      client.contain(cgroup.dir);
      const member = spawn('sh', ['-c', 'echo $$ > "$0"; exec sleep 1000', path.join(cgroup.dir, 'cgroup.procs')], {
        stdio: 'ignore',
        detached: true,
      });
      children.push(member);
      expect(await waitFor(async () => (await cgroup.procs()).includes(member.pid ?? -1), 5_000)).toBe(true);
      client.attachRoot(member.pid as number, cgroup.dir);
      const first = client.pid;

      process.kill(first, how);

      expect(await waitFor(() => client.pid !== first, 10_000)).toBe(true);
      expect(await waitFor(async () => !(await alive(first)), 5_000)).toBe(true);
      await log.flushed();
      expect(await readFile(logFile, 'utf8')).toContain('"name":"reaper.replaced"');
      // the host goes (its pipe closes): the replacement kills the cgroup and removes it
      client.dispose();
      expect(await waitFor(async () => !(await alive(member.pid as number)), 10_000)).toBe(true);
      expect(await waitFor(async () => !(await cgroup.exists()), 10_000)).toBe(true);
    });
  }
});
