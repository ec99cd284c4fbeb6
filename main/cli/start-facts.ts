// What decides whether Chromium can start here (start-verdict.ts), read from the machine: who
// runs it, chrome-sandbox's owner and mode, the user-namespace probe in the Electron binary, the
// sysctls that restrict user namespaces, AppArmor's profile for the binary, and the package kind.
import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { probeInElectron, type UsernsProbe } from './userns-probe';

export type PackageFormat = 'deb' | 'tar' | 'appimage' | 'checkout';

/** Where the facts are read; tests point them at fake files. */
export interface StartFiles {
  procSys: string;
  apparmorDir: string;
  dpkgInfo: string;
}

export const SYSTEM_FILES: StartFiles = { procSys: '/proc/sys', apparmorDir: '/etc/apparmor.d', dpkgInfo: '/var/lib/dpkg/info' };

/** The sysctls that restrict unprivileged user namespaces, by their name. */
export const USERNS_SYSCTLS = [
  'kernel.apparmor_restrict_unprivileged_userns',
  'kernel.unprivileged_userns_clone',
  'user.max_user_namespaces',
] as const;
export type UsernsSysctl = (typeof USERNS_SYSCTLS)[number];

export interface StartFacts {
  format: PackageFormat;
  electron: string;
  root: boolean;
  /** the user passed --no-sandbox */
  noSandbox: boolean;
  /** chrome-sandbox beside the binary */
  sandboxHelper: { path: string; setuidRoot: boolean; state: string };
  userns: UsernsProbe;
  /** each sysctl's value; absent: not on this kernel */
  sysctls: Partial<Record<UsernsSysctl, string>>;
  apparmorProfile: { path: string; present: boolean; grantsUserns: boolean };
}

export interface StartFactsOptions {
  electron: string;
  /** the CLI runs from a package (build/linux/ripcord), not a checkout */
  packaged: boolean;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  uid?: number;
  files?: StartFiles;
  probe?: (electron: string) => Promise<UsernsProbe>;
}

export async function gatherStartFacts(options: StartFactsOptions): Promise<StartFacts> {
  const files = options.files ?? SYSTEM_FILES;
  const { electron } = options;
  const profile = path.join(files.apparmorDir, path.basename(electron));
  const [format, sandboxHelper, userns, sysctls, profileText] = await Promise.all([
    packageFormat(options, files),
    helperState(path.join(path.dirname(electron), 'chrome-sandbox')),
    (options.probe ?? probeInElectron)(electron),
    readSysctls(files.procSys),
    readFile(profile, 'utf8').catch(() => undefined),
  ]);
  return {
    format,
    electron,
    root: (options.uid ?? process.getuid?.() ?? -1) === 0,
    noSandbox: options.args.includes('--no-sandbox'),
    sandboxHelper,
    userns,
    sysctls,
    apparmorProfile: {
      path: profile,
      present: profileText !== undefined,
      grantsUserns: profileText !== undefined && /^\s*userns\s*,/m.test(profileText) && profileText.includes(electron),
    },
  };
}

async function packageFormat(options: StartFactsOptions, files: StartFiles): Promise<PackageFormat> {
  if (!options.packaged) return 'checkout';
  if (options.env.APPIMAGE) return 'appimage';
  // dpkg lists every file a package installed
  const list = await readFile(path.join(files.dpkgInfo, `${path.basename(options.electron)}.list`), 'utf8').catch(() => '');
  return list.split('\n').includes(options.electron) ? 'deb' : 'tar';
}

/** Chromium's SUID sandbox helper works only as root:root, mode 4755. */
async function helperState(file: string): Promise<StartFacts['sandboxHelper']> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error)
    return { path: file, setuidRoot: false, state: info.code === 'ENOENT' ? 'missing' : `unreadable (${info.code})` };
  const mode = (info.mode & 0o7777).toString(8).padStart(4, '0');
  const setuidRoot =
    info.uid === 0 &&
    info.gid === 0 &&
    (info.mode & 0o7777) === 0o4755 &&
    (await access(file, constants.X_OK).then(
      () => true,
      () => false,
    ));
  return { path: file, setuidRoot, state: `owner ${info.uid}:${info.gid}, mode ${mode}` };
}

async function readSysctls(procSys: string): Promise<StartFacts['sysctls']> {
  const out: StartFacts['sysctls'] = {};
  await Promise.all(
    USERNS_SYSCTLS.map(async (name) => {
      const value = await readFile(path.join(procSys, ...name.split('.')), 'utf8').catch(() => undefined);
      if (value !== undefined) out[name] = value.trim();
    }),
  );
  return out;
}
