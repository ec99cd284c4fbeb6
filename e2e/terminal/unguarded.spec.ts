// Issue #27: a session cannot disarm its own exit. A flood of connections to the control socket
// is capped (the rest refused at once); the exit path's kill and a replacement reaper need no new
// descriptor even when the host has none left; and a session that keeps killing the reaper is
// ended (exit code 70, with a message) instead of running on unguarded. Real processes, real
// cgroups, a real flood.
import { LogEvent } from '../../main/core/log-events';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EXIT_CODE_INTERNAL_ERROR, EXIT_CODE_INTERRUPT } from '../../main/core/exit-codes';
import { MAX_CONNECTIONS } from '../../main/platform/control/control-server';
import { MAX_REPLACEMENTS } from '../../main/platform/reaper-client/reaper-client';
import { leftAfter, logEvents, scratchCgroupOrSkip, waitForLogEvent } from './containment';
import { BASH, FIXTURES, expect, test, type TerminalFixture } from './ripcord';
import { waitUntil } from './tmux';

const FLOOD = path.join(FIXTURES, 'flood-control.mjs');
const CONNECTIONS = 20_000;
const cleanups: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function startInBash(
  term: TerminalFixture,
): Promise<{ pane: Awaited<ReturnType<TerminalFixture['ripcord']>>; ripcord: number; logFile: string }> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'ripcord-unguarded-'));
  cleanups.push(() => rm(base, { recursive: true, force: true }));
  term.extraEnv = { XDG_RUNTIME_DIR: base };
  const logFile = test.info().outputPath('ripcord.log');
  const pane = await term.ripcord(BASH);
  await pane.waitForPrompt();
  const chosen = await waitForLogEvent(logFile, LogEvent.containmentChosen);
  expect(chosen.kind, String(chosen.reason)).toBe('cgroup');
  return { pane, ripcord: await pane.pid(), logFile };
}

/** The pid of the reaper started last, once there are `count` starts in the log. */
async function nthReaper(logFile: string, count: number): Promise<number> {
  return waitUntil(`reaper start #${count}`, async () => {
    const started = (await logEvents(logFile)).filter((e) => e.name === LogEvent.reaperStarted);
    return started.length >= count ? Number(started[count - 1]?.reaperPid) : undefined;
  });
}

/** Kills the reaper `times` times in a row, each time once its replacement runs. */
async function killReaperAndWaitForReplacement(logFile: string, times = 1): Promise<void> {
  for (let kill = 1; kill <= times; kill++) {
    process.kill(await nthReaper(logFile, kill), 'SIGKILL');
    await nthReaper(logFile, kill + 1);
  }
}

test(`${CONNECTIONS} connections to the control socket, the reaper killed, then a double Ctrl+C: capped, 0 left, exit 130`, async ({
  term,
}) => {
  test.setTimeout(120_000);
  const { pane, ripcord, logFile } = await startInBash(term);
  const published = await waitForLogEvent(logFile, 'control.published');
  await pane.typeLine(`node ${FLOOD} ${String(published.socket)} ${CONNECTIONS} ${MAX_CONNECTIONS} &`);
  const screen = await pane.waitForScreen('the flood to be refused', (s) => /flood: attempted=\d+ refused=\d+ failed=\d+/.test(s), 90_000);
  const [, refused, failed] = /refused=(\d+) failed=(\d+)/.exec(screen) as RegExpExecArray;
  console.log(
    `[unguarded] flood of ${CONNECTIONS}: refused ${refused}, failed to connect ${failed}, host's descriptors ${(await readdir(`/proc/${ripcord}/fd`)).length}`,
  );
  expect(Number(refused)).toBeGreaterThanOrEqual(CONNECTIONS / 2);
  expect(Number(refused) + Number(failed)).toBeGreaterThanOrEqual(CONNECTIONS - MAX_CONNECTIONS);
  expect((await waitForLogEvent(logFile, 'control.refused')).max).toBe(MAX_CONNECTIONS);
  await killReaperAndWaitForReplacement(logFile);

  await pane.keysApart('C-c', 300, 'C-c');

  expect(await pane.waitForExit()).toBe(EXIT_CODE_INTERRUPT);
  expect(await leftAfter(term.marker)).toEqual([]);
});

test('a host with no descriptor left: the reaper killed 3 times, then a double Ctrl+C: 0 left, exit 130', async ({ term }) => {
  const { pane, ripcord, logFile } = await startInBash(term);
  await pane.typeLine('setsid -f sleep 3001; sleep 3002 &');
  await waitForLogEvent(logFile, 'control.published');
  // the host may keep what it has open, and open nothing more
  const open = (await readdir(`/proc/${ripcord}/fd`)).length;
  await promisify(execFile)('prlimit', ['--pid', String(ripcord), `--nofile=${open}:${open}`]);
  // each replacement is spawned in the spare descriptors' room
  await killReaperAndWaitForReplacement(logFile, 3);

  await pane.keysApart('C-c', 300, 'C-c');

  expect(await pane.waitForExit()).toBe(EXIT_CODE_INTERRUPT);
  expect(await leftAfter(term.marker)).toEqual([]);
  const failures = (await logEvents(logFile)).filter((e) => e.name === 'reaper-spawn-failed' || e.name === 'exit.cgroup-kill-failed');
  expect(failures, 'the exit path and the replacement needed no new descriptor').toEqual([]);
});

test(`the reaper killed ${MAX_REPLACEMENTS + 1} times in a row ends the session (exit 70, with its message); kill -9 of ripcord then finds nothing; 0 left, migrants included`, async ({
  term,
}) => {
  test.setTimeout(120_000);
  const scratch = await scratchCgroupOrSkip('migrants', 'unguarded');
  if (!scratch) return;
  cleanups.push(() => scratch.remove());
  const sibling = scratch.dir;
  const { pane, ripcord, logFile } = await startInBash(term);
  await pane.typeLine('setsid -f sleep 3003; sleep 3004 &');
  // migrants only a reaper can find: with none left to it, the host must start one at the exit
  await pane.typeLine(`sh ${path.join(FIXTURES, 'migrants.sh')} '' ${sibling}`);
  await pane.waitForScreen('the migrants to start', (screen) => screen.includes('migrants-started\n$'));
  for (let kill = 1; kill <= MAX_REPLACEMENTS + 1; kill++) process.kill(await nthReaper(logFile, kill), 'SIGKILL');

  expect(await pane.waitForExit()).toBe(EXIT_CODE_INTERNAL_ERROR);
  expect(() => process.kill(ripcord, 'SIGKILL'), 'ripcord had ended the session itself').toThrow();
  expect(await pane.screen()).toContain("the session kept killing ripcord's reaper");
  expect(await leftAfter(term.marker)).toEqual([]);
  expect((await waitForLogEvent(logFile, LogEvent.sessionUnguarded)).message).toContain('kept killing');
  expect((await waitForLogEvent(logFile, LogEvent.reaperSessionMigrated)).migrated).toBe(2);
});
