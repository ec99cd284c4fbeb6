// The migrants of issue #27, shared by the root and the non-root specs: a session whose processes
// leave its cgroup (fixtures/migrants.sh), one way out, then proof that the reaper swept them.
import { LogEvent } from '../../main/core/log-events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseOwnCgroup } from '../../main/platform/containment/cgroup';
import { leftAfter, logEvents, markedNamed, waitForEscapesUp, waitForLogEvent } from './containment';
import { expect, FIXTURES, type TerminalFixture } from './ripcord';
import type { TmuxPane } from './tmux';

const MIGRANTS = path.join(FIXTURES, 'migrants.sh');

type WayOut = (pane: TmuxPane, ripcord: number) => Promise<void>;
export const WAYS_OUT: Record<string, WayOut> = {
  'a double Ctrl+C': async (pane) => pane.keysApart('C-c', 300, 'C-c'),
  'SIGTERM to ripcord': async (_pane, ripcord) => {
    process.kill(ripcord, 'SIGTERM');
  },
  "the root's own end": async (pane) => pane.typeLine('exec true'),
  'kill -9 of ripcord': async (_pane, ripcord) => {
    process.kill(ripcord, 'SIGKILL');
  },
};

async function cgroupOf(pid: number): Promise<string | undefined> {
  return parseOwnCgroup(await readFile(`/proc/${pid}/cgroup`, 'utf8').catch(() => ''));
}

export interface MigrantRun {
  term: TerminalFixture;
  /** the pane, running `ripcord run` of a bash */
  pane: TmuxPane;
  logFile: string;
  way: string;
  /** the cgroup2 mount, and where the migrants go: the root ('' when not tried) and a sibling */
  mount: string;
  root: string;
  sibling: string;
}

/** Starts the migrants from the pane's bash, ends ripcord `way`, and checks nothing is left; a line for the run's output. */
export async function migrateThenEnd(run: MigrantRun): Promise<string> {
  const { term, pane, logFile, way, mount } = run;
  const expected = run.root === '' ? 2 : 3;
  await pane.waitForPrompt();
  const ripcord = await pane.pid();
  const chosen = await waitForLogEvent(logFile, LogEvent.containmentChosen);
  expect(chosen.kind, String(chosen.reason)).toBe('cgroup');
  await pane.typeLine(`sh ${MIGRANTS} '${run.root}' ${run.sibling}`);
  await waitForEscapesUp(term.marker, expected);
  await pane.waitForScreen('the migrants to start', (screen) => screen.includes('migrants-started\n$'));
  const own = String(chosen.cgroup).slice(mount.length);
  for (const pid of await markedNamed(term.marker, 'sleep'))
    expect(await cgroupOf(pid), `sleep ${pid} left the session's cgroup`).not.toBe(own);

  await (WAYS_OUT[way] as WayOut)(pane, ripcord);

  expect(await leftAfter(term.marker), `left after ${way}`).toEqual([]);
  const migrated = await waitForLogEvent(logFile, LogEvent.reaperSessionMigrated);
  expect(migrated.migrated, `migrants counted after ${way}`).toBe(expected);
  const dead = (await logEvents(logFile)).find((e) => e.name === LogEvent.reaperSessionDead);
  expect(dead?.survivors, `survivors after ${way}`).toBe(0);
  return `${way}: ${expected} migrants, left 0, logged migrated=${String(migrated.migrated)} survivors=${String(dead?.survivors)}`;
}
