// The sweep for a session's migrants (DESIGN §4) on real processes: everything of this user
// carrying the session's tag is killed — one that ignores HUP and TERM, one started after the
// first round looked (a second round finds it) — and nothing without the tag. Every step waits
// for what it needs to have happened, never for a time.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { nullEventLog } from '../log/event-log';
import { sweepMigrants } from './migrant-sweep';
import { LinuxProcessTable, pidAlive } from '../processes/process-tree';
import { SESSION_ID_ENV } from '../../../contracts/reaper-pipe';
import { aliveWithSessionId } from './session-escapees';
import { killMarked, markedProcesses, newMarker, waitFor } from '../processes/processes.test-support';

const table = new LinuxProcessTable();
let marker = newMarker();
afterEach(async () => {
  await killMarked(marker);
  marker = newMarker();
});

/** `script` under bash, detached in a session of its own, with `env`; its processes name themselves after the test's marker. */
function start(script: string, env: Record<string, string>): void {
  spawn('bash', ['-c', script, marker], { detached: true, stdio: 'ignore', env: { ...process.env, ...env } }).unref();
}

/** Whether a process of this test runs as `<marker>-<name>` (exec'd, so its environment is its own). */
async function running(name: string): Promise<boolean> {
  return (await markedProcesses(`${marker}-${name}`)).some((p) => p.argv[0] === `${marker}-${name}`);
}

describe('sweepMigrants', () => {
  it.runIf(process.platform === 'linux')('kills every tagged process, over as many rounds as it takes, and nothing else', async () => {
    const tag = `sweep-${marker.slice(-8)}`;
    const tagged = { [SESSION_ID_ENV]: tag };
    start(`trap "" HUP TERM; exec -a ${marker}-stubborn bash -c 'trap "" HUP TERM; while :; do sleep 1; done'`, tagged);
    start(`exec -a ${marker}-other sleep 1000`, { [SESSION_ID_ENV]: `${tag}-other` });
    // each has exec'd into its named self (the stubborn one with its ignored signals carried over)
    expect(await waitFor(async () => (await running('stubborn')) && (await running('other')), 5_000)).toBe(true);
    const untagged = (await aliveWithSessionId(`${tag}-other`))[0] as number;
    const rounds: unknown[] = [];
    const log = { ...nullEventLog, error: (name: string, fields?: Record<string, unknown>) => { if (name === 'reaper-migrants') rounds.push(fields?.round); } };
    // a tagged process that comes after the first round looked: only a later round can find it
    let looks = 0;
    const find = async (sessionId: string): Promise<number[]> => {
      const found = await aliveWithSessionId(sessionId);
      if (looks++ === 0) {
        start(`exec -a ${marker}-late sleep 1000`, tagged);
        expect(await waitFor(() => running('late'), 5_000)).toBe(true);
      }
      return found;
    };

    const result = await sweepMigrants(tag, { table, killGraceMs: 200, log, find });

    expect(result.survivors).toEqual([]);
    // the stubborn shell, its sleep, and the late one
    expect(result.migrated).toBeGreaterThanOrEqual(3);
    // the late one was found by a later round
    expect(rounds.length).toBeGreaterThanOrEqual(2);
    expect(await aliveWithSessionId(tag)).toEqual([]);
    for (const name of ['stubborn', 'late']) expect(await markedProcesses(`${marker}-${name}`), name).toEqual([]);
    expect(pidAlive(untagged)).toBe(true);
  });
});
