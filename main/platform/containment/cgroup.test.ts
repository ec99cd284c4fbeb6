// cgroup v2 primitives and the staged kill over a real cgroup (this machine: a delegated
// cgroup2 hierarchy; elsewhere the real-cgroup tests print why they are skipped).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import { CGROUP_PREFIX, CgroupDir, parseCgroup2Mount, parseOwnCgroup } from './cgroup';
import { killCgroup } from './cgroup-kill';
import { probeContainment } from './containment-probe';
import { waitFor } from '../processes/processes.test-support';
import { readProcStat } from '../processes/proc-files';

describe('parsing /proc', () => {
  it('finds the cgroup2 mount on unified and hybrid systems, with escaped characters', () => {
    expect(parseCgroup2Mount('29 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n')).toBe('/sys/fs/cgroup');
    const hybrid = [
      '30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
      '31 30 0:28 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu',
      '40 30 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
    ].join('\n');
    expect(parseCgroup2Mount(hybrid)).toBe('/sys/fs/cgroup/unified');
    expect(parseCgroup2Mount('41 30 0:38 / /mnt/my\\040cgroups rw shared:5 - cgroup2 none rw\n')).toBe('/mnt/my cgroups');
    expect(parseCgroup2Mount('31 30 0:28 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n')).toBeUndefined();
  });

  it('reads the v2 line of /proc/<pid>/cgroup', () => {
    expect(parseOwnCgroup('9:name=systemd:/\n4:memory:/x\n0::/user.slice/app.scope\n')).toBe('/user.slice/app.scope');
    expect(parseOwnCgroup('0::/gone (deleted)\n')).toBe('/gone');
    expect(parseOwnCgroup('4:memory:/x\n')).toBeUndefined();
  });
});

const run = promisify(execFile);
const children: ChildProcess[] = [];
const made: CgroupDir[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const cg of made.splice(0)) {
    await cg.kill();
    await waitFor(async () => !(await cg.populated()), 3_000);
    await cg.remove();
  }
});

let count = 0;
/** A new cgroup under the delegated parent; without one the test is skipped, saying why. */
async function realCgroup(ctx: TestContext): Promise<CgroupDir> {
  const plan = await probeContainment({ ...process.env, RIPCORD_CONTAINMENT: '' });
  if (!plan.facts.delegation.ok || !plan.facts.parent) ctx.skip(`no delegated cgroup v2 here (${plan.facts.delegation.detail})`);
  const cgroup = new CgroupDir(path.join(plan.facts.parent, `${CGROUP_PREFIX}${process.pid}-test-${++count}`));
  expect(await cgroup.create()).toEqual({ ok: true, value: true });
  made.push(cgroup);
  return cgroup;
}

/** Starts `script` under sh and moves it into the cgroup before it runs (the shim's way). */
async function startIn(cgroup: CgroupDir, script: string): Promise<ChildProcess> {
  const child = spawn('sh', ['-c', `echo $$ > "$1"; shift; exec sh -c "$0"`, script, path.join(cgroup.dir, 'cgroup.procs')], {
    stdio: 'ignore',
    detached: true,
  });
  children.push(child);
  await waitFor(async () => (await cgroup.procs()).includes(child.pid ?? -1), 5_000);
  return child;
}

async function comm(pid: number): Promise<string | undefined> {
  return (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => undefined))?.trim();
}

async function state(pid: number): Promise<string | undefined> {
  return (await readProcStat(pid))?.state;
}

describe('a real session cgroup', () => {
  it('holds every process its members fork, setsid ones included, and is removed once empty', async (ctx) => {
    const cgroup = await realCgroup(ctx);
    await startIn(cgroup, 'setsid -f sleep 1000; (setsid sleep 1000 </dev/null &); exec sleep 1000');
    // all three must have exec'd sleep: while the subshell or a setsid fork still lives, the count passes 3 on its way
    await waitFor(async () => {
      const names = await Promise.all((await cgroup.procs()).map(comm));
      return names.length === 3 && names.every((c) => c === 'sleep');
    }, 5_000);
    expect(await cgroup.populated()).toBe(true);

    const result = await killCgroup(cgroup, { killGraceMs: 400 });

    expect(result).toMatchObject({ survivors: [], removed: true });
    expect(result.killedBy.HUP).toBe(3);
    expect(await cgroup.exists()).toBe(false);
  });

  it('stages the kill: HUP wakes a stopped member, TERM and then cgroup.kill end those that ignore the earlier signals', async (ctx) => {
    const cgroup = await realCgroup(ctx);
    await startIn(cgroup, 'sh -c \'trap "" HUP; exec sleep 1000\' & sh -c \'trap "" HUP TERM; exec sleep 1000\' & sleep 1000 & wait');
    // each child must have set its trap and exec'd sleep before the first signal, or HUP ends it early
    await waitFor(async () => (await Promise.all((await cgroup.procs()).map(comm))).filter((c) => c === 'sleep').length === 3, 5_000);
    const stopped = (await cgroup.procs())[3] as number;
    process.kill(stopped, 'SIGSTOP');
    await waitFor(async () => (await state(stopped)) === 'T', 3_000);

    const result = await killCgroup(cgroup, { killGraceMs: 600 });

    expect(result.survivors).toEqual([]);
    expect(result.removed).toBe(true);
    expect(result.killedBy.HUP).toBeGreaterThanOrEqual(2); // the stopped one and the plain sleep
    expect(result.killedBy.TERM).toBeGreaterThanOrEqual(1);
    expect(result.killedBy.KILL).toBeGreaterThanOrEqual(1);
    expect(result.killedBy.HUP + result.killedBy.TERM + result.killedBy.KILL + result.exitedUnsignalled).toBe(4);
  });
});

describe('removing a session cgroup', () => {
  it('removes a tree made inside it whose paths are far past PATH_MAX (20 levels of 250-character names)', async (ctx) => {
    const cgroup = await realCgroup(ctx);
    // a member makes the tree the way a session can: cd into its own cgroup, mkdir and cd down by relative names
    await startIn(cgroup, `python3 '${NEST_CGROUPS}' ${NESTED_LEVELS} '${cgroup.dir}'; exec sleep 1000`);
    await waitFor(async () => (await Promise.all((await cgroup.procs()).map(comm))).includes('sleep'), 5_000);
    expect(await depthBelow(cgroup.dir)).toBe(NESTED_LEVELS);

    const result = await killCgroup(cgroup, { killGraceMs: 400 });

    expect(result).toMatchObject({ survivors: [], removed: true });
    expect(await cgroup.exists()).toBe(false);
  });

  it('counts a tree that is gone as removed, and fails (leaving it) while a cgroup in it has a process', async (ctx) => {
    const cgroup = await realCgroup(ctx);
    const inner = new CgroupDir(path.join(cgroup.dir, 'inner'));
    expect((await inner.create()).ok).toBe(true);
    await startIn(inner, 'exec sleep 1000');

    const busy = await cgroup.remove();

    expect(busy).toMatchObject({ ok: false, error: expect.stringMatching(/^EBUSY/) });
    expect(await cgroup.exists()).toBe(true);
    expect(await new CgroupDir(path.join(cgroup.dir, 'gone')).remove()).toEqual({ ok: true, value: true });
  });
});

const NESTED_LEVELS = 20;
/** The end-to-end specs' fixture: nests cgroups of 250-character names by relative names only. */
const NEST_CGROUPS = path.resolve(__dirname, '../../../e2e/terminal/fixtures/nest-cgroups.py');

/** How many levels of cgroups are below dir, counted by a walk of relative names (the test's own). */
async function depthBelow(dir: string): Promise<number> {
  const { stdout } = await run('python3', [
    '-c',
    'import os, sys\nos.chdir(sys.argv[1])\nn = 0\nwhile True:\n    d = [e.name for e in os.scandir(".") if e.is_dir()]\n    if not d: break\n    os.chdir(d[0]); n += 1\nprint(n)',
    dir,
  ]);
  return Number(stdout.trim());
}

describe("a session cgroup's name", () => {
  it('is never one someone made first: a taken name is skipped, and the cgroup made is new and empty', async (ctx) => {
    const probe = await realCgroup(ctx);
    const parent = path.dirname(probe.dir);
    const stem = `${CGROUP_PREFIX}${process.pid}-taken`;
    // the names an adversary prepared (with a process of its own in one), then the fresh one
    const names = ['a1', 'a2', 'fresh'];
    for (const taken of names.slice(0, 2)) {
      const cgroup = new CgroupDir(path.join(parent, `${stem}-${taken}`));
      expect((await cgroup.create()).ok).toBe(true);
      made.push(cgroup);
    }
    await startIn(made[made.length - 1] as CgroupDir, 'exec sleep 1000');

    const created = await CgroupDir.createUnique(parent, stem, () => names.shift() as string);

    if (!created.ok) throw new Error(created.error);
    made.push(created.value);
    expect(created.value.name).toBe(`${stem}-fresh`);
    expect(await created.value.procs()).toEqual([]);
  });

  it('has an unpredictable suffix', async (ctx) => {
    const probe = await realCgroup(ctx);
    const created = await CgroupDir.createUnique(path.dirname(probe.dir), `${CGROUP_PREFIX}${process.pid}-7`);
    if (!created.ok) throw new Error(created.error);
    made.push(created.value);
    expect(created.value.name).toMatch(new RegExp(`^${CGROUP_PREFIX}${process.pid}-7-[0-9a-f]{16}$`));
  });
});
