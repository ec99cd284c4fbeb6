// Issue #11, the timing cases and the fallback: a job started just before the root ends, a
// root that ends 20 ms after start, kill -9 of ripcord right after `nohup sleep &` — under the
// cgroup and under the process scan (chosen because the cgroup cannot be created, and forced).
// Then 50 sessions ended in every way, after which no cgroup of ripcord may remain. Sessions
// run without a terminal (stdin a pipe), many at once.
import { LogEvent } from '../../main/core/log-events';
import { randomBytes } from 'node:crypto';
import {
  cgroupsOf,
  ESCAPES,
  ESCAPE_SLEEPS,
  inBatches,
  leftAfter,
  markedNamed,
  runWithoutTerminal,
  waitForEscapesUp,
  waitForLogEvent,
} from './containment';
import { newMarker, processesWithMarker } from './processes';
import { assertBundleBuilt, expect, test } from './ripcord';
import { sleep, waitUntil } from './tmux';

test.beforeAll(() => assertBundleBuilt());

/** Sessions alive at once: enough to overlap starts and kills, few enough for two cores. */
const AT_ONCE = 5;

const CONTAINMENTS = {
  cgroup: { env: {}, kind: 'cgroup', reason: 'join into its own cgroup is the trial move' },
  'process scan, the cgroup cannot be created': {
    env: { RIPCORD_CGROUP_PARENT: '/nonexistent/ripcord-test' },
    kind: 'process-scan',
    reason: 'cannot create /nonexistent/ripcord-test/',
  },
  'process scan, forced': {
    env: { RIPCORD_CONTAINMENT: 'process-scan' },
    kind: 'process-scan',
    reason: 'forced by RIPCORD_CONTAINMENT=process-scan',
  },
} as const;

interface Case {
  command: string[];
  killHostAfter?: number;
  cgroupOnly?: boolean;
}
const CASES: Record<string, Case> = {
  'a job started 50 ms before the root exits': { command: ['bash', '-c', 'set -m; sleep 1007 & sleep 0.05; exit 0'] },
  'a root that exits 20 ms after start, having started a job': { command: ['sh', '-c', 'sleep 1008 & sleep 0.02'] },
  'kill -9 of ripcord right after nohup sleep &': {
    command: ['sh', '-c', 'nohup sleep 1009 >/dev/null 2>&1 & exec sleep 1010'],
    killHostAfter: 2,
  },
  'setsid -f 20 ms before the root exits': { command: ['sh', '-c', 'setsid -f sleep 1011; sleep 0.02'], cgroupOnly: true },
};

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test('jobs started just before the root ends, and kill -9 right after the start, leave nothing (cgroup and process scan)', async ({}, testInfo) => {
  const runs = Object.entries(CONTAINMENTS).flatMap(([containment, expected]) =>
    Object.entries(CASES)
      .filter(([, c]) => !c.cgroupOnly || expected.kind === 'cgroup')
      .map(([name, c], i) => ({ containment, expected, name, c, i })),
  );
  const hosts: number[] = [];
  const results = await inBatches(runs, AT_ONCE, async ({ containment, expected, name, c }, n) => {
    const marker = newMarker();
    const logFile = testInfo.outputPath(`ripcord-${n}.log`);
    const host = runWithoutTerminal(c.command, { marker, logFile, env: expected.env });
    hosts.push(host.pid);
    const chosen = await waitForLogEvent(logFile, LogEvent.containmentChosen);
    if (c.killHostAfter !== undefined) {
      const sleeps = c.killHostAfter;
      await waitUntil('the sleeps to run', async () => ((await markedNamed(marker, 'sleep')).length >= sleeps ? true : undefined));
      process.kill(host.pid, 'SIGKILL');
    }
    await host.exited;
    const left = await leftAfter(marker);
    return { what: `${name} (${containment})`, chosen, expected, left };
  }).finally(() => stopHosts(hosts));
  for (const { what, chosen, expected, left } of results) {
    expect(chosen.kind, what).toBe(expected.kind);
    expect(String(chosen.reason), what).toContain(expected.reason);
    expect(left, what).toEqual([]);
    console.log(`[containment] ${what}: containment ${String(chosen.kind)}, left 0`);
  }
  expect(await cgroupsOf(hosts)).toEqual([]);
});

/** A failed test must not leave its ripcords running: SIGTERM, and their exit paths clean up. */
function stopHosts(hosts: readonly number[]): void {
  for (const pid of hosts) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // ended already
    }
  }
}

/** Ways a session without a terminal ends; the reaper's replacement is awaited before kill -9. */
const ENDINGS = ["the root's own end", 'SIGTERM', 'two SIGINTs', 'kill -9', 'reaper SIGKILLed, then kill -9'] as const;
const SESSIONS = 50;
/** The first sessions (each ending twice) run every escape; the rest the cheap ones, to keep the test short. */
const FULL_ESCAPE_SESSIONS = 2 * ENDINGS.length;
const LIGHT_ESCAPES =
  'setsid -f sleep 1001; (setsid sleep 1002 </dev/null >/dev/null 2>&1 &); sh -c \'sh -c "setsid sleep 1003 </dev/null >/dev/null 2>&1 &" &\'';
const LIGHT_ESCAPE_SLEEPS = 3;

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test(`${SESSIONS} sessions with escapes, ended in every way, leave no process and no cgroup (cgroup)`, async ({}, testInfo) => {
  test.setTimeout(180_000);
  const hosts: number[] = [];
  const failures: string[] = [];
  const runOne = async (n: number): Promise<void> => {
    const ending = ENDINGS[n % ENDINGS.length] as (typeof ENDINGS)[number];
    const marker = newMarker();
    const logFile = testInfo.outputPath(`session-${n}.log`);
    const tmux = `ripcord-escape-${randomBytes(4).toString('hex')}`;
    // a root that ignores SIGINT: a first Ctrl+C cancels nothing, the second quits
    const after = ending === "the root's own end" ? 'exit 0' : 'trap "" INT; exec sleep 1012';
    const full = n < FULL_ESCAPE_SESSIONS;
    const escapes = full ? `sh ${ESCAPES} ${tmux}` : LIGHT_ESCAPES;
    const host = runWithoutTerminal(['sh', '-c', `${escapes}; ${after}`], { marker, logFile });
    hosts.push(host.pid);
    // a root that ends by itself takes its escapes with it, maybe before all of them are seen
    if (ending !== "the root's own end") await waitForEscapesUp(marker, full ? ESCAPE_SLEEPS : LIGHT_ESCAPE_SLEEPS);
    if (ending === 'SIGTERM') process.kill(host.pid, 'SIGTERM');
    if (ending === 'two SIGINTs') {
      process.kill(host.pid, 'SIGINT');
      await sleep(300);
      process.kill(host.pid, 'SIGINT');
    }
    if (ending === 'kill -9') process.kill(host.pid, 'SIGKILL');
    if (ending === 'reaper SIGKILLed, then kill -9') {
      process.kill(Number((await waitForLogEvent(logFile, LogEvent.reaperStarted)).reaperPid), 'SIGKILL');
      await waitForLogEvent(logFile, LogEvent.reaperReplaced);
      process.kill(host.pid, 'SIGKILL');
    }
    await host.exited;
    const left = await leftAfter(marker);
    if (left.length > 0) failures.push(`session ${n} (${ending}): ${left.join(', ')}`);
  };
  try {
    await inBatches(
      Array.from({ length: SESSIONS }, (_, n) => n),
      AT_ONCE,
      runOne,
    );
  } finally {
    stopHosts(hosts);
  }
  expect(failures).toEqual([]);
  await waitUntil('every session cgroup to be removed', async () => ((await cgroupsOf(hosts)).length === 0 ? true : undefined)).catch(
    () => undefined,
  );
  expect(await cgroupsOf(hosts)).toEqual([]);
});

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test("under the process scan the log's survivor count is what is really left, escapes the scan missed included", async ({}, testInfo) => {
  const marker = newMarker();
  const logFile = testInfo.outputPath('ripcord-scan.log');
  // children that leave the session through a parent living about a millisecond: a scan
  // every 25 ms mostly misses them
  const escapes = 'i=0; while [ $i -lt 5 ]; do setsid -f sleep 1013; i=$((i+1)); done';
  const host = runWithoutTerminal(['sh', '-c', `${escapes}; trap "" INT; exec sleep 1014`], {
    marker,
    logFile,
    env: { RIPCORD_CONTAINMENT: 'process-scan' },
  });
  try {
    await waitUntil('the escapes to run', async () => ((await markedNamed(marker, 'sleep')).length >= 6 ? true : undefined));
    process.kill(host.pid, 'SIGTERM');
    await host.exited;
    const dead = await waitForLogEvent(logFile, 'reaper-session-dead');
    const left = await leftAfter(marker, 2_000);
    console.log(
      `[containment] process scan: ${left.length} of 5 setsid -f escapes left; the log says survivors ${String(dead.survivors)}, escaped ${String(dead.escaped)}`,
    );
    expect(dead.survivors).toBe(left.length);
  } finally {
    stopHosts([host.pid]);
    for (const pid of await processesWithMarker(marker)) process.kill(pid, 'SIGKILL');
  }
});
