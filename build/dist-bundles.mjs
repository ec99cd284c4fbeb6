// The bundles `npm run build` makes for Node and Electron (build/bundle.mjs), by their name in
// dist/: the one list the build, the package's file list and package:check read. Test bundles
// (build/bundle-test.mjs, the bench's dist/e2e/) are not on it, so they never ship.
export const NODE_BUNDLES = {
  main: 'main/desktop/desktop-main.ts',
  preload: 'preload/preload-main.ts',
  reaper: 'main/reaper/reaper-main.ts',
  watchdog: 'main/desktop/watchdog-main.ts',
  'session-host': 'main/session-host/session-host-main.ts',
  cli: 'main/cli/cli-main.ts',
  // every subcommand but `run`: cli.js requires it only when one is used
  subcommands: 'main/cli/subcommands.ts',
  // the user-namespace probe the launcher runs in the Electron binary as Node
  'userns-probe': 'main/cli/userns-probe-main.ts',
};

/** What ships of dist/: the Node bundles, the page, our native modules, the shell integration scripts. */
export const SHIPPED_DIST = [
  ...Object.keys(NODE_BUNDLES).flatMap((name) => [`dist/${name}.js`, `dist/${name}.js.map`]),
  'dist/renderer/**',
  'dist/*.node',
  'dist/shell-integration/**',
];
