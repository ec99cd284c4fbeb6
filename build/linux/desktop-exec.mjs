// The .deb's desktop entry starts the package's `ripcord` command (build/linux/ripcord), so a
// start that cannot work is explained (docs/troubleshooting.md) instead of Chromium aborting
// unseen. electron-builder refuses `desktop.entry.Exec` (its issue #3418) and writes
// Exec=/opt/<product>/<executable> %U for its fpm targets (deb); this sets the Exec it computes
// for them. package:check computes the entry with the same code and checks its Exec.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper');

/** The command the entry runs: no %U, ripcord opens no files or URLs. */
export function commandPath(sanitizedProductName, executableName) {
  return `/opt/${sanitizedProductName}/bin/${executableName}`;
}

const computeDesktopEntry = LinuxTargetHelper.prototype.computeDesktopEntry;
if (!computeDesktopEntry.ripcord) {
  // Only the fpm targets pass no exec; the AppImage's and Flatpak's name their own launcher.
  LinuxTargetHelper.prototype.computeDesktopEntry = function (options, exec, extra) {
    const { appInfo, executableName } = this.packager;
    return computeDesktopEntry.call(this, options, exec ?? commandPath(appInfo.sanitizedProductName, executableName), extra);
  };
  LinuxTargetHelper.prototype.computeDesktopEntry.ripcord = true;
}
