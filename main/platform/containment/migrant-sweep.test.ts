// The sweep for a session's migrants (DESIGN §4) on real processes: everything of this user
// carrying the session's tag is stopped, then killed — one that ignores HUP and TERM, one that
// answers any catchable signal by starting another tagged process — and nothing without the tag.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { nullEventLog } from '../log/event-log';
import { sweepMigrants } from './migrant-sweep';
import { pidAlive } from '../processes/process-tree';
import { SESSION_ID_ENV } from '../../../contracts/reaper-pipe';
import { aliveWithSessionId } from './session-escapees';
import { killMarked, markedProcesses, newMarker, waitFor } from '../processes/processes.test-support';

let marker = newMarker();
afterEach(async () => {
  await killMarked(marker);
  marker = newMarker();
});

/** `script` under bash, detached in a session of its own, with `env`; its processes name themselves after the test's marker. */
function start(script: string, env: Record<string, string>): void {
  spawn('bash', ['-c', script, marker], { detached: true, stdio: 'ignore', env: { ...process.env, ...env } }).unref();
}

describe('sweepMigrants', () => {
  it.runIf(process.platform === 'linux')('stops, then kills every tagged process, and nothing else', async () => {
    const tag = `sweep-${marker.slice(-8)}`;
    const tagged = { [SESSION_ID_ENV]: tag };
    start(`trap "" HUP TERM; exec -a ${marker}-stubborn bash -c 'trap "" HUP TERM; while :; do sleep 1; done'`, tagged);
    start(`trap '(exec -a ${marker}-late sleep 1000) & exit' HUP TERM INT; while :; do sleep 1; done`, tagged);
    start(`exec -a ${marker}-other sleep 1000`, { [SESSION_ID_ENV]: `${tag}-other` });
    expect(
      await waitFor(
        async () => (await aliveWithSessionId(tag)).length >= 2 && (await aliveWithSessionId(`${tag}-other`)).length === 1,
        5_000,
      ),
    ).toBe(true);
    const untagged = (await aliveWithSessionId(`${tag}-other`))[0] as number;

    const result = await sweepMigrants(tag, { log: nullEventLog });

    expect(result.survivors).toEqual([]);
    // the two shells and the stubborn one's loop
    expect(result.migrated).toBeGreaterThanOrEqual(3);
    expect(await aliveWithSessionId(tag)).toEqual([]);
    for (const name of ['stubborn', 'late']) expect(await markedProcesses(`${marker}-${name}`), name).toEqual([]);
    expect(pidAlive(untagged)).toBe(true);
  });
});
