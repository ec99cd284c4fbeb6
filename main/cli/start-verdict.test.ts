// The desktop launcher's start verdicts on fake sysctl, chrome-sandbox, AppArmor profile and dpkg
// files, with the user-namespace probe run for real in a stand-in Electron (Node, as
// ELECTRON_RUN_AS_NODE=1 makes Electron); where the probe must fail, the stand-in runs it in a
// user namespace whose user.max_user_namespaces is 0, so creating another one really fails.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { launchDesktop } from './desktop-launcher';
import { describeDesktopStart } from './doctor';
import { gatherStartFacts, type PackageFormat, type StartFiles } from './start-facts';
import { describeVerdict, startVerdict, type StartVerdict } from './start-verdict';
import { probeInElectron } from './userns-probe';

const execFileAsync = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const probeScript = path.join(root, 'dist/userns-probe.js');
const NOBODY = 65534;
let dir: string;
let files: StartFiles;
let electron: string;

/** Whether this machine can make a user namespace in which to make the probe fail (unshare -U -r). */
const canNestNamespaces = await execFileAsync('unshare', ['-U', '-r', 'true']).then(
  () => true,
  () => false,
);

beforeAll(async () => {
  if (!existsSync(probeScript)) await execFileAsync(process.execPath, [path.join(root, 'build/bundle.mjs')], { cwd: root });
}, 120_000);
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-start-'));
  files = {
    procSys: path.join(dir, 'proc/sys'),
    apparmorDir: path.join(dir, 'etc/apparmor.d'),
    dpkgInfo: path.join(dir, 'var/lib/dpkg/info'),
  };
  for (const folder of [
    path.join(files.procSys, 'kernel'),
    path.join(files.procSys, 'user'),
    files.apparmorDir,
    files.dpkgInfo,
    path.join(dir, 'opt/ripcord'),
  ])
    await mkdir(folder, { recursive: true });
  electron = path.join(dir, 'opt/ripcord/ripcord');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The stand-in Electron: Node under ELECTRON_RUN_AS_NODE=1; `userns: 'fails'` runs it where no user namespace can be made. */
async function standIn(userns: 'works' | 'fails'): Promise<void> {
  const node = `'${process.execPath}'`;
  const run =
    userns === 'works'
      ? `exec ${node} "$@"`
      : `exec unshare -U -r sh -c 'echo 0 > /proc/sys/user/max_user_namespaces && exec "$0" "$@"' ${node} "$@"`;
  await writeFile(electron, `#!/bin/sh\n[ "$ELECTRON_RUN_AS_NODE" = 1 ] || exit 99\n${run}\n`);
  await chmod(electron, 0o755);
}

async function sandboxHelper(owner: number, mode: number): Promise<void> {
  const helper = path.join(dir, 'opt/ripcord/chrome-sandbox');
  await writeFile(helper, '');
  await chown(helper, owner, owner);
  await chmod(helper, mode);
}

async function sysctl(name: string, value: string): Promise<void> {
  await writeFile(path.join(files.procSys, ...name.split('.')), `${value}\n`);
}

/** electron-builder's AppArmor profile, as its .deb installs it (from the installed template). */
async function debProfile(): Promise<void> {
  const template = path.join(
    path.dirname(createRequire(__filename).resolve('app-builder-lib/package.json')),
    'templates/linux/apparmor-profile.tpl',
  );
  const text = (await readFile(template, 'utf8'))
    .replaceAll('/opt/${sanitizedProductName}/${executable}', electron)
    .replaceAll('${executable}', 'ripcord');
  await writeFile(path.join(files.apparmorDir, 'ripcord'), text);
  await writeFile(path.join(files.dpkgInfo, 'ripcord.list'), `/opt/ripcord\n${electron}\n`);
}

async function verdict(format: PackageFormat, options: { uid?: number; args?: string[] } = {}): Promise<StartVerdict> {
  const facts = await gatherStartFacts({
    electron,
    packaged: format !== 'checkout',
    args: options.args ?? [],
    env: format === 'appimage' ? { APPIMAGE: '/home/u/ripcord.AppImage' } : {},
    uid: options.uid ?? 1000,
    files,
    probe: (binary) => probeInElectron(binary, probeScript),
  });
  if (format === 'deb') expect(facts.format).toBe('deb');
  return startVerdict(facts);
}

function refused(result: StartVerdict): Extract<StartVerdict, { start: false }> {
  if (result.start) throw new Error(`expected a refusal, got: ${result.how}`);
  return result;
}

describe("the desktop launcher's start verdict", () => {
  it('root without --no-sandbox: refused, and the fix is to start as the user or pass --no-sandbox', async () => {
    await standIn('works');
    await sandboxHelper(0, 0o4755);
    const result = refused(await verdict('tar', { uid: 0 }));
    expect(result.cause).toContain('runs as root');
    expect(result.fix.join('\n')).toContain('pass --no-sandbox yourself');
  });

  it('root with an explicit --no-sandbox: starts, saying the sandbox is off', async () => {
    await standIn('works');
    expect(await verdict('tar', { uid: 0, args: ['--no-sandbox'] })).toEqual({
      start: true,
      how: "Chromium's sandbox is off: --no-sandbox was given",
    });
  });

  it('user namespaces work in the Electron binary: starts', async () => {
    await standIn('works');
    await sandboxHelper(0, 0o755);
    expect((await verdict('tar')).start).toBe(true);
  });

  it.skipIf(!canNestNamespaces)('the tar on a restricted kernel: refused, naming the sysctl, with the chown/chmod fix', async () => {
    await standIn('fails');
    await sandboxHelper(0, 0o755);
    await sysctl('kernel.apparmor_restrict_unprivileged_userns', '1');
    const result = refused(await verdict('tar'));
    expect(result.cause).toContain('kernel.apparmor_restrict_unprivileged_userns = 1');
    expect(result.cause).toContain('unshare(CLONE_NEWUSER): ENOSPC');
    expect(result.cause).toContain('owner 0:0, mode 0755');
    const helper = path.join(dir, 'opt/ripcord/chrome-sandbox');
    expect(result.fix[0]).toBe(`Make the sandbox helper setuid root: sudo chown root:root '${helper}' && sudo chmod 4755 '${helper}'`);
    expect(describeVerdict(result)).toContain("ripcord does not turn Chromium's sandbox off by itself");
  });

  it('the .deb on a restricted kernel with its AppArmor profile: starts, through the profile', async () => {
    await standIn('works');
    await sandboxHelper(0, 0o755);
    await sysctl('kernel.apparmor_restrict_unprivileged_userns', '1');
    await debProfile();
    const result = await verdict('deb');
    expect(result).toEqual({
      start: true,
      how: `Chromium's namespace sandbox: user namespaces work (allowed for ${electron} by the AppArmor profile ${path.join(files.apparmorDir, 'ripcord')})`,
    });
  });

  it.skipIf(!canNestNamespaces)('the .deb whose profile does not take effect: refused, with the command that loads it', async () => {
    await standIn('fails');
    await sandboxHelper(0, 0o755);
    await sysctl('kernel.apparmor_restrict_unprivileged_userns', '1');
    await debProfile();
    const result = refused(await verdict('deb'));
    expect(result.cause).toContain('the AppArmor profile');
    expect(result.fix[0]).toBe(`Load the package's AppArmor profile: sudo apparmor_parser -r '${path.join(files.apparmorDir, 'ripcord')}'`);
  });

  it.skipIf(!canNestNamespaces)('a setuid-root chrome-sandbox starts without user namespaces', async () => {
    await standIn('fails');
    await sandboxHelper(0, 0o4755);
    await sysctl('kernel.apparmor_restrict_unprivileged_userns', '1');
    expect((await verdict('tar')).start).toBe(true);
  });

  it.skipIf(!canNestNamespaces)('a setuid chrome-sandbox that root does not own does not count', async () => {
    await standIn('fails');
    await sandboxHelper(NOBODY, 0o4755);
    expect(refused(await verdict('tar')).cause).toContain(`owner ${NOBODY}:${NOBODY}, mode 4755`);
  });

  it.skipIf(!canNestNamespaces)('the AppImage: refused, and says it cannot be fixed there', async () => {
    await standIn('fails');
    await sysctl('kernel.apparmor_restrict_unprivileged_userns', '1');
    const result = refused(await verdict('appimage'));
    expect(result.cause).toContain('missing');
    expect(result.fix).toEqual([
      'Not possible for the AppImage: it is mounted nosuid, so its chrome-sandbox can never be setuid root. Install the .deb or the .tar.gz instead.',
    ]);
  });

  it.skipIf(!canNestNamespaces)(
    'npm start with user namespaces turned off: names both sysctls, and the fix for the Electron npm installed',
    async () => {
      await standIn('fails');
      await sandboxHelper(0, 0o755);
      await sysctl('kernel.unprivileged_userns_clone', '0');
      await sysctl('user.max_user_namespaces', '0');
      const result = refused(await verdict('checkout'));
      expect(result.cause).toContain('kernel.unprivileged_userns_clone = 0');
      expect(result.cause).toContain('user.max_user_namespaces = 0');
      expect(result.fix[0]).toContain('sudo chown root:root');
      expect(result.fix[1]).toContain('after each npm ci');
    },
  );
});

describe("launchDesktop's refusal", () => {
  it('root: says why on stderr, does not start Electron, and returns 1', async () => {
    await standIn('works');
    let text = '';
    const code = await launchDesktop([], {
      env: {},
      packagedElectron: electron,
      interactive: true,
      uid: 0,
      startFiles: files,
      stderr: { write: (chunk: string) => ((text += chunk), true) },
    });
    expect(code).toBe(1);
    expect(text).toMatch(/^ripcord: the desktop app cannot start here: ripcord runs as root/);
  });

  it.skipIf(!canNestNamespaces)('started without a terminal (the desktop entry): also to the log and to notify-send', async () => {
    await standIn('fails');
    await sandboxHelper(0, 0o755);
    const bin = path.join(dir, 'bin');
    await mkdir(bin);
    await writeFile(path.join(bin, 'notify-send'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${path.join(dir, 'notified')}'\n`);
    await chmod(path.join(bin, 'notify-send'), 0o755);
    const log = path.join(dir, 'ripcord.log');
    const env = { PATH: bin, RIPCORD_LOG: log };
    const saved = process.env.RIPCORD_LOG;
    process.env.RIPCORD_LOG = log;
    try {
      const code = await launchDesktop([], {
        env,
        packagedElectron: electron,
        interactive: false,
        uid: 1000,
        startFiles: files,
        probe: (binary) => probeInElectron(binary, probeScript),
        stderr: { write: () => true },
      });
      expect(code).toBe(1);
    } finally {
      if (saved === undefined) delete process.env.RIPCORD_LOG;
      else process.env.RIPCORD_LOG = saved;
    }
    const notified = await readFile(path.join(dir, 'notified'), 'utf8');
    expect(notified).toContain('ripcord: the desktop app cannot start here');
    expect(notified).toContain('sudo chmod 4755');
    expect(await readFile(log, 'utf8')).toContain('"desktop.start-refused"');
  });
});

describe("ripcord doctor's desktop line", () => {
  it.skipIf(!canNestNamespaces)("gives the launcher's verdict with the facts it rests on", async () => {
    await standIn('fails');
    await sandboxHelper(0, 0o755);
    await sysctl('kernel.apparmor_restrict_unprivileged_userns', '1');
    const facts = await gatherStartFacts({
      electron,
      packaged: true,
      args: [],
      env: {},
      uid: 1000,
      files,
      probe: (binary) => probeInElectron(binary, probeScript),
    });
    const verdict = startVerdict(facts);
    const text = describeDesktopStart({ electron, facts, verdict });
    expect(text.split('\n').slice(0, 5)).toEqual([
      `desktop app (tar, ${electron}): cannot start`,
      '  chrome-sandbox: owner 0:0, mode 0755',
      '  user namespaces in the Electron binary: fail — unshare(CLONE_NEWUSER): ENOSPC',
      '  sysctls: kernel.apparmor_restrict_unprivileged_userns = 1',
      `  AppArmor profile ${path.join(files.apparmorDir, 'ripcord')}: none`,
    ]);
    expect(text).toContain(refused(verdict).fix[0]);
  });
});
