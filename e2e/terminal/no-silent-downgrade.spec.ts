// Issue #27, no silent downgrade: a session that falls back to the process scan says so on stderr
// at its start, the log says why, and `ripcord doctor` — run with the same environment — comes
// to the same containment for the same reason.
import { LogEvent } from '../../main/core/log-events';
import { execFile } from 'node:child_process';
import { mkdir, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { leftAfter, runWithoutTerminal, scratchCgroupOrSkip, waitForLogEvent } from './containment';
import { newMarker } from './processes';
import { CLI, expect, test } from './ripcord';

const PARENT = '/nonexistent/ripcord-e2e-parent';

test('a session whose cgroup cannot be made says so at its start, and doctor agrees', async ({ term }, testInfo) => {
  const logFile = testInfo.outputPath('ripcord.log');
  const pane = await term.ripcord(['sh', '-c', 'echo program-started; exec cat'], [], { RIPCORD_CGROUP_PARENT: PARENT });
  const screen = await pane.waitForScreen('the program to start', (s) => s.includes('program-started'));
  expect(screen).toContain('ripcord: this session runs without its container (process scan)');
  expect(screen).toContain(`why: cgroup: cannot create ${PARENT}/ripcord-`);
  // the notice comes before the program's output, never into it
  expect(screen.indexOf('without its container')).toBeLessThan(screen.indexOf('program-started'));
  const chosen = await waitForLogEvent(logFile, LogEvent.containmentChosen);
  expect(chosen.kind).toBe('process-scan');

  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'doctor', '--json'], {
    env: { ...process.env, RIPCORD_CONTAINMENT: '', RIPCORD_CGROUP_PARENT: PARENT },
  });
  const doctor = JSON.parse(stdout) as { kind: string; facts: { delegation: { ok: boolean; detail: string } }; guard: { ok: boolean } };
  console.log(
    `[downgrade] session: ${String(chosen.kind)} (${String(chosen.reason)}); doctor: ${doctor.kind} (${doctor.facts.delegation.detail})`,
  );
  expect(doctor.kind).toBe(chosen.kind);
  expect(doctor.facts.delegation.detail).toContain(`cannot create ${PARENT}/ripcord-`);
  expect(doctor.guard, 'doctor says the host and reaper can make themselves non-dumpable here').toEqual({ ok: true });

  await pane.keysApart('C-c', 300, 'C-c');
  expect(await pane.waitForExit()).toBe(130);
});

test('a session in its cgroup prints no such line', async ({ term }, testInfo) => {
  const pane = await term.ripcord(['sh', '-c', 'echo program-started; exec cat']);
  const screen = await pane.waitForScreen('the program to start', (s) => s.includes('program-started'));
  const chosen = await waitForLogEvent(testInfo.outputPath('ripcord.log'), LogEvent.containmentChosen);
  if (chosen.kind !== 'cgroup') console.log(`[downgrade] skipped: this machine gives sessions no cgroup: ${String(chosen.reason)}`);
  test.skip(chosen.kind !== 'cgroup', `this machine gives sessions no cgroup: ${String(chosen.reason)}`);
  expect(screen).not.toContain('without its container');
  await pane.keysApart('C-c', 300, 'C-c');
  expect(await pane.waitForExit()).toBe(130);
});

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test('predictable cgroup names (ripcord-<pid>-<n>), taken first: the session still gets a cgroup of its own', async ({}, testInfo) => {
  const scratch = await scratchCgroupOrSkip('taken', 'downgrade');
  if (!scratch) return;
  const parent = scratch.dir;
  const marker = newMarker();
  const logFile = testInfo.outputPath('taken.log');
  const host = runWithoutTerminal(['sh', '-c', 'exec sleep 1000'], { marker, logFile, env: { RIPCORD_CGROUP_PARENT: parent } });
  // the names of its first sessions, made while ripcord's Node is still starting
  const taken = [1, 2, 3].map((n) => path.join(parent, `ripcord-${host.pid}-${n}`));
  for (const dir of taken) await mkdir(dir);
  try {
    const chosen = await waitForLogEvent(logFile, LogEvent.containmentChosen);
    expect(chosen.kind, String(chosen.reason)).toBe('cgroup');
    expect(taken).not.toContain(String(chosen.cgroup));
    expect(path.dirname(String(chosen.cgroup))).toBe(parent);
    process.kill(host.pid, 'SIGTERM');
    await host.exited;
    expect(await leftAfter(marker)).toEqual([]);
  } finally {
    for (const dir of taken) await rmdir(dir).catch(() => undefined);
    await scratch.remove();
  }
});
