// Starting a session in its container, with real ptys, a real reaper and real cgroups: the
// program's first instruction already runs in the session cgroup, held there until the reaper
// confirmed it; a shim that cannot join never runs the program there, and the session starts
// under the process scan instead.
import { LogEvent } from '../../core/log-events';
import { spawn } from 'node:child_process';
import { access, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, type TestContext } from 'vitest';
import { CGROUP_PREFIX, CgroupDir, parseOwnCgroup, type Result } from './cgroup';
import { planContainment, probeContainment, type ContainmentPlan } from './containment-probe';
import { spawnContained, spawnInCgroupOrFallback } from './containment-spawn';
import { JOIN_FAILED_EXIT_CODE, JOIN_SCRIPT } from './root-shim';
import type { EventLog } from '../log/event-log';
import { ReaperClient } from '../reaper-client/reaper-client';
import { LinuxProcessTable } from '../processes/process-tree';
import type { Session } from '../pty/session';
import { bundle, bundleReaper, BUNDLE_ENV, markedProcesses, newMarker, tempDir, waitFor } from '../processes/processes.test-support';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let reaper: ReaperClient;
const sessions: Session[] = [];

beforeAll(async () => {
  tmp = await tempDir();
  const script = await bundleReaper(tmp.dir);
  reaper = ReaperClient.start({ killGraceMs: 400, script });
});
afterEach(() => {
  for (const s of sessions.splice(0)) s.dispose();
});
afterAll(async () => {
  reaper.dispose();
  await tmp.dispose();
});

/** A plain record of what the code logged: data, not a stand-in for anything. */
function recordingLog(): EventLog & { events: { name: string; fields?: Record<string, unknown> }[] } {
  const events: { name: string; fields?: Record<string, unknown> }[] = [];
  const add = (name: string, fields?: Record<string, unknown>): void => {
    events.push({ name, fields });
  };
  return { events, event: add, warn: add, error: add };
}

/** Output of the session until it ends. */
function outputOf(session: Session): Promise<string> {
  let text = '';
  session.onData((d) => {
    text += d;
  });
  return new Promise((resolve) => session.onExit(() => resolve(text)));
}

describe('the join shim', () => {
  it('joins, runs nothing until continued, then passes any argument through untouched', async () => {
    const procs = path.join(tmp.dir, 'procs-file');
    const ran = path.join(tmp.dir, 'ran');
    const script = `touch "${ran}"; printf '%s|' "$@"`;
    const shim = spawn('/bin/sh', ['-c', JOIN_SCRIPT, 'ripcord-join', procs, 'sh', '-c', script, 'sh', 'a b', '', '$x', '-e', '"\'', '*'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    shim.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const exited = new Promise((resolve) => shim.on('exit', resolve));
    const state = async (): Promise<string | undefined> => (await new LinuxProcessTable().lookup(shim.pid as number))?.state;
    expect(await waitFor(async () => (await state()) === 'T', 5_000)).toBe(true);
    expect((await readFile(procs, 'utf8')).trim()).toBe(String(shim.pid));
    expect(
      await access(ran).then(
        () => true,
        () => false,
      ),
    ).toBe(false);
    process.kill(shim.pid as number, 'SIGCONT');
    await exited;
    expect(out).toBe('a b||$x|-e|"\'|*|');
  });

  it('exits with its own code, running nothing, when it cannot join', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync('/bin/sh', ['-c', JOIN_SCRIPT, 'ripcord-join', '/nonexistent/cgroup.procs', 'touch', path.join(tmp.dir, 'ran')]);
    expect(run.status).toBe(JOIN_FAILED_EXIT_CODE);
    expect(run.stderr.toString()).toBe('');
  });
});

/** The machine's containment plan when it is a cgroup; otherwise the test is skipped, saying why. */
async function cgroupPlan(ctx: TestContext): Promise<ContainmentPlan> {
  const plan = await probeContainment({ ...process.env, RIPCORD_CONTAINMENT: '' });
  if (plan.kind !== 'cgroup') ctx.skip(`this machine gets ${plan.kind} (${plan.reason})`);
  return plan;
}

describe('spawnContained', () => {
  it('runs the program inside the session cgroup from its first instruction', async (ctx) => {
    const plan = await cgroupPlan(ctx);
    const log = recordingLog();
    const started = await spawnContained({ file: '/bin/cat', args: ['/proc/self/cgroup'], cols: 80, rows: 24, reaper, log, plan });
    if (!started.ok) throw new Error(started.error);
    sessions.push(started.session);
    const output = outputOf(started.session);
    // held in the cgroup until run(): the program has not run yet
    expect((await new LinuxProcessTable().lookup(started.session.pid))?.state).toBe('T');
    started.run();
    await output;
    expect(started.container.kind).toBe('cgroup');
    const cgroup = started.container.cgroup as string;
    expect(path.basename(cgroup)).toMatch(new RegExp(`^${CGROUP_PREFIX}${process.pid}-\\d+-[0-9a-f]{16}$`));
    expect(parseOwnCgroup((await output).replaceAll('\r', ''))).toBe(cgroup.slice((plan.facts.cgroup2Mount ?? '').length));
    expect(log.events.find((e) => e.name === LogEvent.containmentChosen)?.fields).toMatchObject({ kind: 'cgroup', cgroup });
    expect(log.events.map((e) => e.name)).not.toContain('containment.reaper-unconfirmed');
    // the Node reaper (a host's lifecycle hands over to it after the start) removes the cgroup once it is empty
    reaper.takeOver();
    expect(await waitFor(async () => !(await new CgroupDir(cgroup).exists()), 10_000)).toBe(true);
  });

  it('falls back to the process scan, logged, when the root cannot join its cgroup', async () => {
    // a directory where the cgroup would be, whose cgroup.procs cannot be written (it is a directory)
    const unjoinable = new (class extends CgroupDir {
      override async create(): Promise<Result> {
        await mkdir(path.join(this.dir, 'cgroup.procs'), { recursive: true });
        return { ok: true, value: true };
      }
    })(path.join(tmp.dir, `${CGROUP_PREFIX}unjoinable`));
    const log = recordingLog();

    const started = await spawnInCgroupOrFallback(
      { file: '/bin/cat', args: ['/proc/self/cgroup'], cols: 80, rows: 24, reaper, log },
      async () => {
        const made = await unjoinable.create();
        return made.ok ? { ok: true, value: unjoinable } : made;
      },
      'test',
    );

    if (!started.ok) throw new Error(started.error);
    sessions.push(started.session);
    started.run();
    await outputOf(started.session);
    expect(started.container.kind).toBe('process-scan');
    const chosen = log.events.find((e) => e.name === LogEvent.containmentChosen);
    expect(chosen?.fields?.kind).toBe('process-scan');
    expect(String(chosen?.fields?.reason)).toContain('could not join');
    expect(String(chosen?.fields?.reason)).toContain('falling back to the process scan');
    expect(await new CgroupDir(unjoinable.dir).exists()).toBe(false);
  });

  it('plans a cgroup without a trial move, and falls back, logged, where the session cgroup cannot be made', async (ctx) => {
    const plan = await planContainment({
      ...process.env,
      RIPCORD_CONTAINMENT: '',
      RIPCORD_CGROUP_PARENT: path.join(tmp.dir, 'no-such-parent'),
    });
    if (process.platform !== 'linux' || plan.kind !== 'cgroup') ctx.skip(`no cgroup2 hierarchy here (${plan.reason})`);
    expect(plan.reason).toContain('join');
    const log = recordingLog();

    const started = await spawnContained({ file: '/bin/cat', args: ['/proc/self/cgroup'], cols: 80, rows: 24, reaper, log, plan });

    if (!started.ok) throw new Error(started.error);
    sessions.push(started.session);
    started.run();
    await outputOf(started.session);
    expect(started.container.kind).toBe('process-scan');
    const reason = String(log.events.find((e) => e.name === LogEvent.containmentChosen)?.fields?.reason);
    expect(reason).toContain(`cannot create ${path.join(tmp.dir, 'no-such-parent')}`);
    expect(reason).toContain('falling back to the process scan');
  });
});

// A host that starts a session and never lets it run: it reports the held root, then waits.
const HELD_HOST_SOURCE = `
import { containmentPlan } from './containment-probe';
import { spawnContained } from './containment-spawn';
import { ReaperClient } from '../reaper-client/reaper-client';
const [script, marker] = process.argv.slice(2) as [string, string];
void (async () => {
  const reaper = ReaperClient.start({ killGraceMs: 300, script, spawn: 'when-needed' });
  const log = { event: () => undefined, warn: () => undefined, error: () => undefined };
  const started = await spawnContained({ file: '/bin/sh', args: ['-c', 'exec -a "$0" sleep 1000', marker], cols: 80, rows: 24, reaper, log, plan: await containmentPlan() });
  if (!started.ok) throw new Error(started.error);
  process.stdout.write('held ' + started.session.pid + ' ' + started.container.cgroup + '\\n');
  setInterval(() => undefined, 1_000);
})();
`;

describe('a host that dies while its root is held', () => {
  it('leaves nothing: the program never ran, the root is gone and the reaper removes the cgroup', async (ctx) => {
    await cgroupPlan(ctx);
    const script = await bundleReaper(tmp.dir);
    const hostScript = await bundle(path.join(tmp.dir, 'held-host.js'), { source: HELD_HOST_SOURCE, resolveDir: __dirname });
    const marker = newMarker();
    const host = spawn(process.execPath, [hostScript, script, marker], { env: BUNDLE_ENV, stdio: ['ignore', 'pipe', 'inherit'] });
    onTestFinished(() => {
      host.kill('SIGKILL');
    });
    const held = await new Promise<{ root: number; cgroup: string }>((resolve, reject) => {
      let out = '';
      host.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /held (\d+) (\S+)/.exec(out);
        if (m) resolve({ root: Number(m[1]), cgroup: m[2] as string });
      });
      host.on('exit', () => reject(new Error(`the host exited before holding its root: ${out}`)));
    });
    const table = new LinuxProcessTable();
    expect((await table.lookup(held.root))?.state).toBe('T');
    const programs = async (): Promise<number> => (await markedProcesses(marker)).filter((p) => p.argv[0] === marker).length;
    expect(await programs()).toBe(0); // held: the program (`sleep`, named by the marker) never ran

    host.kill('SIGKILL');

    expect(await waitFor(async () => (await table.lookup(held.root)) === undefined, 10_000)).toBe(true);
    expect(await waitFor(async () => !(await new CgroupDir(held.cgroup).exists()), 10_000)).toBe(true);
    expect(await programs()).toBe(0);
    expect(await markedProcesses(marker)).toEqual([]);
  });
});
