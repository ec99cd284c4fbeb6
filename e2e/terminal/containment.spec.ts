// Issue #11: nothing a session starts outlives ripcord, however it escaped its process
// session, whichever way ripcord ends — and no cgroup of ripcord is left behind. Real
// processes, real cgroups (this machine: a delegated cgroup2 hierarchy, see `ripcord doctor`).
import { LogEvent } from '../../main/core/log-events';
import { randomBytes } from 'node:crypto';
import { cgroupsOf, ESCAPES, exitToEmptyMs, leftAfter, logEvents, waitForEscapesUp, waitForLogEvent } from './containment';
import { BASH, cleanupAll, expect, TerminalFixture, test } from './ripcord';
import type { TmuxPane } from './tmux';
import { waitUntil } from './tmux';

const privateTmux = (): string => `ripcord-escape-${randomBytes(4).toString('hex')}`;

/** The reaper's pid from the host's log (its last `reaper-started`). */
async function reaperPid(logFile: string): Promise<number> {
  const started = await waitForLogEvent(logFile, LogEvent.reaperStarted);
  return Number(started.reaperPid);
}

type WayOut = (pane: TmuxPane, ripcord: number, logFile: string) => Promise<void>;
const WAYS_OUT: Record<string, WayOut> = {
  'a double Ctrl+C': async (pane) => pane.keysApart('C-c', 300, 'C-c'),
  'SIGTERM to ripcord': async (_pane, ripcord) => {
    process.kill(ripcord, 'SIGTERM');
  },
  "the root's own end": async (pane) => pane.typeLine('exec true'),
  'kill -9 of ripcord': async (_pane, ripcord) => {
    process.kill(ripcord, 'SIGKILL');
  },
  'a session process SIGKILLing the reaper, then kill -9 of ripcord': async (pane, ripcord, logFile) => {
    await pane.typeLine(`kill -9 ${await reaperPid(logFile)}`);
    await waitForLogEvent(logFile, LogEvent.reaperReplaced);
    process.kill(ripcord, 'SIGKILL');
  },
  'a session process SIGSTOPping the reaper, then kill -9 of ripcord': async (pane, ripcord, logFile) => {
    await pane.typeLine(`kill -STOP ${await reaperPid(logFile)}`);
    await waitForLogEvent(logFile, LogEvent.reaperReplaced);
    process.kill(ripcord, 'SIGKILL');
  },
};

/** One way out, in a terminal of its own: escapes started from the bash prompt, then `end`. */
async function escapeThenEnd(term: TerminalFixture, way: string, logFile: string): Promise<string> {
  const pane = await term.ripcord(BASH, ['--log', logFile]);
  await pane.waitForPrompt();
  const ripcord = await pane.pid();
  const chosen = await waitForLogEvent(logFile, LogEvent.containmentChosen);
  expect(chosen.kind, String(chosen.reason)).toBe('cgroup');
  await pane.typeLine(`sh ${ESCAPES} ${privateTmux()}`);
  await waitForEscapesUp(term.marker);
  await pane.waitForScreen('the escapes to start', (screen) => screen.includes('escapes-started\n$'));

  await (WAYS_OUT[way] as WayOut)(pane, ripcord, logFile);

  expect(await leftAfter(term.marker), `left after ${way}`).toEqual([]);
  await waitUntil('the session cgroup to be removed', async () => ((await cgroupsOf([ripcord])).length === 0 ? true : undefined)).catch(
    () => undefined,
  );
  expect(await cgroupsOf([ripcord]), `cgroup left after ${way}`).toEqual([]);
  const ms = await exitToEmptyMs(logFile);
  const dead = (await logEvents(logFile)).find((e) => e.name === LogEvent.reaperSessionDead);
  return `${way}: containment cgroup; exit.begin → cgroup empty and removed ${ms ?? 'n/a (ripcord was killed)'} ms; reaper's kill ${String(dead?.ms)} ms, survivors ${String(dead?.survivors)}`;
}

test('every escape leaves nothing after every way out, and no cgroup of ripcord remains (cgroup, all ways at once)', async ({
  term,
}, testInfo) => {
  test.setTimeout(120_000);
  const ways = Object.keys(WAYS_OUT);
  const terms = [term, ...ways.slice(1).map(() => new TerminalFixture(testInfo))];
  try {
    const lines = await Promise.all(
      ways.map((way, i) => escapeThenEnd(terms[i] as TerminalFixture, way, testInfo.outputPath(`ripcord-${i}.log`))),
    );
    for (const line of lines) console.log(`[containment] ${line}`);
  } finally {
    await cleanupAll(terms.slice(1));
  }
});
