// Starting a session in its container, with real ptys, a real reaper and real cgroups: the
// program's first instruction already runs in the session cgroup; a shim that cannot join
// never runs the program there, and the session starts under the process scan instead.
import { LogEvent } from '../core/log-events';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CGROUP_PREFIX, CgroupDir, parseOwnCgroup, type Result } from './cgroup';
import { probeContainment } from './containment-probe';
import { JOIN_FAILED_EXIT_CODE, JOIN_SCRIPT, spawnContained, spawnInCgroupOrScan } from './containment-spawn';
import type { EventLog } from './event-log';
import { ReaperClient } from './reaper-client';
import type { Session } from './session';
import { bundle, tempDir, waitFor } from './processes.test-support';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let reaper: ReaperClient;
const sessions: Session[] = [];

beforeAll(async () => {
  tmp = await tempDir();
  const script = await bundle(path.join(tmp.dir, 'reaper.js'), { file: 'main/platform/reaper-main.ts' });
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
  const add = (name: string, fields?: Record<string, unknown>): void => { events.push({ name, fields }); };
  return { events, event: add, warn: add, error: add };
}

/** Output of the session until it ends. */
function outputOf(session: Session): Promise<string> {
  let text = '';
  session.onData((d) => { text += d; });
  return new Promise((resolve) => session.onExit(() => resolve(text)));
}

describe('the join shim', () => {
  it('passes any argument through untouched', async () => {
    const { execFile } = await import('node:child_process');
    const procs = path.join(tmp.dir, 'procs-file');
    const out = await new Promise<string>((resolve, reject) => execFile('/bin/sh', ['-c', JOIN_SCRIPT, 'ripcord-join', procs, 'printf', '%s|', 'a b', '', '$x', '-e', '"\'', '*'],
      (err, stdout) => (err ? reject(err) : resolve(stdout))));
    expect(out).toBe('a b||$x|-e|"\'|*|');
  });

  it('exits with its own code, running nothing, when it cannot join', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync('/bin/sh', ['-c', JOIN_SCRIPT, 'ripcord-join', '/nonexistent/cgroup.procs', 'touch', path.join(tmp.dir, 'ran')]);
    expect(run.status).toBe(JOIN_FAILED_EXIT_CODE);
    expect(run.stderr.toString()).toBe('');
  });
});

describe('spawnContained', () => {
  it('runs the program inside the session cgroup from its first instruction', async () => {
    const plan = await probeContainment({ ...process.env, RIPCORD_CONTAINMENT: '' });
    if (plan.kind !== 'cgroup') {
      console.log(`skipped: this machine gets ${plan.kind} (${plan.reason})`);
      return;
    }
    const log = recordingLog();
    const started = await spawnContained({ file: '/bin/cat', args: ['/proc/self/cgroup'], cols: 80, rows: 24, reaper, log, plan });
    if (!started.ok) throw new Error(started.error);
    sessions.push(started.session);
    const output = await outputOf(started.session);
    expect(started.container.kind).toBe('cgroup');
    const cgroup = started.container.cgroup as string;
    expect(path.basename(cgroup)).toMatch(new RegExp(`^${CGROUP_PREFIX}${process.pid}-\\d+$`));
    expect(parseOwnCgroup(output.replaceAll('\r', ''))).toBe(cgroup.slice((plan.facts.cgroup2Mount ?? '').length));
    expect(log.events.find((e) => e.name === LogEvent.containmentChosen)?.fields).toMatchObject({ kind: 'cgroup', cgroup });
    // the reaper removes the cgroup once it is empty
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

    const started = await spawnInCgroupOrScan({ file: '/bin/cat', args: ['/proc/self/cgroup'], cols: 80, rows: 24, reaper, log }, unjoinable, 'test');

    if (!started.ok) throw new Error(started.error);
    sessions.push(started.session);
    await outputOf(started.session);
    expect(started.container.kind).toBe('process-scan');
    const chosen = log.events.find((e) => e.name === LogEvent.containmentChosen);
    expect(chosen?.fields?.kind).toBe('process-scan');
    expect(String(chosen?.fields?.reason)).toContain('could not join');
    expect(String(chosen?.fields?.reason)).toContain('falling back to the process scan');
    expect(await new CgroupDir(unjoinable.dir).exists()).toBe(false);
  });
});
