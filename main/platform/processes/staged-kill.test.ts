import { spawn } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessInfo } from './process-table';
import { isAlive, LinuxProcessTable, SessionMembers } from './process-tree';
import { spawnSession } from '../pty/session';
import { StagedKill } from './staged-kill';
import { killMarked, markedProcesses, newMarker, startHostileSession, tempDir, waitFor, waitHostileTreeUp } from './processes.test-support';

const table = new LinuxProcessTable();
let marker = newMarker();
let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  tmp = await tempDir();
});
afterAll(async () => {
  await tmp.dispose();
});
afterEach(async () => {
  await killMarked(marker);
  marker = newMarker();
});

async function stillAlive(p: ProcessInfo): Promise<boolean> {
  const now = await table.lookup(p.pid);
  return now !== undefined && now.startTime === p.startTime && isAlive(now);
}

/** A real process tree outside any session of ours: a setsid leader (sid = its pid) and its child. */
async function unrelatedTree(): Promise<{ leader: ProcessInfo; child: ProcessInfo }> {
  const proc = spawn('/bin/bash', ['-c', `(exec -a ${marker}-child sleep 1000) & exec -a ${marker}-leader sleep 1000`], {
    detached: true,
    stdio: 'ignore',
  });
  proc.unref();
  const find = async (suffix: string): Promise<ProcessInfo | undefined> => {
    const [p] = await markedProcesses(`${marker}-${suffix}`);
    return p && p.argv[0] === `${marker}-${suffix}` ? table.lookup(p.pid) : undefined;
  };
  const both = await waitFor(async () => {
    const leader = await find('leader');
    const child = await find('child');
    return leader && child ? { leader, child } : undefined;
  }, 5_000);
  if (!both) throw new Error('unrelated tree did not start');
  expect(both.leader.sid).toBe(both.leader.pid);
  expect(both.child.ppid).toBe(both.leader.pid);
  return both;
}

describe('StagedKill (real processes, real signals)', () => {
  it('leaves zero processes of a hostile tree, using SIGKILL for the stubborn ones', async () => {
    const session = await startHostileSession(marker, tmp.dir);
    try {
      const members = new SessionMembers({ pid: session.pid, startTime: session.startTime });
      const refresh = async (): Promise<void> => {
        members.update(await table.snapshot());
      };
      expect(await waitHostileTreeUp(marker, refresh)).toBe(true);
      await refresh();
      expect(members.alive.length).toBeGreaterThanOrEqual(51); // root + 50

      const result = await new StagedKill([members], { table, killGraceMs: 800 }).run();

      expect(await markedProcesses(marker)).toEqual([]);
      expect(result.survivors).toEqual([]);
      expect(result.killedBy.KILL).toBeGreaterThanOrEqual(51);
    } finally {
      session.dispose();
    }
  });

  it('ends a cooperative tree with SIGHUP, before any SIGTERM or SIGKILL', async () => {
    const result = await spawnSessionTree(`(exec -a ${marker}-a sleep 1000) & (exec -a ${marker}-b sleep 1000) & wait`);
    expect(await markedProcesses(marker)).toEqual([]);
    expect(result.killedBy.HUP).toBeGreaterThanOrEqual(3);
    expect(result.killedBy.TERM + result.killedBy.KILL).toBe(0);
  });

  it('never signals a process registered with the wrong start time', async () => {
    const { leader, child } = await unrelatedTree();
    const members = new SessionMembers({ pid: leader.pid, startTime: leader.startTime + 1 });
    const result = await new StagedKill([members], { table, killGraceMs: 200 }).run();
    expect(result.killedBy).toEqual({ HUP: 0, TERM: 0, KILL: 0 });
    expect(await stillAlive(leader)).toBe(true);
    expect(await stillAlive(child)).toBe(true);
  });

  it("never signals a process whose session id or parent id is a dead root's recorded pid", async () => {
    // the recorded root "died" and its pid now belongs to an unrelated session leader: same
    // pid, earlier start time than the leader's
    const { leader, child } = await unrelatedTree();
    const members = new SessionMembers({ pid: leader.pid, startTime: leader.startTime - 1 });
    const result = await new StagedKill([members], { table, killGraceMs: 200 }).run();
    expect(result.killedBy).toEqual({ HUP: 0, TERM: 0, KILL: 0 });
    expect(await stillAlive(leader)).toBe(true);
    expect(await stillAlive(child)).toBe(true);
  });
});

/** Runs `script` as a session root in a real pty and staged-kills it once its marked children run. */
async function spawnSessionTree(script: string): Promise<Awaited<ReturnType<StagedKill['run']>>> {
  const spawned = await spawnSession({ file: '/bin/bash', args: ['-c', script, `${marker}-root`], cols: 80, rows: 24 });
  if (!spawned.ok) throw new Error(spawned.error);
  try {
    const members = new SessionMembers({ pid: spawned.value.pid, startTime: spawned.value.startTime });
    expect(await waitFor(async () => (await markedProcesses(marker)).length === 3, 5_000)).toBe(true);
    members.update(await table.snapshot());
    return await new StagedKill([members], { table, killGraceMs: 2_000 }).run();
  } finally {
    spawned.value.dispose();
  }
}
