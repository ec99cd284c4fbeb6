// Running ripcord as a user who is not root (issue #27): a system user made for the tests, a
// cgroup delegated to it (the directory and its cgroup.procs, cgroup.threads and
// cgroup.subtree_control chowned to it, as systemd delegates a user's cgroup), and a private
// directory for its log, runtime and state files. Needs root to set up; a spec says why it skips.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, mkdtemp, readdir, rm, rmdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { locateCgroup } from '../../main/platform/containment/cgroup';
import { BASH, CLI, KILL_GRACE_MS } from './ripcord';
import { waitUntil } from './tmux';

const run = promisify(execFile);
export const TEST_USER = 'ripcord-e2e';
/** Files of a cgroup its owner may write once it is delegated (kernel docs, cgroup-v2 "Delegation"). */
const DELEGATED_FILES = ['cgroup.procs', 'cgroup.threads', 'cgroup.subtree_control'];

export interface TestUser {
  uid: number;
  gid: number;
  name: string;
}
export interface UserSetup {
  user: TestUser;
  delegated: string;
  hostCgroup: string;
  dir: string;
  dispose(): Promise<void>;
}

async function ids(name: string): Promise<TestUser | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { uid: Number(uid.stdout), gid: Number(gid.stdout), name };
  } catch {
    return undefined;
  }
}

/** The test user (made if missing), or why there can be none here. */
export async function testUser(): Promise<TestUser | string> {
  if (process.getuid?.() !== 0) return 'the tests are not run as root: they cannot make a user or delegate a cgroup';
  const known = await ids(TEST_USER);
  if (known) return known;
  // another run may make it at the same moment: then it exists
  await run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', TEST_USER]).catch(() => undefined);
  return (await ids(TEST_USER)) ?? `useradd could not make the user ${TEST_USER}`;
}

async function removeTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory()) await removeTree(path.join(dir, entry.name));
  }
  await rmdir(dir).catch(() => undefined);
}

/**
 * Lets every user traverse (o+x, not list) the directories above the checkout that do not allow
 * it — a clone in a `mktemp -d` folder is 0700 — so the test user can run its dist/; resolves to
 * what puts the modes back.
 */
async function letUsersReachCheckout(): Promise<() => Promise<void>> {
  const changed: { dir: string; mode: number }[] = [];
  for (let dir = path.dirname(path.dirname(CLI)); ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      await chmod(dir, (mode & 0o7777) | 0o001);
      changed.push({ dir, mode: mode & 0o7777 });
    }
    if (dir === path.dirname(dir)) break;
  }
  return async () => {
    for (const { dir, mode } of changed) await chmod(dir, mode).catch(() => undefined);
  };
}

/** A cgroup delegated to the user, with a leaf the host starts in, and a private directory. */
export async function setUpUser(): Promise<UserSetup | string> {
  const user = await testUser();
  if (typeof user === 'string') return user;
  const located = await locateCgroup();
  if (!located.ok) return `no cgroup2 hierarchy: ${located.error}`;
  const delegated = path.join(located.value.dir, `e2e-delegated-${randomBytes(6).toString('hex')}`);
  const made = await mkdir(delegated).then(
    () => undefined,
    (error: Error) => `cannot make a cgroup to delegate: ${error.message}`,
  );
  if (made !== undefined) return made;
  const hostCgroup = path.join(delegated, 'host');
  await mkdir(hostCgroup);
  for (const target of [delegated, hostCgroup]) {
    for (const file of ['', ...DELEGATED_FILES]) await chown(path.join(target, file), user.uid, user.gid);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-e2e-user-'));
  for (const sub of ['run', 'state']) await mkdir(path.join(dir, sub), { mode: 0o700 });
  await run('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
  const restoreModes = await letUsersReachCheckout();
  return {
    user,
    delegated,
    hostCgroup,
    dir,
    dispose: async () => {
      // a reaper may still be removing a session's cgroup below it
      const gone = async (): Promise<true | undefined> => {
        await removeTree(delegated);
        return (await readdir(delegated).then(
          () => false,
          () => true,
        ))
          ? true
          : undefined;
      };
      await waitUntil('the delegated cgroup to be removed', gone).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
      await restoreModes();
    },
  };
}

/**
 * argv for a pane: joins the host's leaf of the delegated cgroup as root, then drops to the user
 * and runs `ripcord run` there, its session cgroups going below the delegated one.
 */
export function ripcordAsUser(
  setup: UserSetup,
  logFile: string,
  command: readonly string[] = BASH,
): { argv: string[]; env: Record<string, string> } {
  const { user } = setup;
  return {
    argv: [
      'sh',
      '-c',
      'echo $$ >"$1/cgroup.procs" && shift && exec "$@"',
      'sh',
      setup.hostCgroup,
      'setpriv',
      `--reuid=${user.uid}`,
      `--regid=${user.gid}`,
      '--clear-groups',
      '--',
      process.execPath,
      CLI,
      'run',
      '--kill-grace',
      String(KILL_GRACE_MS),
      '--log',
      logFile,
      '--',
      ...command,
    ],
    env: {
      RIPCORD_CGROUP_PARENT: setup.delegated,
      XDG_RUNTIME_DIR: path.join(setup.dir, 'run'),
      XDG_STATE_HOME: path.join(setup.dir, 'state'),
      RIPCORD_CONFIG: path.join(setup.dir, 'no-config.json'),
    },
  };
}
