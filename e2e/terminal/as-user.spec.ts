// Issue #27 as a user who is not root, with a cgroup delegated to it (test-user.ts): processes
// that move themselves or a child into a sibling cgroup are swept after every way out, and a
// process of the same user can neither ptrace the host or the Node reaper nor list their
// descriptors. Real processes, a real delegated cgroup, a real ptrace.
import { execFile } from 'node:child_process';
import { chown, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { locateCgroup } from '../../main/platform/containment/cgroup';
import { waitForLogEvent } from './containment';
import { migrateThenEnd, WAYS_OUT } from './migrants';
import { cleanupAll, expect, FIXTURES, TerminalFixture, test } from './ripcord';
import { ripcordAsUser, setUpUser, type UserSetup } from './test-user';

const run = promisify(execFile);
const PROBE = path.join(FIXTURES, 'ptrace-probe.py');
let setup: UserSetup | undefined;
test.afterEach(async () => {
  await setup?.dispose();
  setup = undefined;
});

async function userOrSkip(): Promise<UserSetup | undefined> {
  const made = await setUpUser();
  if (typeof made === 'string') {
    console.log(`[as-user] skipped: ${made}`);
    test.skip(true, made);
    return undefined;
  }
  setup = made;
  return made;
}

test('as a non-root user: migrants into a sibling cgroup (itself, or a child moved by its parent) are swept after every way out', async ({
  term,
}, testInfo) => {
  test.setTimeout(120_000);
  const user = await userOrSkip();
  const located = await locateCgroup();
  test.skip(!located.ok, `no cgroup2 hierarchy: ${located.ok ? '' : located.error}`);
  if (!user || !located.ok) return;
  const sibling = path.join(user.delegated, 'sibling');
  await mkdir(sibling);
  for (const file of ['', 'cgroup.procs']) await chown(path.join(sibling, file), user.user.uid, user.user.gid);
  const ways = Object.keys(WAYS_OUT);
  const terms = [term, ...ways.slice(1).map(() => new TerminalFixture(testInfo))];
  try {
    const lines = await Promise.all(
      ways.map(async (way, i) => {
        const logFile = path.join(user.dir, `ripcord-${i}.log`);
        const runTerm = terms[i] as TerminalFixture;
        const { argv, env } = ripcordAsUser(user, logFile);
        runTerm.extraEnv = env;
        const pane = await runTerm.program(argv);
        return migrateThenEnd({ term: runTerm, pane, logFile, way, mount: located.value.mount, root: '', sibling });
      }),
    );
    for (const line of lines) console.log(`[migrants, ${user.user.name}] ${line}`);
  } finally {
    // before the delegated cgroup goes (afterEach): the panes' processes hold its leaf
    await cleanupAll(terms);
  }
});

test('as a non-root user: a same-user process cannot ptrace the host or the Node reaper, nor list their descriptors', async ({ term }) => {
  const user = await userOrSkip();
  if (!user) return;
  try {
    await guardedAgainstSameUser(term, user);
  } finally {
    // before the delegated cgroup goes (afterEach): the pane's processes hold its leaf
    await term.cleanup();
  }
});

async function guardedAgainstSameUser(term: TerminalFixture, user: UserSetup): Promise<void> {
  const asUser = (argv: string[]): Promise<string> =>
    // a system PATH: the user cannot reach tools installed for root alone (a pyenv shim in /root)
    run('setpriv', [
      `--reuid=${user.user.uid}`,
      `--regid=${user.user.gid}`,
      '--clear-groups',
      '--',
      'env',
      'PATH=/usr/local/bin:/usr/bin:/bin',
      ...argv,
    ]).then((r) => r.stdout.trim());
  const logFile = path.join(user.dir, 'ripcord.log');
  const { argv, env } = ripcordAsUser(user, logFile);
  term.extraEnv = env;
  const pane = await term.program(argv);
  await pane.waitForPrompt();
  const host = await pane.pid();
  const reaperStart = await waitForLogEvent(logFile, 'reaper-start');
  expect(reaperStart.nonDumpable, 'the Node reaper made itself non-dumpable').toBe(true);
  expect((await waitForLogEvent(logFile, 'host.non-dumpable')).ok).toBe(true);
  // the control: a plain process of the same user can be attached and read, so a denial below is the guard's
  await pane.typeLine('sleep 3005 &');
  const control = await pane.waitForScreen('the control process', (s) => /\[1\] \d+/.test(s));
  const controlPid = (/\[1\] (\d+)/.exec(control) as RegExpExecArray)[1] as string;
  const controlProbe = await asUser(['python3', PROBE, controlPid]);
  if (controlProbe !== 'ptrace ok\nfd ok') {
    const why = `a same-user ptrace is refused here even for a plain process (${controlProbe.replace('\n', ', ')}): nothing to prove`;
    console.log(`[as-user] skipped: ${why}`);
    test.skip(true, why);
    return;
  }

  for (const [what, pid] of [
    ['host', host],
    ['Node reaper', Number(reaperStart.pid)],
  ] as const) {
    const probe = await asUser(['python3', PROBE, String(pid)]);
    console.log(`[guard] ${what} ${pid}: ${probe.replace('\n', ', ')} (control ${controlPid}: ${controlProbe.replace('\n', ', ')})`);
    expect(probe, what).toMatch(/^ptrace denied: .*\nfd denied: /);
  }
  await pane.keysApart('C-c', 300, 'C-c');
  expect(await pane.waitForExit()).toBe(130);
}
