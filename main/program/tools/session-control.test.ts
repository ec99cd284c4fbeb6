// SessionControl on a real bash in a real pty: the process view shows a hostile job with the
// signals it ignores, and stopping the foreground job kills it and its children while the
// shell and a background job live on. No mocks.
import { afterEach, describe, expect, it } from 'vitest';
import { nullEventLog } from '../../platform/log/event-log';
import type { ProcessTable } from '../../platform/processes/process-table';
import { systemProcessTable } from '../../platform/processes/process-tree';
import { SessionControl } from './session-control';
import { ScanContainer } from '../../platform/containment/session-container';
import { type Session, spawnSession } from '../../platform/pty/session';
import { foregroundJob, killMarked, markedProcesses, newMarker, waitFor } from '../../platform/processes/processes.test-support';

const GRACE_MS = 400;
const sessions: Session[] = [];
const markers: string[] = [];

afterEach(async () => {
  for (const s of sessions.splice(0)) s.dispose();
  for (const m of markers.splice(0)) await killMarked(m);
});

function table(): ProcessTable {
  const tables = systemProcessTable();
  if (!tables.ok) throw new Error(tables.error);
  return tables.value;
}

async function bashSession(): Promise<{ session: Session; control: SessionControl; output: () => string }> {
  return startSession('/bin/bash', ['--norc', '--noprofile']);
}

async function startSession(file: string, args: string[]): Promise<{ session: Session; control: SessionControl; output: () => string }> {
  const spawned = await spawnSession({ file, args, env: { PS1: 'P$ ' }, cols: 120, rows: 30 });
  if (!spawned.ok) throw new Error(spawned.error);
  const { value: session } = spawned;
  sessions.push(session);
  let text = '';
  session.onData((d) => (text += d));
  const root = { pid: session.pid, startTime: session.startTime };
  const container = new ScanContainer(root, table(), 'the process scan (test)');
  const control = new SessionControl({
    root,
    table: table(),
    killGraceMs: () => GRACE_MS,
    log: nullEventLog,
    members: { listMembers: () => container.members() },
  });
  return { session, control, output: () => text };
}

describe('SessionControl', () => {
  it('shows the hostile job with its ignored signals and stops it, sparing the shell and a background job', async () => {
    const { session, control, output } = await bashSession();
    const marker = newMarker();
    markers.push(marker);
    session.write(`(exec -a ${marker}-bg sleep 1000) &\n`);
    session.write(`bash -c 'trap "" HUP INT TERM; (exec -a ${marker}-child sleep 1000) & exec -a ${marker}-job sleep 1000'\n`);
    // the job counts once it runs under its own name: `bash -c` carries the marker in its line before it execs
    const jobRuns = async (): Promise<boolean> => (await markedProcesses(marker)).some((p) => p.argv[0] === `${marker}-job`);
    expect(
      await waitFor(
        async () => (await markedProcesses(marker)).length === 3 && (await jobRuns()) && (await foregroundJob(session.pid)) !== undefined,
        10_000,
      ),
    ).toBe(true);

    const view = await control.view();
    const job = view.rows.find((r) => r.command.startsWith(`${marker}-job`));
    expect(job?.ignores).toEqual(expect.arrayContaining(['HUP', 'INT', 'TERM']));
    expect(job?.foreground).toBe(true);
    expect(view.rows[0]?.pid).toBe(session.pid);
    expect(view.rows.map((r) => r.pid)).toEqual(expect.arrayContaining((await markedProcesses(marker)).map((p) => p.pid)));
    expect(await control.count()).toBe(view.rows.length);
    // the tab's title and the hint name the job that holds the terminal
    expect(await control.foreground()).toBe(`${marker}-job`);

    const started = performance.now();
    const result = await control.stopJob();
    const took = performance.now() - started;
    expect(result.ok, result.message).toBe(true);
    // generous: the grace plus slack for a loaded machine (a deadline, not a timing assertion)
    expect(took).toBeLessThan(GRACE_MS + 3_000);
    const left = (await markedProcesses(marker)).map((p) => p.argv[0]);
    expect(left).toEqual([`${marker}-bg`]);

    session.write('echo o""k\n');
    expect(await waitFor(() => /[\r\n]ok\r?\n/.test(output()), 10_000), JSON.stringify(output().slice(-400))).toBe(true);
  });

  it('does nothing when the shell holds the terminal, and refuses the root and strangers', async () => {
    const { session, control, output } = await bashSession();
    expect(await waitFor(() => output().includes('P$'), 10_000)).toBe(true);
    const none = await control.stopJob();
    expect(none).toEqual({ ok: false, message: expect.stringContaining('no foreground job') });
    expect((await control.stopProcess(session.pid)).ok).toBe(false);
    const stranger = await control.stopProcess(process.pid);
    expect(stranger).toEqual({ ok: false, message: expect.stringContaining('not a member') });
    expect(await session.rootHoldsForeground()).toBe(true);
    expect(await control.foreground()).toBe('bash');
  });

  it('under a root that is not a shell, the job is every process but the root: setsid and double-forked ones too', async () => {
    const marker = newMarker();
    markers.push(marker);
    // the root ignores the stop's signals and starts one more sleep after it: the stop never touches it
    const script = `trap "" HUP INT TERM; setsid bash -c 'exec -a ${marker}-setsid sleep 1000' & (bash -c 'exec -a ${marker}-orphan sleep 1000' &); bash -c 'exec -a ${marker}-child sleep 1000'; exec -a ${marker}-after sleep 1000`;
    const { session, control } = await startSession('/bin/bash', ['-c', script]);
    const names = async (): Promise<string> =>
      (await markedProcesses(marker))
        .map((p) => `${p.pid === session.pid ? 'root:' : ''}${p.argv[0]}`)
        .sort()
        .join(' ');
    const started = ['-child', '-orphan', '-setsid'].map((n) => `${marker}${n}`);
    expect(await waitFor(async () => (await names()).includes(started.join(' ')), 10_000), await names()).toBe(true);
    const result = await control.stopJob();
    expect(result.ok, result.message).toBe(true);
    expect(result.message).toMatch(/^the processes of \/bin\/bash -c .*-setsid.*stopped: 3 process\(es\)/);
    // the root lives on, into its next command
    expect(await waitFor(async () => (await names()) === `root:${marker}-after`, 10_000), await names()).toBe(true);
  });
});
