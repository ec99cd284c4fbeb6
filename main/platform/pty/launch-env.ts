// What Electron and an AppImage add to ripcord's own environment, taken out of a session's
// (docs/usage-run.md, "Environment"): a program in ripcord sees the desktop the user is on, not
// Electron's idea of it, and nothing that makes it group under ripcord's icon or load ripcord's
// bundled libraries.

/**
 * The ELECTRON_* variables ripcord's own launcher reads (docs/install.md): the user set them for
 * ripcord, so a `ripcord` started inside a session must see them too. Every other ELECTRON_* is
 * Electron's, or ripcord's launch's (ELECTRON_RUN_AS_NODE would turn a `code` or an Electron app
 * started in the session into plain Node).
 */
export const LAUNCHER_ELECTRON_KEYS: readonly string[] = [
  'ELECTRON_OVERRIDE_DIST_PATH',
  'ELECTRON_MIRROR',
  'ELECTRON_SKIP_BINARY_DOWNLOAD',
];

/** Set by Electron in its own process: the desktop it pretends to be on, and its .desktop file. */
const ELECTRON_DESKTOP_KEYS = ['ORIGINAL_XDG_CURRENT_DESKTOP', 'CHROME_DESKTOP'];
/** Set by an AppImage's runtime and AppRun for the one run of the image. */
const APPIMAGE_KEYS = ['APPIMAGE', 'APPDIR', 'OWD', 'ARGV0'];
/** Search paths an AppImage's AppRun prepends its own folders ($APPDIR/...) to. */
const APPIMAGE_SEARCH_PATHS = ['PATH', 'LD_LIBRARY_PATH', 'XDG_DATA_DIRS'];
/** Electron's stand-in for "XDG_CURRENT_DESKTOP was not set". */
const UNSET_MARK = 'undefined';

/**
 * The environment as the user had it before Electron or an AppImage started ripcord:
 * XDG_CURRENT_DESKTOP back from ORIGINAL_XDG_CURRENT_DESKTOP (unset when that is "undefined"),
 * Electron's and the AppImage's variables removed, $APPDIR's entries out of the search paths.
 * An environment neither touched comes back equal.
 */
export function withoutDesktopLaunch(env: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (ELECTRON_DESKTOP_KEYS.includes(key) || APPIMAGE_KEYS.includes(key)) continue;
    if (key.startsWith('ELECTRON_') && !LAUNCHER_ELECTRON_KEYS.includes(key)) continue;
    out[key] = value;
  }
  const original = env.ORIGINAL_XDG_CURRENT_DESKTOP;
  if (original === UNSET_MARK) delete out.XDG_CURRENT_DESKTOP;
  else if (original !== undefined) out.XDG_CURRENT_DESKTOP = original;
  const appDir = env.APPDIR;
  if (appDir !== undefined && appDir.startsWith('/')) {
    for (const key of APPIMAGE_SEARCH_PATHS) {
      const value = out[key];
      if (value === undefined) continue;
      const kept = value.split(':').filter((entry) => !isInside(entry, appDir));
      if (kept.length === 0 || kept.every((entry) => entry === '')) delete out[key];
      else out[key] = kept.join(':');
    }
  }
  return out;
}

function isInside(entry: string, dir: string): boolean {
  const base = dir.replace(/\/+$/, '');
  return entry === base || entry.startsWith(`${base}/`);
}
