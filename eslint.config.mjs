// Layering of DESIGN §1, enforced: each folder may import only what its row allows.
// A wrong import, or a synchronous fs/child_process call in main/ outside the startup
// allow-list, fails `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** Import patterns (gitignore-style, matched against the import specifier). */
const ban = {
  node: { group: nodeBuiltins, message: 'this layer may not use Node built-ins' },
  electron: { group: ['electron', 'electron/*'], message: 'only main/desktop, main/session-host and preload may import electron' },
  nodePty: { group: ['node-pty'], message: 'only main/platform/pty/session.ts imports node-pty' },
  platform: { group: ['**/platform/*', '**/platform'], message: 'this layer may not import main/platform' },
  decisions: { group: ['**/decisions/*'], message: 'this layer may not import main/decisions' },
  program: { group: ['**/program/*'], message: 'this layer may not import main/program' },
  lifecycle: { group: ['**/lifecycle/*'], message: 'this layer may not import main/lifecycle' },
  sessionHost: { group: ['**/session-host/*'], message: 'this layer may not import main/session-host (the session host process)' },
  desktop: { group: ['**/desktop/*'], message: 'this layer may not import main/desktop (the Electron main process)' },
  /** main/reaper is the reaper process; the client every process uses is main/platform/reaper-client. */
  reaper: { group: ['**/reaper/*'], message: 'this layer may not import main/reaper (the reaper process)' },
  cli: { group: ['**/cli/*'], message: 'this layer may not import main/cli' },
  renderer: { group: ['**/renderer/*'], message: 'only the renderer bundle imports renderer/' },
  core: { group: ['**/core/*'], message: 'this layer may not import main/core' },
  /** The renderer shares the control-character names, which are pure data, the one escaper of them, the hint's words, and the action table with its key parser, and nothing else of main/core. */
  coreButControlChars: {
    group: ['**/core/*', '!**/core/control-chars', '!**/core/visible-text', '!**/core/hint-text', '!**/core/actions', '!**/core/keys'],
    message:
      'the renderer may import only main/core/control-chars, main/core/visible-text, main/core/hint-text, main/core/actions and main/core/keys of main/core',
  },
  /** The preload is the desktop's bridge: its contract is contracts/renderer.ts, which every side imports. */
  preload: { group: ['**/preload/*', '**/preload'], message: 'only preload/ imports preload/: import the contract from contracts/' },
  /** main/core knows no protocol; it shares only the one result type, which is pure types. No pattern for the folder itself: an excluded folder could not re-include its file. */
  contracts: {
    group: ['**/contracts/*', '!**/contracts/result'],
    message: 'main/core is pure logic: it knows no protocol (contracts/), only contracts/result',
  },
  xterm: { group: ['@xterm/*'], message: 'only the renderer uses xterm' },
};

/**
 * The test fence: test helpers are `*.test-support.ts` beside the tests, and e2e/ (the specs and
 * the browser harness with its test view) and bench/ are test code whole; product code imports
 * none of them. Its own rule id, so it adds to each folder's layering rule instead of replacing it
 * (flat config replaces a rule's options per matching block).
 */
const testFence = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['**/*.test-support', '**/*.test-support.ts', '**/*.test', '**/*.test.ts'],
          message: 'product code may not import test code (*.test.ts, *.test-support.ts)',
        },
        {
          group: ['**/e2e/**', '**/bench/**'],
          message: 'product code may not import the specs, the browser harness or the bench (e2e/, bench/)',
        },
      ],
    },
  ],
};

/** Every folder of main/ above main/platform: the folders of the processes and what they share. */
const processes = [ban.decisions, ban.program, ban.lifecycle, ban.sessionHost, ban.desktop, ban.reaper, ban.cli];
/** What decides and what runs a program may not import: a lifecycle, a process's own folder, the page, a pty, Electron. */
const belowTheLifecycle = [
  ban.electron,
  ban.nodePty,
  ban.lifecycle,
  ban.sessionHost,
  ban.desktop,
  ban.reaper,
  ban.cli,
  ban.renderer,
  ban.preload,
  ban.xterm,
];

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((p) => ({ group: p.group, message: p.message })) }],
});

/** Synchronous fs/child_process calls block the main loop (DESIGN §4). */
const noSyncCalls = {
  'no-restricted-syntax': [
    'error',
    {
      selector: 'CallExpression[callee.property.name=/Sync$/], CallExpression[callee.name=/Sync$/]',
      message: 'no synchronous fs/child_process calls in main/ outside the startup allow-list (eslint.config.mjs)',
    },
  ],
};

/** Files that may call *Sync: startup-only reads and the final log append of the exit path. */
export const syncAllowList = [
  'main/platform/files/config-file.ts',
  // startup-only: the bounded settings read, and the log's first open
  'main/platform/files/bounded-read.ts',
  'main/platform/files/private-files.ts',
  // startup-only: the saved layout's bounded read and its folders' stats, before the window exists
  'main/platform/files/layout-file.ts',
  'main/desktop/layout-restore.ts',
  // a session's pre-spawn checks of its program and cwd: once per process, at its start
  'main/platform/pty/program-file.ts',
  // a session's shell integration files, made once per process at its start
  'main/program/shell-integration/prepare.ts',
  'main/platform/log/log.ts',
  'main/cli/cli-main.ts',
  // the launcher's refusal to start Electron, written to the log before the launcher exits
  'main/cli/start-refusal.ts',
  'main/cli/outer-terminal.ts',
  // the restore's bounded reads and writes on the terminal (non-blocking, inside the exit path)
  'main/cli/bounded-terminal-io.ts',
  'main/platform/files/bounded-write.ts',
  // the kernel's own files (/proc, cgroup files): made on read, never waiting for a disk
  'main/platform/files/kernel-reads.ts',
  // the exit path's descriptors: cgroup files opened at a session's start, written at its exit
  'main/platform/containment/exit-descriptors.ts',
  // a transcript's positional writes into the page cache, a few µs each, in the process that runs
  // the session (session host, `ripcord run`), never the desktop's main process: queued writes
  // would be lost to a kill -9 (docs/benchmarks.md#transcripts)
  'main/platform/transcript/transcript-file.ts',
];

/** The rules of typescript-eslint's recommended set that need type information. */
const typeCheckedRules = Object.assign({}, ...tseslint.configs.recommendedTypeCheckedOnly.map((config) => config.rules ?? {}));

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Type-aware rules (DESIGN §4: a promise nobody awaits hides its rejection and its ordering): every
  // TypeScript file is linted with the compiler's types, through the tsconfig that covers it.
  {
    files: ['**/*.ts', '**/*.mts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      ...typeCheckedRules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-condition': 'error',
      // An async function that implements a promise-returning interface without awaiting is right:
      // it turns a throw into a rejection the caller handles.
      '@typescript-eslint/require-await': 'off',
      // String(x) of an unknown log field, setting value or socket message is the rendering we want.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  // Tests compare with expect.any(…) and read JSON they wrote themselves: both are typed any.
  {
    files: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    files: ['**/*.mjs', 'bin/**/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', require: 'readonly', __dirname: 'readonly', module: 'writable' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The protocols of DESIGN §1, each declared once: plain TypeScript every side can import, importing nothing but each other.
  {
    files: ['contracts/**/*.ts'],
    rules: restrict(ban.node, ban.electron, ban.nodePty, ban.core, ban.platform, ...processes, ban.renderer, ban.preload, ban.xterm),
  },
  {
    files: ['contracts/**/*.test.ts'],
    rules: restrict(ban.electron, ban.nodePty, ban.core, ban.platform, ...processes, ban.renderer, ban.preload, ban.xterm),
  },
  {
    files: ['main/core/**/*.ts'],
    rules: restrict(ban.node, ban.electron, ban.nodePty, ban.platform, ...processes, ban.renderer, ban.preload, ban.contracts, ban.xterm),
  },
  // Tests of pure logic may use Node (worker threads) and a headless xterm to check the logic for real.
  {
    files: ['main/core/**/*.test.ts'],
    rules: restrict(ban.electron, ban.nodePty, ban.platform, ...processes, ban.renderer, ban.preload, ban.contracts),
  },
  { files: ['main/platform/**/*.ts'], rules: restrict(ban.electron, ban.nodePty, ...processes, ban.renderer, ban.preload, ban.xterm) },
  { files: ['main/platform/pty/session.ts'], rules: restrict(ban.electron, ...processes, ban.renderer, ban.preload, ban.xterm) },
  // What decides a session's exits and carries them out: main's side of the decision path, in every host.
  { files: ['main/decisions/**/*.ts'], rules: restrict(...belowTheLifecycle) },
  // What runs a program: in the session host, and in `ripcord run`'s one process.
  { files: ['main/program/**/*.ts'], rules: restrict(ban.decisions, ...belowTheLifecycle) },
  // Its tests run a program against main's real decisions, as `ripcord run` does.
  { files: ['main/program/**/*.test.ts', 'main/program/**/*.test-support.ts'], rules: restrict(...belowTheLifecycle) },
  // A session's lifecycle: where the window or the terminal is (the desktop's main process, `ripcord run`).
  {
    files: ['main/lifecycle/**/*.ts'],
    rules: restrict(ban.electron, ban.nodePty, ban.sessionHost, ban.desktop, ban.reaper, ban.cli, ban.renderer, ban.preload, ban.xterm),
  },
  // The session host process: runs the programs for the desktop's main process.
  {
    files: ['main/session-host/**/*.ts'],
    rules: restrict(ban.nodePty, ban.decisions, ban.lifecycle, ban.desktop, ban.reaper, ban.cli, ban.renderer, ban.preload, ban.xterm),
  },
  // The Electron main process.
  { files: ['main/desktop/**/*.ts'], rules: restrict(ban.nodePty, ban.reaper, ban.cli, ban.renderer, ban.preload, ban.xterm) },
  // The reaper process: the OS and nothing of a session.
  {
    files: ['main/reaper/**/*.ts'],
    rules: restrict(
      ban.electron,
      ban.nodePty,
      ban.decisions,
      ban.program,
      ban.lifecycle,
      ban.sessionHost,
      ban.desktop,
      ban.cli,
      ban.renderer,
      ban.preload,
      ban.xterm,
    ),
  },
  {
    files: ['main/cli/**/*.ts'],
    rules: restrict(ban.electron, ban.nodePty, ban.sessionHost, ban.desktop, ban.reaper, ban.renderer, ban.preload, ban.xterm),
  },
  // Its tests may check what it writes to the outer terminal on a headless xterm, as core's do.
  {
    files: ['main/cli/**/*.test.ts'],
    rules: restrict(ban.electron, ban.nodePty, ban.sessionHost, ban.desktop, ban.reaper, ban.renderer, ban.preload),
  },
  // `ripcord last` replays a transcript through xterm's own parser (headless, no DOM).
  {
    files: ['main/cli/transcript-render.ts'],
    rules: restrict(ban.electron, ban.nodePty, ban.sessionHost, ban.desktop, ban.reaper, ban.renderer, ban.preload),
  },
  { files: ['preload/**/*.ts'], rules: restrict(ban.node, ban.nodePty, ban.core, ban.platform, ...processes, ban.renderer, ban.xterm) },
  {
    files: ['renderer/**/*.ts'],
    rules: restrict(ban.node, ban.electron, ban.nodePty, ban.coreButControlChars, ban.platform, ...processes, ban.preload),
  },
  { files: ['main/**/*.ts'], ignores: ['main/**/*.test.ts', 'main/**/*.test-support.ts', ...syncAllowList], rules: noSyncCalls },
  {
    files: ['contracts/**/*.ts', 'main/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: testFence,
  },
);
