// Where the bench finds the repository and its bundles, whether it runs from its own
// esbuild bundle (bench/results/.build) or as TypeScript under Playwright (e2e/stress).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'ripcord') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no ripcord package.json above ${start}`);
  }
}

export const REPO_ROOT = findRepoRoot(__dirname);
/** `npm run build:test` output; RIPCORD_DIST points the bench at another build. */
export const DIST_OVERRIDDEN = process.env.RIPCORD_DIST !== undefined;
export const DIST = process.env.RIPCORD_DIST ?? path.join(REPO_ROOT, 'dist');
export const CLI = path.join(DIST, 'cli.js');
/** The `ripcord` command as a user runs it (it starts node on REPO_ROOT/dist/cli.js). */
export const RIPCORD_COMMAND = path.join(REPO_ROOT, 'bin', 'ripcord');
export const HARNESS = path.join(DIST, 'harness.js');
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');
/** The bench's own bundles (runner, naive baselines), git-ignored with the results. */
export const BENCH_BUILD_DIR = path.join(RESULTS_DIR, '.build');
export const NAIVE_HARNESS = path.join(BENCH_BUILD_DIR, 'naive-harness.js');
export const NAIVE_HOST = path.join(BENCH_BUILD_DIR, 'naive-host.js');
/** The contained floor of a start (bench/floor/host.ts). */
export const FLOOR_HOST = path.join(BENCH_BUILD_DIR, 'floor-host.js');
/** The same after the steps a ripcord start cannot skip (bench/floor/settings-host.ts). */
export const FLOOR_SETTINGS_HOST = path.join(BENCH_BUILD_DIR, 'floor-settings-host.js');
/** The Ctrl+C rows' floor: bash's prompt after SIGINT in a bare pty (bench/floor/ctrl-c-host.ts). */
export const FLOOR_CTRL_C_HOST = path.join(BENCH_BUILD_DIR, 'floor-ctrl-c-host.js');
/** The VS Code-style peer's page (bench/peer/page.ts) with ripcord's index.html. */
export const PEER_RENDERER_DIR = path.join(BENCH_BUILD_DIR, 'peer-renderer');
/** The harness and its session host with smaller watermarks, in a directory laid out as dist/ (bench/build.mjs builds it). */
export const SMALL_WATERMARK = 20_000;
export const SMALL_LOW_WATERMARK = 10_000;
export const SMALL_WATERMARK_DIR = path.join(BENCH_BUILD_DIR, `wm${SMALL_WATERMARK}`);
export const HARNESS_SMALL_WATERMARK = path.join(SMALL_WATERMARK_DIR, 'harness.js');
export const CHROMIUM = process.env.RIPCORD_BROWSER ?? '/usr/bin/chromium';
