// Issue #40, item 7: every cgroup ripcord made is removed, and a session that cannot publish its
// control socket says so. Real cgroups and real `ripcord run`s: a tree a session nests in its own
// cgroup past PATH_MAX, a start that never completes (traced by strace), leftovers of sessions
// that are over beside a live one's, and a runtime directory another user took.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CgroupDir } from '../../main/platform/containment/cgroup';
import { removeCgroupTree } from '../../main/platform/containment/cgroup-tree';
import { cgroupsOf, logEvents, scratchCgroupOrSkip, waitForLogEvent } from './containment';
import { CLI, expect, FIXTURES, KILL_GRACE_MS, test } from './ripcord';
import { ripcordAsUser, setUpUser, type UserSetup } from './test-user';
import { waitUntil } from './tmux';

const run = promisify(execFile);
const NEST_CGROUPS = path.join(FIXTURES, 'nest-cgroups.py');
const NESTED_LEVELS = 20;

/** `ripcord run` with the test's log, no settings; resolves with its exit code and what it wrote. */
function ripcordRun(
  command: readonly string[],
  logFile: string,
  env: NodeJS.ProcessEnv = process.env,
  prefix: readonly string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    prefix[0] ?? process.execPath,
    [
      ...prefix.slice(1),
      ...(prefix.length > 0 ? [process.execPath] : []),
      CLI,
      'run',
      '--kill-grace',
      String(KILL_GRACE_MS),
      '--log',
      logFile,
      '--',
      ...command,
    ],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...env, RIPCORD_CONFIG: `${logFile}.no-config.json` },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => {
    stdout += data.toString();
  });
  child.stderr.on('data', (data: Buffer) => {
    stderr += data.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** The host's pid, as its own log lines name it. */
async function hostPid(logFile: string): Promise<number> {
  const started = (await logEvents(logFile)).find((e) => e.name === 'reaper-started');
  if (typeof started?.pid !== 'number') throw new Error(`no reaper-started in ${logFile}`);
  return started.pid;
}

/** Removes what a failing run left (the walk the fix brings; a test's leftovers never pile up). */
async function removeAll(dirs: readonly string[]): Promise<void> {
  for (const dir of dirs) await removeCgroupTree(dir);
}

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test('20 nested cgroups with 250-character names made inside the session are removed at the exit (as root)', async ({}, testInfo) => {
  const logFile = testInfo.outputPath('ripcord.log');
  const ran = await ripcordRun(['python3', NEST_CGROUPS, String(NESTED_LEVELS)], logFile);
  expect(ran.stdout).toContain(`nested ${NESTED_LEVELS}`);
  expect(ran.code).toBe(0);
  await waitForLogEvent(logFile, 'reaper-exit');
  const host = await hostPid(logFile);
  const chosen = (await logEvents(logFile)).find((e) => e.name === 'containment.chosen');
  test.skip(chosen?.kind !== 'cgroup', `this machine gives sessions no cgroup: ${String(chosen?.reason)}`);
  const left = await cgroupsOf([host]);
  await removeAll(left);
  expect(left, 'the session cgroup and the tree below it').toEqual([]);
  const dead = (await logEvents(logFile)).filter((e) => e.name === 'reaper-session-dead' || e.name === 'cgroup-kill-done');
  expect(
    dead.every((e) => e.removed === true),
    JSON.stringify(dead),
  ).toBe(true);
});

let user: UserSetup | undefined;
test.afterEach(async () => {
  await user?.dispose();
  user = undefined;
});

test('as a non-root user: the same tree below a delegated cgroup is removed at the exit', async ({ term }) => {
  const made = await setUpUser();
  if (typeof made === 'string') console.log(`[cgroup-cleanup] skipped: ${made}`);
  test.skip(typeof made === 'string', String(made));
  if (typeof made === 'string') return;
  user = made;
  const logFile = path.join(made.dir, 'ripcord.log');
  const { argv, env } = ripcordAsUser(made, logFile, ['sh', '-c', `python3 ${NEST_CGROUPS} ${NESTED_LEVELS} && exec sleep 1000`]);
  term.extraEnv = env;
  const pane = await term.program(argv);
  await pane.waitForScreen('the tree to be made', (s) => s.includes(`nested ${NESTED_LEVELS}`));
  await pane.keysApart('C-c', 300, 'C-c');
  expect(await pane.waitForExit()).toBe(130);
  await waitForLogEvent(logFile, 'reaper-exit');
  const left = (await readdir(made.delegated)).filter((name) => name.startsWith('ripcord-'));
  await removeAll(left.map((name) => path.join(made.delegated, name)));
  expect(left, `session cgroups left in ${made.delegated}`).toEqual([]);
});

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test('a start that never completes (the root shim traced by strace -f) leaves no cgroup', async ({}, testInfo) => {
  const strace = await run('strace', ['-V']).then(
    () => undefined,
    (error: Error) => `no strace here: ${error.message}`,
  );
  if (strace) console.log(`[cgroup-cleanup] skipped: ${strace}`);
  test.skip(strace !== undefined, String(strace));
  const logFile = testInfo.outputPath('ripcord.log');
  // traced, the shim's own SIGSTOP is a tracing stop: the host never sees it stopped in its cgroup
  const ran = await ripcordRun(['true'], logFile, process.env, ['strace', '-f', '-o', '/dev/null', '--']);
  console.log(`[cgroup-cleanup] traced start: exit ${String(ran.code)}, ${ran.stderr.trim()}`);
  await waitForLogEvent(logFile, 'reaper-exit');
  const host = await hostPid(logFile);
  const tried = (await logEvents(logFile)).find((e) => e.name === 'reaper-contain');
  test.skip(tried === undefined, 'this machine gives sessions no cgroup: nothing to leave');
  const left = await cgroupsOf([host]);
  await removeAll(left);
  expect(left).toEqual([]);
});

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test("a start removes the leftover cgroups of sessions that are over, and keeps a live session's", async ({}, testInfo) => {
  const scratch = await scratchCgroupOrSkip('leftovers', 'cgroup-cleanup');
  if (!scratch) return;
  const sleeps: number[] = [];
  const sleep = (): number => {
    const child = spawn('sleep', ['1000'], { stdio: 'ignore' });
    sleeps.push(child.pid as number);
    return child.pid as number;
  };
  try {
    const deadHost = (await run('sh', ['-c', 'echo $$'])).stdout.trim();
    const cgroup = (name: string): string => path.join(scratch.dir, `ripcord-${name}-${randomBytes(8).toString('hex')}`);
    // over: the host is dead and nothing is in it — with a tree nested past PATH_MAX below it
    const over = cgroup(`${deadHost}-1`);
    await mkdir(over);
    await run('python3', [NEST_CGROUPS, String(NESTED_LEVELS), over]);
    // live: its host runs (a session still starting, or finishing its removal)
    const live = cgroup(`${sleep()}-1`);
    await mkdir(live);
    // not provably over: the host is dead but a process is in it (its reaper may be killing it)
    const populated = cgroup(`${deadHost}-2`);
    await mkdir(populated);
    expect((await new CgroupDir(populated).join(sleep())).ok).toBe(true);

    const logFile = testInfo.outputPath('ripcord.log');
    const ran = await ripcordRun(['true'], logFile, { ...process.env, RIPCORD_CGROUP_PARENT: scratch.dir });
    expect(ran.code).toBe(0);
    await waitForLogEvent(logFile, 'reaper-exit');
    const names = await readdir(scratch.dir);
    await removeAll(names.includes(path.basename(over)) ? [over] : []);
    expect(names).not.toContain(path.basename(over));
    expect(names).toContain(path.basename(live));
    expect(names).toContain(path.basename(populated));
    const host = await hostPid(logFile);
    expect(
      names.filter((n) => n.startsWith(`ripcord-${host}-`)),
      "the session's own cgroup",
    ).toEqual([]);
  } finally {
    for (const pid of sleeps) process.kill(pid, 'SIGKILL');
    await waitUntil('the sleeps to leave the scratch cgroups', async () => {
      const populated = await Promise.all(
        (await readdir(scratch.dir))
          .filter((n) => n.startsWith('ripcord-'))
          .map((n) => new CgroupDir(path.join(scratch.dir, n)).populated()),
      );
      return populated.every((p) => !p) ? true : undefined;
    });
    await removeAll((await readdir(scratch.dir)).filter((n) => n.startsWith('ripcord-')).map((n) => path.join(scratch.dir, n)));
    await scratch.remove();
  }
});

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
test('a session whose control socket cannot be published (another user took ripcord-<uid> in the temp dir) says so on stderr, and doctor agrees', async ({}, testInfo) => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'ripcord-e2e-taken-'));
  try {
    const taken = path.join(tmp, `ripcord-${process.getuid?.() ?? 0}`);
    await mkdir(taken, { mode: 0o755 });
    // root hands it to another user, as another user would have made it; anyone else: a directory others may enter is refused too
    if (process.getuid?.() === 0) await chown(taken, 65534, 65534);
    else await chmod(taken, 0o755);
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
    delete env.XDG_RUNTIME_DIR;
    const logFile = testInfo.outputPath('ripcord.log');

    const ran = await ripcordRun(['sh', '-c', 'echo program-started'], logFile, env);

    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('program-started');
    expect(ran.stderr).toContain('ripcord: `ripcord ps` and `ripcord stop` cannot reach this session (no control socket)');
    expect(ran.stderr).toContain(`why: ${taken}`);
    const { stdout } = await run(process.execPath, [CLI, 'doctor', '--json'], { env });
    const doctor = JSON.parse(stdout) as { controlSocket: { ok: boolean; detail: string } };
    expect(doctor.controlSocket.ok).toBe(false);
    expect(doctor.controlSocket.detail).toContain(taken);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});
