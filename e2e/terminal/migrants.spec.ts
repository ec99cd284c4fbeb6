// Issue #27: processes that leave the session's cgroup — into the cgroup2 root, into a sibling,
// or moved there by their parent as systemd moves a tmux pane — are swept by the reaper after
// the container's kill, whichever way ripcord ends, and the log counts them as migrated. Real
// processes, real cgroups; as root here (the non-root cases: migrants-user.spec.ts).
import { LogEvent } from '../../main/core/log-events';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { locateCgroup, parseOwnCgroup } from '../../main/platform/cgroup';
import { FIXTURES, BASH, expect, TerminalFixture, test } from './ripcord';
import { leftAfter, logEvents, markedNamed, waitForEscapesUp, waitForLogEvent } from './containment';
import type { TmuxPane } from './tmux';
import { waitUntil } from './tmux';

const MIGRANTS = path.join(FIXTURES, 'migrants.sh');

type WayOut = (pane: TmuxPane, ripcord: number) => Promise<void>;
const WAYS_OUT: Record<string, WayOut> = {
  'a double Ctrl+C': async (pane) => pane.keysApart('C-c', 300, 'C-c'),
  'SIGTERM to ripcord': async (_pane, ripcord) => { process.kill(ripcord, 'SIGTERM'); },
  'the root\'s own end': async (pane) => pane.typeLine('exec true'),
  'kill -9 of ripcord': async (_pane, ripcord) => { process.kill(ripcord, 'SIGKILL'); },
};

async function cgroupOf(pid: number): Promise<string | undefined> {
  return parseOwnCgroup(await readFile(`/proc/${pid}/cgroup`, 'utf8').catch(() => ''));
}

async function migrateThenEnd(term: TerminalFixture, way: string, logFile: string, mount: string, sibling: string): Promise<string> {
  const pane = await term.ripcord(BASH, ['--log', logFile]);
  await pane.waitForPrompt();
  const ripcord = await pane.pid();
  const chosen = await waitForLogEvent(logFile, LogEvent.containmentChosen);
  expect(chosen.kind, String(chosen.reason)).toBe('cgroup');
  await pane.typeLine(`sh ${MIGRANTS} ${mount} ${sibling}`);
  await waitForEscapesUp(term.marker, 3);
  await pane.waitForScreen('the migrants to start', (screen) => screen.includes('migrants-started\n$'));
  const own = String(chosen.cgroup).slice(mount.length);
  for (const pid of await markedNamed(term.marker, 'sleep')) expect(await cgroupOf(pid), `sleep ${pid} left the session's cgroup`).not.toBe(own);

  await (WAYS_OUT[way] as WayOut)(pane, ripcord);

  expect(await leftAfter(term.marker), `left after ${way}`).toEqual([]);
  const migrated = await waitForLogEvent(logFile, LogEvent.reaperSessionMigrated);
  expect(migrated.migrated, `migrants counted after ${way}`).toBe(3);
  const dead = (await logEvents(logFile)).find((e) => e.name === LogEvent.reaperSessionDead);
  expect(dead?.survivors, `survivors after ${way}`).toBe(0);
  return `${way}: 3 migrants (cgroup2 root, sibling, child moved to a sibling), left 0, logged migrated=${String(migrated.migrated)} survivors=${String(dead?.survivors)}`;
}

test('migrants out of the session cgroup are swept after every way out (as root)', async ({ term }, testInfo) => {
  test.setTimeout(120_000);
  const located = await locateCgroup();
  if (process.getuid?.() !== 0 || !located.ok) {
    test.skip(true, `needs root and a cgroup2 hierarchy (${located.ok ? 'not root' : located.error})`);
    return;
  }
  const mount = located.value.mount;
  const sibling = path.join(located.value.dir, `migrants-${randomBytes(6).toString('hex')}`);
  await mkdir(sibling);
  const ways = Object.keys(WAYS_OUT);
  const terms = [term, ...ways.slice(1).map(() => new TerminalFixture(testInfo))];
  try {
    const lines = await Promise.all(ways.map((way, i) => migrateThenEnd(terms[i] as TerminalFixture, way, testInfo.outputPath(`ripcord-${i}.log`), mount, sibling)));
    for (const line of lines) console.log(`[migrants] ${line}`);
  } finally {
    for (const extra of terms.slice(1)) await extra.cleanup();
    await waitUntil('the sibling cgroup to empty', async () => ((await rmdir(sibling).then(() => true, () => false)) ? true : undefined)).catch(() => undefined);
  }
});
