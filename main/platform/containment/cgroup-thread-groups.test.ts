// The container's kill reaches every thread group (DESIGN §4), on a real cgroup and a real
// process whose main thread has exited while another thread lives (e2e/terminal/fixtures/
// leaderless.c, built here with cc): alive by its live thread, its tag read from that thread,
// listed by the walk in a child cgroup, and ended by the walk's kill(tgid, SIGKILL).
import { execFile, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nullEventLog } from '../log/event-log';
import { readEnvironment, readLiveStat } from '../processes/proc-files';
import { buildFixtureProgram, REPO_ROOT, waitFor } from '../processes/processes.test-support';
import { CgroupDir, locateCgroup } from './cgroup';
import { killThreadGroupsNow, threadGroupsNow } from './cgroup-thread-groups';

const run = promisify(execFile);
let built: string | undefined;
let dispose = async (): Promise<void> => undefined;
beforeAll(async () => {
  ({ program: built, dispose } = await buildFixtureProgram('leaderless', ['-pthread']));
});
afterAll(() => dispose());

/** The program started with a marker in its environment; resolves once its leader is a zombie. */
async function leaderless(program: string, marker: string): Promise<number> {
  const child = spawn(program, [], { stdio: 'ignore', env: { ...process.env, LEADERLESS_MARKER: marker } });
  const pid = child.pid as number;
  // the leader is our child: once it exits, only its live thread keeps the process running
  await waitFor(async () => (await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).includes(') Z '), 5_000);
  return pid;
}

/** The walk lists the process, and — cgroup.kill written, the tree frozen — its kill(tgid) ends it, where cgroup.kill alone does not. */
async function expectTheWalkEnds(session: CgroupDir, pid: number): Promise<void> {
  expect(threadGroupsNow(session.dir)).toContain(pid);
  await session.kill();
  await session.freeze(true);
  expect(killThreadGroupsNow(session.dir, nullEventLog)).toContain(pid);
  expect(await waitFor(async () => !(await session.populated()), 5_000)).toBe(true);
}

async function endAndRemove(session: CgroupDir, pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* gone */
  }
  await waitFor(async () => !(await session.populated()), 5_000);
  expect((await session.remove()).ok).toBe(true);
}

describe.runIf(process.platform === 'linux')('a process whose main thread has exited', () => {
  it('is alive by its live thread, and its tag is read from that thread', async (ctx) => {
    if (!built) return ctx.skip('cc cannot build e2e/terminal/fixtures/leaderless.c here');
    const pid = await leaderless(built, 'alive-by-thread');
    try {
      const stat = await readLiveStat(pid);
      expect(stat?.state).not.toBe('Z');
      expect(await readEnvironment(pid)).toContain('LEADERLESS_MARKER=alive-by-thread\0');
    } finally {
      process.kill(pid, 'SIGKILL');
    }
    expect(await waitFor(async () => (await readLiveStat(pid))?.state === 'Z' || (await readLiveStat(pid)) === undefined, 5_000)).toBe(
      true,
    );
  });

  it('is found in a child cgroup and ended by the walk, where cgroup.kill is not enough', async (ctx) => {
    if (!built) return ctx.skip('cc cannot build e2e/terminal/fixtures/leaderless.c here');
    const located = await locateCgroup();
    if (!located.ok) return ctx.skip(`no cgroup2 hierarchy: ${located.error}`);
    const session = await CgroupDir.createUnique(located.value.dir, 'ripcord-test-tree');
    if (!session.ok) return ctx.skip(`cannot make a cgroup here: ${session.error}`);
    const child = new CgroupDir(path.join(session.value.dir, 'child'));
    expect((await child.create()).ok).toBe(true);
    const pid = await leaderless(built, 'in-a-child');
    try {
      expect((await child.join(pid)).ok).toBe(true);
      await expectTheWalkEnds(session.value, pid);
    } finally {
      await endAndRemove(session.value, pid);
    }
  });

  it('is found and ended in a cgroup nested past PATH_MAX, which a full path cannot reach', async (ctx) => {
    if (!built) return ctx.skip('cc cannot build e2e/terminal/fixtures/leaderless.c here');
    const located = await locateCgroup();
    if (!located.ok) return ctx.skip(`no cgroup2 hierarchy: ${located.error}`);
    const session = await CgroupDir.createUnique(located.value.dir, 'ripcord-test-deep');
    if (!session.ok) return ctx.skip(`cannot make a cgroup here: ${session.error}`);
    const pid = await leaderless(built, 'past-path-max');
    try {
      // 20 levels of 250-character names: ~5000 characters below the session's own path
      const nested = await run('python3', [
        path.join(REPO_ROOT, 'e2e/terminal/fixtures/nest-cgroups.py'),
        '20',
        session.value.dir,
        String(pid),
      ]).then(
        () => true,
        () => false,
      );
      if (!nested) return ctx.skip('python3 cannot nest the cgroups here');
      // its live thread's cgroup (the zombie leader's stays where it exited): the path is past PATH_MAX
      const thread = (await readdir(`/proc/${pid}/task`)).find((tid) => tid !== String(pid));
      expect(
        (await readFile(`/proc/${pid}/task/${thread}/cgroup`, 'utf8')).split('\n').find((l) => l.startsWith('0::'))?.length,
        'the process is in the deepest cgroup',
      ).toBeGreaterThanOrEqual(4096);
      await expectTheWalkEnds(session.value, pid);
    } finally {
      await endAndRemove(session.value, pid);
    }
  });
});
