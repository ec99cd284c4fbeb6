// The .deb's after-install script: electron-builder's own (update-alternatives, chrome-sandbox's
// mode after a user-namespace test, the AppArmor profile with `userns`), read from the installed
// app-builder-lib at build time, plus one link: /usr/bin/ripcord is the package's `ripcord`
// command (build/linux/ripcord), not the Electron binary the alternative names. Electron stays
// at /opt/ripcord/ripcord, where the AppArmor profile and update-alternatives point.
// electron-builder's after-remove (update-alternatives --remove) removes the link as it is.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** electron-builder's after-install template, as installed. */
export const UPSTREAM_AFTER_INSTALL = path.join(
  path.dirname(require.resolve('app-builder-lib/package.json')),
  'templates/linux/after-install.tpl',
);

/** What ripcord adds at the end (electron-builder fills in ${...} as in its own lines). */
export const RIPCORD_AFTER_INSTALL = [
  '',
  '# ripcord: the `ripcord` command runs the CLI and opens the window (docs/packaging.md)',
  "ln -sf '/opt/${sanitizedProductName}/bin/${executable}' '/usr/bin/${executable}'",
  '',
].join('\n');

export function afterInstallScript() {
  return readFileSync(UPSTREAM_AFTER_INSTALL, 'utf8').replace(/\n*$/, '\n') + RIPCORD_AFTER_INSTALL;
}

/**
 * Writes the script where electron-builder's `deb.afterInstall` can read it; returns its path.
 * Named by its content, so every build with the same electron-builder uses one file, and
 * written whole before it gets that name.
 */
export function writeAfterInstall() {
  const script = afterInstallScript();
  const file = path.join(os.tmpdir(), `ripcord-deb-after-install-${createHash('sha256').update(script).digest('hex').slice(0, 16)}.tpl`);
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, script);
  renameSync(partial, file);
  return file;
}
