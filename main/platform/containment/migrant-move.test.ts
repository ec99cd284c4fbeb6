// The sweep moves migrants back into the frozen container (DESIGN §4), on real cgroups and real
// relays (e2e/terminal/fixtures/relay.c `apart`, built here with cc): two processes in sessions
// of their own that SIGCONT each other's newest pid every millisecond and hand over to a new pid
// on every catchable signal. A stop of one is undone by the other before the sweep reaches it when
// the scan is slow (the reader here takes 20 ms a status read, as a loaded machine does); a
// process moved into a frozen cgroup cannot be continued, so the sweep ends them both, whatever
// its speed; where none can be moved, each is killed the moment it is stopped. Root only: a
// delegated user's case is e2e/terminal/escapers.spec.ts.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { SESSION_ID_ENV } from '../../../contracts/reaper-pipe';
import { procNow } from '../files/kernel-reads';
import { nullEventLog } from '../log/event-log';
import type { ProcReader } from '../processes/process-table';
import { buildFixtureProgram, waitFor } from '../processes/processes.test-support';
import { CgroupDir, locateCgroup } from './cgroup';
import { killThreadGroupsNow } from './cgroup-thread-groups';
import { sweepMigrants } from './migrant-sweep';
import { aliveWithSessionId } from './session-escapees';

/** How much slower than the relays' 1 ms a status read is (read once per tagged process, just before its catch). */
const SLOW_STATUS_MS = 20;

let built: string | undefined;
let removeBuilt = async (): Promise<void> => undefined;
beforeAll(async () => {
  ({ program: built, dispose: removeBuilt } = await buildFixtureProgram('relay'));
});
afterAll(() => removeBuilt());

const slowReader: ProcReader = {
  readdir: (dir) => procNow.readdir(dir),
  readFile: async (file) => {
    if (file.endsWith('/status')) await delay(SLOW_STATUS_MS);
    return procNow.readFile(file);
  },
};

/** Ends what a cgroup holds (frozen, every thread group killed) and removes it. */
async function dispose(cgroup: CgroupDir): Promise<void> {
  await cgroup.freeze(true);
  killThreadGroupsNow(cgroup.dir, nullEventLog);
  await waitFor(async () => !(await cgroup.populated()), 5_000);
  await cgroup.remove();
}

/** Two `apart` relays tagged and moved out to a sibling cgroup, swept on a slow scan: with the container to move them into, or none. */
async function sweepTwoRelays(ctx: TestContext, into: 'container' | 'none'): Promise<void> {
  if (!built) return ctx.skip('cc cannot build e2e/terminal/fixtures/relay.c here');
  if (process.getuid?.() !== 0) return ctx.skip("not root: the delegated user's case is in e2e/terminal/escapers.spec.ts");
  const located = await locateCgroup();
  if (!located.ok) return ctx.skip(`no cgroup2 hierarchy: ${located.error}`);
  const container = await CgroupDir.createUnique(located.value.dir, 'escapers-container');
  const sibling = await CgroupDir.createUnique(located.value.dir, 'escapers-sibling');
  if (!container.ok || !sibling.ok) return ctx.skip('cannot make cgroups here');
  const tag = `move-${process.pid}-${into}`;
  try {
    spawn(built, [path.join(sibling.value.dir, 'cgroup.procs'), 'apart'], {
      stdio: 'ignore',
      detached: true,
      env: { ...process.env, [SESSION_ID_ENV]: tag },
    }).unref();
    expect(await waitFor(async () => (await aliveWithSessionId(tag)).length === 2, 5_000), 'both relays run').toBe(true);

    const result = await sweepMigrants(tag, {
      log: nullEventLog,
      reader: slowReader,
      ...(into === 'container' ? { container: container.value } : {}),
    });

    expect(await aliveWithSessionId(tag)).toEqual([]);
    expect(result.survivors).toEqual([]);
    expect(result.migrated).toBeGreaterThanOrEqual(2);
    expect(result.movedBack).toBe(into === 'container' ? result.migrated : 0);
    expect(await waitFor(async () => !(await container.value.populated()), 5_000), 'the container emptied').toBe(true);
  } finally {
    await dispose(sibling.value);
    await dispose(container.value);
  }
}

describe.runIf(process.platform === 'linux')('the sweep of two relays that continue each other, on a slow scan', () => {
  it('moves both back into the frozen container, where no SIGCONT thaws them, and ends them', async (ctx) => {
    await sweepTwoRelays(ctx, 'container');
  });

  it('with no container to move them into, kills each the moment it is stopped', async (ctx) => {
    await sweepTwoRelays(ctx, 'none');
  });
});
