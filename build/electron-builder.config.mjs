// electron-builder configuration: `npm run dist` (current platform) and build/package-check.mjs.
//
// Native module: node-pty 1.1.0 is an N-API addon, so the binary built for Node at `npm ci`
// (Linux: compiled by node-gyp; macOS/Windows: the prebuilds it ships) loads unchanged in
// Electron. Hence npmRebuild: false — no rebuild against Electron's headers, nothing to
// download. Offline on Linux, `npm ci` compiles node-pty against local Node headers when
// npm_config_nodedir points at them (e.g. npm_config_nodedir=/usr with the distro's Node
// headers installed).
//
// Electron itself: ELECTRON_DIST points at a local unpacked Electron (a folder holding the
// `electron` executable) when downloading one is impossible; otherwise electron-builder
// downloads the version in node_modules/electron/package.json.
import { flipAppFuses } from './after-pack.mjs';
import { SHIPPED_DIST } from './dist-bundles.mjs';
import { writeAfterInstall } from './linux/deb-scripts.mjs';
import './linux/desktop-exec.mjs';

/** @type {import('electron-builder').Configuration} */
const config = {
  appId: 'dev.ripcord.app',
  productName: 'ripcord',
  copyright: 'Copyright © ripcord contributors',
  directories: { output: 'release', buildResources: 'build' },
  extraMetadata: {
    // The packaged app starts from the bundle, whatever package.json's "main" says for development.
    main: 'dist/main.js',
    // Electron takes its Linux app_id / WM_CLASS from this; it matches the installed ripcord.desktop
    // so desktops link the running window to the entry (and its icon).
    desktopName: 'ripcord.desktop',
  },
  // The bundles carry every JS dependency; only node-pty (native) ships as a module. Of dist/,
  // only what `npm run build` makes: the test bundles `build:test` adds beside it stay out.
  files: [
    'package.json',
    ...SHIPPED_DIST,
    '!node_modules/**',
    'node_modules/node-pty/package.json',
    'node_modules/node-pty/lib/**/*.js',
    '!node_modules/node-pty/lib/**/*.test.js',
    'node_modules/node-pty/build/Release/*.node',
    'node_modules/node-pty/build/Release/spawn-helper',
    'node_modules/node-pty/prebuilds/${platform}-${arch}/**',
  ],
  // Native code (node-pty, our own modules) cannot be loaded from inside an asar, and node-pty
  // execs its spawn-helper (macOS) from disk. The reaper outlives the app (it kills the sessions
  // after the host is gone): as a plain file it needs no asar support from the Electron-as-Node
  // runtime it runs in, and any `node` can run it from the install for diagnosis. The session
  // host and the CLI (cli.js, subcommands.js: the `ripcord` command, run as Node) start from
  // the unpacked copy, so what they read beside themselves is unpacked too: the shell
  // integration scripts, subcommands.js, the reaper. package:check fails when one is missing.
  asarUnpack: [
    'node_modules/node-pty/**',
    'dist/*.node',
    'dist/{reaper,watchdog,session-host,cli,subcommands,userns-probe}.js{,.map}',
    'dist/shell-integration/**',
  ],
  npmRebuild: false,
  electronDist: process.env.ELECTRON_DIST || undefined,
  afterPack: flipAppFuses,
  linux: {
    // npm run dist (build/dist.mjs) builds the AppImage in a pass of its own (build/linux/appimage-layout.mjs)
    target: ['AppImage', 'deb', 'tar.gz'],
    executableName: 'ripcord',
    icon: 'build/icons',
    category: 'System;TerminalEmulator;',
    synopsis: 'A terminal you can always get out of',
    description: 'Ctrl+C cancels, a second Ctrl+C quits, and no process of the session outlives the app.',
    desktop: { entry: { Keywords: 'terminal;shell;console;command;prompt;' } },
    // The `ripcord` command beside Electron in every Linux package (/opt/ripcord/bin/ripcord):
    // the CLI in a terminal, the window with no command (build/linux/ripcord).
    extraFiles: [{ from: 'build/linux/ripcord', to: 'bin/ripcord' }],
  },
  // electron-builder's after-install plus the /usr/bin/ripcord link to bin/ripcord (build/linux/deb-scripts.mjs)
  deb: { afterInstall: writeAfterInstall() },
  // electron-builder's default Exec for the AppImage is `AppRun --no-sandbox`: ripcord never
  // turns Chromium's sandbox off on its own (docs/troubleshooting.md says what to do instead).
  appImage: { executableArgs: [] },
  mac: {
    target: ['dmg', 'zip'],
    category: 'public.app-category.developer-tools',
    icon: 'build/icons/icon.icns',
  },
  win: {
    target: ['nsis'],
    icon: 'build/icons/icon.ico',
  },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true },
};

export default config;
