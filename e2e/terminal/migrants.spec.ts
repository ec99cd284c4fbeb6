// Issue #27: processes that leave the session's cgroup — into the cgroup2 root, into a sibling,
// or moved there by their parent as systemd moves a tmux pane — are swept by the reaper after
// the container's kill, whichever way ripcord ends, and the log counts them as migrated. Real
// processes, real cgroups; as root here (the non-root cases: as-user.spec.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { locateCgroup } from '../../main/platform/cgroup';
import { migrateThenEnd, WAYS_OUT } from './migrants';
import { BASH, TerminalFixture, test } from './ripcord';
import { waitUntil } from './tmux';

test('migrants out of the session cgroup are swept after every way out (as root)', async ({ term }, testInfo) => {
  test.setTimeout(120_000);
  const located = await locateCgroup();
  if (process.getuid?.() !== 0 || !located.ok) {
    const why = `needs root and a cgroup2 hierarchy (${located.ok ? 'not root' : located.error})`;
    console.log(`[migrants] skipped: ${why}`);
    test.skip(true, why);
    return;
  }
  const mount = located.value.mount;
  const sibling = path.join(located.value.dir, `migrants-${randomBytes(6).toString('hex')}`);
  const notMade = await mkdir(sibling).then(() => undefined, (error: Error) => `cannot make a sibling cgroup: ${error.message}`);
  if (notMade !== undefined) {
    console.log(`[migrants] skipped: ${notMade}`);
    test.skip(true, notMade);
    return;
  }
  const ways = Object.keys(WAYS_OUT);
  const terms = [term, ...ways.slice(1).map(() => new TerminalFixture(testInfo))];
  try {
    const lines = await Promise.all(ways.map(async (way, i) => {
      const logFile = testInfo.outputPath(`ripcord-${i}.log`);
      const runTerm = terms[i] as TerminalFixture;
      const pane = await runTerm.ripcord(BASH, ['--log', logFile]);
      return migrateThenEnd({ term: runTerm, pane, logFile, way, mount, root: mount, sibling });
    }));
    for (const line of lines) console.log(`[migrants, root] ${line}`);
  } finally {
    for (const extra of terms.slice(1)) await extra.cleanup();
    await waitUntil('the sibling cgroup to empty', async () => ((await rmdir(sibling).then(() => true, () => false)) ? true : undefined)).catch(() => undefined);
  }
});
