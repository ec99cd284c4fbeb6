import path from 'node:path';

const ASAR_SEGMENT = /([\\/])app\.asar(?=[\\/]|$)/;

/**
 * The directory to start helper scripts from. In a packaged app the bundles sit inside
 * app.asar, which only Electron's own fs can read: the reaper (a separate process), the
 * watchdog worker and the session host (it loads our native modules) are loaded from the
 * app.asar.unpacked copy electron-builder writes beside it.
 */
export function unpackedDir(dir: string): string {
  return dir.replace(ASAR_SEGMENT, '$1app.asar.unpacked');
}

/** The bundles of one build, all flat in dist/ (build/bundle.mjs). */
export function appFiles(bundleDir: string): { preload: string; page: string; reaper: string; watchdog: string; sessionHost: string } {
  const helpers = unpackedDir(bundleDir);
  return {
    preload: path.join(bundleDir, 'preload.js'),
    page: path.join(bundleDir, 'renderer', 'index.html'),
    reaper: path.join(helpers, 'reaper.js'),
    watchdog: path.join(helpers, 'watchdog.js'),
    sessionHost: path.join(helpers, 'session-host.js'),
  };
}
