// electron-builder afterPack hook: flips Electron's fuses (build-time switches compiled into
// the binary) before anything is signed, and gives the AppImage its layout.
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { Arch } from 'electron-builder';
import { makeAppImageLayout, packsAppImageAlone } from './linux/appimage-layout.mjs';

/**
 * The fuse settings of every ripcord package.
 * - RunAsNode stays ON: the reaper runs as process.execPath with ELECTRON_RUN_AS_NODE=1 (DESIGN
 *   §4). It is a separate process so that it survives the app's crash or kill -9 and still
 *   kills the sessions; the packaged app has no other Node to run it with.
 * - EnableNodeOptionsEnvironmentVariable OFF: with RunAsNode on, NODE_OPTIONS would let anyone
 *   who sets the environment inject --require code into the app and the reaper.
 * - EnableNodeCliInspectArguments OFF: no --inspect debugger attach to a shipped app.
 * - OnlyLoadAppFromAsar ON: the app code comes from the (integrity-checked) app.asar only.
 * - EnableCookieEncryption ON: cookies at rest are encrypted with the OS keychain.
 * - GrantFileProtocolExtraPrivileges OFF: the page comes from ripcord://app/ (main/desktop/
 *   app-protocol.ts), so file:// needs none of the extra rights Electron gives it by default.
 * Embedded asar integrity validation is left as Electron ships it: it is macOS/Windows only and
 * needs signing to be meaningful.
 */
export const RIPCORD_FUSES = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

/** @param {import('electron-builder').AfterPackContext} context */
export async function flipAppFuses(context) {
  // Apple Silicon refuses a binary whose ad-hoc signature no longer matches after the flip.
  const resetAdHocDarwinSignature = context.electronPlatformName === 'darwin' && context.arch === Arch.arm64;
  // addElectronFuses locates the packaged binary for each platform (renamed executable, .app, .exe).
  await context.packager.addElectronFuses(context, { ...RIPCORD_FUSES, resetAdHocDarwinSignature });
  // after the flip, which finds Electron by its executable name
  if (packsAppImageAlone(context.targets)) await makeAppImageLayout(context.appOutDir, context.packager.executableName);
}
