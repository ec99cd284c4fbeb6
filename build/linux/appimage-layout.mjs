// The AppImage's layout: `ripcord run`, `ps`, … reachable from the image, as from the other
// packages' bin/ripcord. electron-builder's AppRun (app-builder-lib's generateAppRunScript)
// execs "$APPDIR/<executableName>" with the image's arguments and offers no hook to change
// that; so in the AppImage that name is a link to bin/ripcord (build/linux/ripcord), and
// Electron moves beside it as <executableName>-electron, where bin/ripcord finds it.
//
// afterPack sees one unpacked folder for every target it builds, and the .deb's AppArmor
// profile and update-alternatives name Electron at /opt/ripcord/ripcord: so the AppImage is
// built in a pass of its own (build/dist.mjs), and an afterPack for the AppImage together
// with another target is refused.
import { lstat, rename, symlink } from 'node:fs/promises';
import path from 'node:path';

/** The name Electron takes in the AppImage, beside the link AppRun starts. */
export function appImageElectronName(executableName) {
  return `${executableName}-electron`;
}

/**
 * Whether this afterPack packs for the AppImage alone; throws when the AppImage is mixed with
 * another target (each needs its own layout).
 * @param {ReadonlyArray<{ name: string }>} targets
 */
export function packsAppImageAlone(targets) {
  const names = targets.map((target) => target.name);
  if (!names.includes('appImage')) return false;
  if (names.length > 1)
    throw new Error(
      `the AppImage needs a pass of its own (its Electron moves aside for bin/ripcord); asked for ${names.join(', ')} at once: run npm run dist, which builds it alone`,
    );
  return true;
}

/** Moves Electron aside and links its name to bin/ripcord, in an unpacked app folder. */
export async function makeAppImageLayout(appOutDir, executableName) {
  const electron = path.join(appOutDir, executableName);
  if (!(await lstat(electron)).isFile()) throw new Error(`${electron} is not the Electron binary`);
  await rename(electron, path.join(appOutDir, appImageElectronName(executableName)));
  await symlink(`bin/${executableName}`, electron);
}

/**
 * The electron-builder passes for these Linux targets: the AppImage alone and first, so that
 * release/linux-unpacked ends as the layout the other packages hold.
 * @param {readonly string[]} targets
 */
export function linuxPasses(targets) {
  const others = targets.filter((target) => target !== 'AppImage');
  return targets.includes('AppImage') ? [['AppImage'], ...(others.length > 0 ? [others] : [])] : [others];
}
