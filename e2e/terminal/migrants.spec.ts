// Issue #27: processes that leave the session's cgroup — into the cgroup2 root, into a sibling,
// or moved there by their parent as systemd moves a tmux pane — are swept by the reaper after
// the container's kill, whichever way ripcord ends, and the log counts them as migrated. Real
// processes, real cgroups; as root here (the non-root cases: as-user.spec.ts).
import { scratchCgroupOrSkip } from './containment';
import { migrateThenEnd, WAYS_OUT } from './migrants';
import { BASH, cleanupAll, TerminalFixture, test } from './ripcord';

test('migrants out of the session cgroup are swept after every way out (as root)', async ({ term }, testInfo) => {
  test.setTimeout(120_000);
  if (process.getuid?.() !== 0) {
    console.log('[migrants] skipped: not root (the non-root cases are in as-user.spec.ts)');
    test.skip(true, 'not root');
    return;
  }
  const scratch = await scratchCgroupOrSkip('migrants', 'migrants');
  if (!scratch) return;
  const { mount, dir: sibling } = scratch;
  const ways = Object.keys(WAYS_OUT);
  const terms = [term, ...ways.slice(1).map(() => new TerminalFixture(testInfo))];
  try {
    const lines = await Promise.all(
      ways.map(async (way, i) => {
        const logFile = testInfo.outputPath(`ripcord-${i}.log`);
        const runTerm = terms[i] as TerminalFixture;
        const pane = await runTerm.ripcord(BASH, ['--log', logFile]);
        return migrateThenEnd({ term: runTerm, pane, logFile, way, mount, root: mount, sibling });
      }),
    );
    for (const line of lines) console.log(`[migrants, root] ${line}`);
  } finally {
    try {
      await cleanupAll(terms.slice(1));
    } finally {
      await scratch.remove();
    }
  }
});
