// Issue #40's programs, shared by the root and the non-root cases of escapers.spec.ts: a process
// whose leader thread has exited (fixtures/leaderless.c), relay migrants (fixtures/relay.c) and a
// fork storm (fixtures/storm.c, under a low `ulimit -u`),
// built here with cc (node-pty's build needs it too), started from the pane's shell inside
// `ripcord run`; then one way out, and proof that no thread of them lives, the session cgroup is
// gone and the log's counts are true.
import { LogEvent } from '../../main/core/log-events';
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { logEvents, waitForLogEvent } from './containment';
import { WAYS_OUT } from './migrants';
import { MARKER_VARIABLE } from './processes';
import { CLI, expect, FIXTURES, type TerminalFixture } from './ripcord';
import { waitUntil, type TmuxPane } from './tmux';

const run = promisify(execFile);
export const PROGRAMS = ['leaderless', 'relay', 'storm'] as const;
/** The measure: nothing of the session lives this long after ripcord is gone (plus the grace the spec's kill gives). */
const NOTHING_LEFT_WITHIN_MS = 3_000 + 5_000;
/** A relay changes pid every few ms: a look at /proc is repeated this often before it counts as empty. */
const LOOKS = 5;

export interface Built {
  dir: string;
  leaderless: string;
  relay: string;
  storm: string;
  dispose(): Promise<void>;
}

/** The programs, compiled into a directory every user may run them from. */
export async function buildPrograms(): Promise<Built | string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-e2e-programs-'));
  // every user may run the programs, and a relay of any user may write its heartbeat here
  await chmod(dir, 0o1777);
  try {
    await run('cc', ['-O', '-o', path.join(dir, 'leaderless'), path.join(FIXTURES, 'leaderless.c'), '-pthread']);
    await run('cc', ['-O', '-o', path.join(dir, 'relay'), path.join(FIXTURES, 'relay.c')]);
    await run('cc', ['-O', '-o', path.join(dir, 'storm'), path.join(FIXTURES, 'storm.c')]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return `cc cannot build the test programs: ${String(error)}`;
  }
  return {
    dir,
    leaderless: path.join(dir, 'leaderless'),
    relay: path.join(dir, 'relay'),
    storm: path.join(dir, 'storm'),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

const field = async (file: string): Promise<string | undefined> => readFile(file, 'latin1').catch(() => undefined);

/** A relay's heartbeat file for the pane with this marker (fixtures/relay.c): it grows at each new pid. */
export const heartbeatFile = (dir: string, marker: string): string => path.join(dir, `beat-${marker}`);
const size = async (file: string): Promise<number> => (await stat(file).catch(() => undefined))?.size ?? 0;

/**
 * Live threads (state not Z or X) of the programs carrying the marker, as `name pid/tid state`:
 * each thread's own environ is read, since a zombie leader's is not. Looked at LOOKS times in a
 * row; a relay's heartbeat that grew meanwhile counts too, as a look at /proc may miss a pid that
 * lasts 5 ms.
 */
export async function liveThreads(marker: string, programs?: string): Promise<string[]> {
  const needle = `${MARKER_VARIABLE}=${marker}\0`;
  const found = new Set<string>();
  const beat = programs === undefined ? undefined : heartbeatFile(programs, marker);
  const beatBefore = beat === undefined ? 0 : await size(beat);
  for (let look = 0; look < LOOKS; look++) {
    for (const name of (await readdir('/proc')).filter((n) => /^\d+$/.test(n))) {
      const comm = (await field(`/proc/${name}/comm`))?.trim();
      if (!PROGRAMS.includes(comm as (typeof PROGRAMS)[number])) continue;
      for (const tid of await readdir(`/proc/${name}/task`).catch(() => [] as string[])) {
        const state = (await field(`/proc/${name}/task/${tid}/stat`))?.replace(/^.*\) /s, '').charAt(0);
        if (!state || state === 'Z' || state === 'X') continue;
        if ((await field(`/proc/${name}/task/${tid}/environ`))?.includes(needle)) found.add(`${comm} ${name}/${tid} ${state}`);
      }
    }
  }
  if (beat !== undefined && (await size(beat)) > beatBefore) found.add(`a relay's heartbeat grew: ${beat}`);
  return [...found];
}

export interface EscaperRun {
  term: TerminalFixture;
  pane: TmuxPane;
  logFile: string;
  way: keyof typeof WAYS_OUT;
  /** the command line typed at the session's shell (it starts the programs in the background) */
  start: string;
  /** how many of the programs' threads run before the way out, at least */
  running: number;
  /** where the programs are (a relay's heartbeat is written there) */
  programs: string;
  /** the programs leave the session's cgroup (or the scan's sight): counted as migrated; 'either': not checked */
  migrants: boolean | 'either';
  /** 'cgroup' or 'process-scan' */
  containment: string;
}

/** Starts the programs, ends ripcord `way`, checks nothing lives, the cgroup is gone and the counts; a line for the output. */
export async function startThenEnd(runSpec: EscaperRun): Promise<string> {
  const { term, pane, logFile, way } = runSpec;
  await pane.waitForPrompt();
  const ripcord = await pane.pid();
  const chosen = await waitForLogEvent(logFile, LogEvent.containmentChosen);
  expect(chosen.kind, String(chosen.reason)).toBe(runSpec.containment);
  await pane.typeLine(runSpec.start);
  await waitUntil(
    'the programs to run',
    async () => ((await liveThreads(term.marker, runSpec.programs)).length >= runSpec.running ? true : undefined),
    30_000,
  );

  await (WAYS_OUT[way] as (pane: TmuxPane, ripcord: number) => Promise<void>)(pane, ripcord);

  const left = await waitUntil(
    'no thread of the programs to live',
    async () => ((await liveThreads(term.marker, runSpec.programs)).length === 0 ? [] : undefined),
    NOTHING_LEFT_WITHIN_MS,
  ).catch(async () => liveThreads(term.marker, runSpec.programs));
  expect(left, `left after ${way}`).toEqual([]);
  const dead = await waitForLogEvent(logFile, LogEvent.reaperSessionDead);
  expect(dead.survivors, `survivors after ${way}`).toBe(0);
  const migrated = Number(dead.migrated ?? 0);
  if (runSpec.migrants === true) expect(migrated, `migrants counted after ${way}`).toBeGreaterThanOrEqual(1);
  else if (runSpec.migrants === false) expect(migrated, `nothing migrated after ${way}`).toBe(0);
  // root may move any migrant, a delegated user those in the cgroups it owns: each one caught is
  // moved back into the frozen container (a relay's pid seen just before it handed over is counted, never moved)
  const movedBack = Number(dead.movedBack ?? 0);
  if (runSpec.containment === 'cgroup' && runSpec.migrants === true)
    expect(movedBack, `migrants moved back after ${way}`).toBeGreaterThanOrEqual(1);
  expect(movedBack, `moved back, of the migrants, after ${way}`).toBeLessThanOrEqual(migrated);
  // `ripcord stats` reads the same counts back from the log
  const { stdout } = await run(process.execPath, [CLI, 'stats', '--json', logFile]);
  expect((JSON.parse(stdout) as { sessions: unknown }).sessions, `ripcord stats after ${way}`).toMatchObject({
    count: 1,
    survivors: 0,
    migrated,
    movedBack,
  });
  if (typeof chosen.cgroup === 'string') {
    const cgroup = chosen.cgroup;
    await waitUntil(
      `${cgroup} to be removed`,
      async () =>
        (await stat(cgroup).then(
          () => false,
          () => true,
        ))
          ? true
          : undefined,
      10_000,
    ).catch(() => undefined);
    expect(
      await stat(cgroup).then(
        () => 'still there',
        () => 'removed',
      ),
      `the session cgroup after ${way}`,
    ).toBe('removed');
    expect((await logEvents(logFile)).find((e) => e.name === LogEvent.cgroupKillDone)?.removed, `logged removed after ${way}`).toBe(true);
  }
  return `${way}: left 0, logged survivors=${String(dead.survivors)} migrated=${migrated} movedBack=${movedBack}`;
}
