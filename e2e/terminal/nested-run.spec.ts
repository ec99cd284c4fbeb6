// Issue #40: a `ripcord run` inside a session. The outer session's end ends both, nothing of
// either is left, and the inner session's cgroup (below the outer's: the inner ripcord's own
// cgroup is the outer session's) is removed. Where the outer's
// reaper does the killing (kill -9 of the outer ripcord: HUP first), the inner reaper — whose
// environment carries neither session's tag, so no sweep stops it — finishes its own cleanup:
// its cgroup removed and its `reaper-session-dead` written by itself. Where the outer's host ends
// (a double Ctrl+C), its exit gives the whole tree SIGKILL at once, the inner reaper included,
// and the outer's removal takes the inner cgroup (docs/containment.md, "A ripcord inside a
// session"). And an inner ripcord told to put its sessions elsewhere (RIPCORD_CGROUP_PARENT):
// its processes carry the outer session's id in RIPCORD_OUTER_SESSIONS, so the outer's sweep
// moves them back and kills them. Real ripcords in a real pane, a `nohup sleep` (no hang-up ends
// it) in the inner session; as root and as a non-root user with a delegated cgroup.
import { LogEvent } from '../../main/core/log-events';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { leftAfter, logEvents, markedNamed, waitForLogEvent } from './containment';
import { WAYS_OUT } from './migrants';
import { BASH, CLI, expect, KILL_GRACE_MS, test, type TerminalFixture } from './ripcord';
import { ripcordAsUser, setUpUser, type UserSetup } from './test-user';
import { waitUntil, type TmuxPane } from './tmux';

const WAYS = ['a double Ctrl+C', 'kill -9 of ripcord'] as const;
/** The inner session's job: no hang-up of a terminal ends it. */
const JOB = 'nohup sleep 1017 >/dev/null 2>&1';

let user: UserSetup | undefined;
test.afterEach(async () => {
  await user?.dispose();
  user = undefined;
});

const removed = async (dir: string): Promise<boolean> =>
  stat(dir).then(
    () => false,
    () => true,
  );

/**
 * The inner `ripcord run` started from the outer session's shell, its job running; the inner
 * log's chosen containment. 'inside': its sessions go below its own cgroup (the outer session's);
 * 'elsewhere': where RIPCORD_CGROUP_PARENT, inherited from the pane, says.
 */
async function nest(
  pane: TmuxPane,
  marker: string,
  innerLog: string,
  where: 'inside' | 'elsewhere' = 'inside',
): Promise<{ cgroup: string }> {
  await pane.waitForPrompt();
  const env = where === 'inside' ? 'env -u RIPCORD_CGROUP_PARENT ' : '';
  await pane.typeLine(`${env}"${process.execPath}" "${CLI}" run --kill-grace ${KILL_GRACE_MS} --log '${innerLog}' -- ${BASH.join(' ')}`);
  const chosen = await waitForLogEvent(innerLog, LogEvent.containmentChosen);
  expect(chosen.kind, String(chosen.reason)).toBe('cgroup');
  await waitForLogEvent(innerLog, LogEvent.sessionStarted);
  // the inner reaper past its sh stub (reaper-stub.ts): an outer HUP during the stub's hand-over is another case (the report says so)
  await waitForLogEvent(innerLog, 'reaper-start');
  await pane.typeLine(`${JOB} &`);
  await waitUntil('the inner job to run', async () => ((await markedNamed(marker, 'sleep')).length > 0 ? true : undefined), 15_000);
  return { cgroup: String(chosen.cgroup) };
}

async function endOuterThenCheck(
  pane: TmuxPane,
  way: (typeof WAYS)[number],
  marker: string,
  outerLog: string,
  innerLog: string,
  inner: { cgroup: string },
): Promise<void> {
  const outer = await pane.pid();
  await WAYS_OUT[way]?.(pane, outer);

  expect(await leftAfter(marker), `left after ${way}`).toEqual([]);
  const outerDead = await waitForLogEvent(outerLog, LogEvent.reaperSessionDead);
  expect(outerDead.survivors, "the outer session's survivors").toBe(0);
  expect(
    (await logEvents(outerLog)).find((e) => e.name === LogEvent.cgroupKillDone)?.removed,
    'the outer reaper logged its cgroup removed',
  ).toBe(true);
  expect(
    await waitUntil(`${inner.cgroup} to be removed`, async () => ((await removed(inner.cgroup)) ? true : undefined), 10_000).catch(
      () => false,
    ),
  ).toBe(true);
  let innerEnd = 'killed with the outer tree';
  if (way === 'kill -9 of ripcord') {
    // the inner reaper's own report, after its own kill: nothing stopped or killed it first
    const innerDead = await waitForLogEvent(innerLog, LogEvent.reaperSessionDead);
    expect(innerDead.survivors, "the inner session's survivors").toBe(0);
    expect(
      (await logEvents(innerLog)).find((e) => e.name === LogEvent.cgroupKillDone)?.removed,
      'the inner reaper logged its cgroup removed',
    ).toBe(true);
    innerEnd = `its reaper logged survivors=${String(innerDead.survivors)}, removed`;
  }
  console.log(`[nested run] ${way}: left 0, outer survivors=${String(outerDead.survivors)}, inner cgroup removed, ${innerEnd}`);
}

/** The outer ripcord as the test user, in a cgroup delegated to it (afterEach removes it); undefined: skipped. */
async function asDelegatedUser(term: TerminalFixture): Promise<{ pane: TmuxPane; outerLog: string; innerLog: string } | undefined> {
  const made = await setUpUser();
  test.skip(typeof made === 'string', String(made));
  if (typeof made === 'string') return undefined;
  user = made;
  const outerLog = path.join(made.dir, 'outer.log');
  const asUser = ripcordAsUser(made, outerLog);
  term.extraEnv = { ...term.extraEnv, ...asUser.env };
  return { pane: await term.program(asUser.argv), outerLog, innerLog: path.join(made.dir, 'inner.log') };
}

for (const way of WAYS) {
  test(`a ripcord run inside a session: ${way} of the outer ends both and removes both cgroups (as root)`, async ({ term }, testInfo) => {
    test.skip(process.getuid?.() !== 0, 'not root (the non-root case follows)');
    const outerLog = testInfo.outputPath('outer.log');
    const innerLog = testInfo.outputPath('inner.log');
    const pane = await term.ripcord(BASH, ['--log', outerLog]);
    const inner = await nest(pane, term.marker, innerLog);
    await endOuterThenCheck(pane, way, term.marker, outerLog, innerLog, inner);
  });

  test(`a ripcord run inside a session: ${way} of the outer ends both and removes both cgroups (as a non-root user)`, async ({ term }) => {
    const run = await asDelegatedUser(term);
    if (!run) return;
    const { pane, outerLog, innerLog } = run;
    try {
      const inner = await nest(pane, term.marker, innerLog);
      await endOuterThenCheck(pane, way, term.marker, outerLog, innerLog, inner);
    } finally {
      // its processes hold the delegated cgroup (afterEach removes it)
      await term.cleanup();
    }
  });
}

test("a ripcord run inside a session that puts its sessions elsewhere: the outer's double Ctrl+C sweeps them by the outer id (as a non-root user)", async ({
  term,
}) => {
  const run = await asDelegatedUser(term);
  if (!run) return;
  const { pane, outerLog, innerLog } = run;
  try {
    const outerChosen = await waitForLogEvent(outerLog, LogEvent.containmentChosen);
    const inner = await nest(pane, term.marker, innerLog, 'elsewhere');
    expect(path.dirname(inner.cgroup), "the inner session's cgroup is beside the outer's, not below it").toBe(
      path.dirname(String(outerChosen.cgroup)),
    );
    await WAYS_OUT['a double Ctrl+C']?.(pane, await pane.pid());
    expect(await leftAfter(term.marker), 'left after a double Ctrl+C').toEqual([]);
    const outerDead = await waitForLogEvent(outerLog, LogEvent.reaperSessionDead);
    expect(outerDead.survivors, "the outer session's survivors").toBe(0);
    // the inner session's shell and its job, at least, outside the outer's cgroup and carrying its id
    expect(Number(outerDead.migrated), "the inner session's processes counted as the outer's migrants").toBeGreaterThanOrEqual(1);
    console.log(
      `[nested run] elsewhere, a double Ctrl+C: left 0, outer survivors=${String(outerDead.survivors)} migrated=${String(outerDead.migrated)} movedBack=${String(outerDead.movedBack)}`,
    );
  } finally {
    await term.cleanup();
  }
});
