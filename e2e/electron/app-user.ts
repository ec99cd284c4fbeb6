// Who runs the Electron specs' app. The app keeps Chromium's sandbox on (app.enableSandbox()),
// which Chromium refuses to root, and the specs never pass --no-sandbox: a root run (CI's)
// starts the app as the tests' own user instead (e2e/terminal/test-user.ts: a system user, a
// cgroup delegated to it, a private directory), as as-user.spec.ts runs `ripcord run`; any
// other user runs it as itself.
import { execFile } from 'node:child_process';
import { chown, copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { setUpUser, type UserSetup } from '../terminal/test-user';

const run = promisify(execFile);

export interface AppUser {
  /** what to start: the binary itself, or a wrapper that drops to the tests' user first */
  executable: string;
  /** what the app needs in its environment as that user */
  env: Record<string, string>;
  /** hands a directory of the test (settings, log) to that user */
  own(dir: string): Promise<void>;
  dispose(): Promise<void>;
}

/** The app's runner for `binary`, or why the app cannot run here (a reason for test.skip). */
export async function appUser(binary: string): Promise<AppUser | string> {
  if (process.getuid?.() !== 0) return { executable: binary, env: {}, own: async () => undefined, dispose: async () => undefined };
  const setup = await setUpUser();
  if (typeof setup === 'string')
    return `skipped: running as root, where Electron refuses its sandbox, and no user to run the app as (${setup})`;
  const { uid, gid } = setup.user;
  const wrapper = path.join(setup.dir, 'as-user.sh');
  await writeFile(wrapper, wrapperScript(setup, binary), { mode: 0o755 });
  const env: Record<string, string> = {
    HOME: setup.dir,
    XDG_CONFIG_HOME: path.join(setup.dir, 'state'),
    XDG_RUNTIME_DIR: path.join(setup.dir, 'run'),
    XDG_STATE_HOME: path.join(setup.dir, 'state'),
    RIPCORD_CGROUP_PARENT: setup.delegated,
  };
  // xvfb-run's cookie for the display is root's alone: the user gets a copy of its own
  if (process.env.XAUTHORITY) {
    env.XAUTHORITY = path.join(setup.dir, 'Xauthority');
    await copyFile(process.env.XAUTHORITY, env.XAUTHORITY);
    await chown(env.XAUTHORITY, uid, gid);
  }
  return {
    executable: wrapper,
    env,
    own: async (dir) => {
      await run('chown', ['-R', `${uid}:${gid}`, dir]);
    },
    dispose: () => setup.dispose(),
  };
}

/**
 * Joins the host's leaf of the delegated cgroup as root, then drops to the user and becomes the
 * app (exec: the pid Playwright started is the app's, its pipes the app's), as ripcordAsUser does.
 */
function wrapperScript(setup: UserSetup, binary: string): string {
  const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;
  return `#!/bin/sh\necho $$ >${quote(path.join(setup.hostCgroup, 'cgroup.procs'))} && exec setpriv --reuid=${setup.user.uid} --regid=${setup.user.gid} --clear-groups -- ${quote(binary)} "$@"\n`;
}
