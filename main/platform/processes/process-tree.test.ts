import { describe, expect, it } from 'vitest';
import type { ProcessInfo } from './process-table';
import { LinuxProcessTable, SessionMembers, systemProcessTable } from './process-tree';
import { parsePsLine } from './ps-process-table';

const proc = (pid: number, ppid: number, sid: number, startTime: number, state = 'S'): ProcessInfo => ({
  pid,
  ppid,
  pgrp: pid,
  sid,
  tpgid: -1,
  state,
  startTime,
});

describe('LinuxProcessTable (real /proc)', () => {
  it('finds this process with its session, group and a start time', async () => {
    const table = new LinuxProcessTable();
    const self = await table.lookup(process.pid);
    expect(self?.pid).toBe(process.pid);
    expect(self?.ppid).toBe(process.ppid);
    expect(self?.startTime).toBeGreaterThan(0);
    const all = await table.snapshot();
    expect(all.find((p) => p.pid === process.pid)?.startTime).toBe(self?.startTime);
    expect(await table.lookup(2 ** 30)).toBeUndefined();
  });

  it('is the system table here; Windows gets a clear error value', () => {
    expect(systemProcessTable('linux').ok).toBe(true);
    const win = systemProcessTable('win32');
    expect(win.ok).toBe(false);
    if (!win.ok) expect(win.error).toMatch(/win32/);
  });
});

describe('SessionMembers (snapshots as plain data)', () => {
  const ROOT = { pid: 100, startTime: 5_000 };

  it('counts the root session, setsid descendants and their own sessions', () => {
    const members = new SessionMembers(ROOT);
    const alive = members.update([
      proc(1, 0, 1, 1),
      proc(100, 50, 100, 5_000), // root
      proc(101, 100, 100, 5_001), // job
      proc(102, 1, 100, 5_002), // orphan, still in the root's session
      proc(103, 100, 103, 5_003), // setsid child
      proc(104, 103, 103, 5_004), // its child
      proc(105, 1, 103, 5_005), // orphan inside the setsid child's session
      proc(200, 1, 200, 5_006), // unrelated
    ]);
    expect(alive.map((p) => p.pid).sort()).toEqual([100, 101, 102, 103, 104, 105]);
  });

  it('keeps a setsid member whose parent died, and admits its later children', () => {
    const members = new SessionMembers(ROOT);
    members.update([proc(100, 50, 100, 5_000), proc(103, 100, 103, 5_003)]);
    // root gone; 103 re-parented to init, then starts a child
    const alive = members.update([proc(103, 1, 103, 5_003), proc(106, 103, 106, 5_010)]);
    expect(alive.map((p) => p.pid).sort()).toEqual([103, 106]);
  });

  it('never claims a process that reuses a dead root pid as its session id or a dead member pid as its parent', () => {
    const members = new SessionMembers(ROOT);
    members.update([proc(100, 50, 100, 5_000), proc(101, 100, 100, 5_001)]);
    const alive = members.update([
      proc(100, 1, 100, 9_000), // new session leader on the old root pid
      proc(300, 100, 100, 9_001), // its child, in "session 100"
      proc(101, 1, 101, 9_002), // new process on the dead member's pid
      proc(301, 101, 101, 9_003), // child of that new process
    ]);
    expect(alive).toEqual([]);
  });

  it('never claims anything for a root registered with the wrong start time', () => {
    const members = new SessionMembers({ pid: 100, startTime: 4_999 });
    expect(members.update([proc(100, 50, 100, 5_000), proc(101, 100, 100, 5_001)])).toEqual([]);
  });

  it('treats zombies as dead and drops them', () => {
    const members = new SessionMembers(ROOT);
    members.update([proc(100, 50, 100, 5_000), proc(101, 100, 100, 5_001)]);
    const alive = members.update([proc(100, 50, 100, 5_000, 'Z'), proc(101, 1, 100, 5_001)]);
    expect(alive.map((p) => p.pid)).toEqual([101]);
  });

  it("keeps the root's session id while a job it started just before ending lives, unseen until then", () => {
    const members = new SessionMembers(ROOT);
    members.update([proc(100, 50, 100, 5_000)]);
    // the root forked a background job and ended between two scans: the job was never seen
    expect(members.update([proc(107, 1, 100, 5_007)]).map((p) => p.pid)).toEqual([107]);
  });

  it('lets a session id count only while a member of that session is alive', () => {
    const members = new SessionMembers(ROOT);
    members.update([proc(100, 50, 100, 5_000)]);
    expect(members.update([])).toEqual([]);
    // session 100 had no live member in between: a later process with sid 100 is not ours
    expect(members.update([proc(400, 1, 100, 6_000)])).toEqual([]);
  });
});

describe('parsePsLine (macOS ps output)', () => {
  it('reads pid, ppid, pgid, tpgid, state and lstart', () => {
    const p = parsePsLine('  812   1  812   812 Ss   Mon Nov 30 11:45:25 2026');
    expect(p).toMatchObject({ pid: 812, ppid: 1, pgrp: 812, tpgid: 812, state: 'S', sid: -1 });
    expect(p?.startTime).toBe(Math.floor(Date.parse('Mon Nov 30 11:45:25 2026') / 1000));
    expect(parsePsLine('garbage')).toBeUndefined();
  });
});
