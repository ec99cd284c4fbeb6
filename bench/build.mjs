// The bench's own bundles, into bench/results/.build (git-ignored): the TypeScript runner, the
// naive baselines, the floors (of a start, of a Ctrl+C), the VS Code-style peer's page, and the watermark experiment's harness
// and session host.
// `node bench/build.mjs` builds them alone (the bench spec of `npm test` does).
import { build } from 'esbuild';
import { copyFile, cp, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'results', '.build');

await build({
  entryPoints: {
    bench: path.join(here, 'main.ts'),
    'naive-harness': path.join(here, 'naive/harness.ts'),
    'naive-host': path.join(here, 'naive/host.ts'),
    'floor-host': path.join(here, 'floor/host.ts'),
    'floor-settings-host': path.join(here, 'floor/settings-host.ts'),
    'floor-ctrl-c-host': path.join(here, 'floor/ctrl-c-host.ts'),
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // native, or too large to bundle usefully; resolved from the repository's node_modules
  external: ['node-pty', '@playwright/test', 'playwright-core', 'esbuild'],
});

// Watermark experiments (DESIGN §9: "may need a smaller watermark — decide by measurement"):
// the real harness and the session host it forks — which runs the sessions' flow control —
// bundled with the watermarks replaced (the low one at half the window, as the default's), in a directory of their own laid out as dist/ is
// (the harness finds its session host, page script, reaper, watchdog, native modules and shell
// integration beside itself; filled in below).
const flowControl = path.join(here, '..', 'main', 'core', 'flow-control.ts');
const dist = process.env.RIPCORD_DIST ?? path.join(here, '..', 'dist');
const experimentDirs = [];
for (const [high, low] of [[20_000, 10_000]]) {
  // SMALL_WATERMARK, SMALL_LOW_WATERMARK and SMALL_WATERMARK_DIR of lib/paths.ts
  const dir = path.join(out, `wm${high}`);
  experimentDirs.push(dir);
  await build({
    entryPoints: {
      harness: path.join(here, '..', 'e2e', 'harness', 'harness-main.ts'),
      'harness-session-host': path.join(here, '..', 'e2e', 'harness', 'session-host-main.ts'),
    },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    external: ['node-pty', 'electron'],
    plugins: [
      {
        name: 'watermark',
        setup(b) {
          b.onLoad({ filter: /flow-control\.ts$/ }, async (args) => {
            if (path.resolve(args.path) !== flowControl) return undefined;
            const source = await readFile(args.path, 'utf8');
            let contents = source;
            for (const [name, value] of [
              ['HIGH_WATERMARK_CHARS', high],
              ['LOW_WATERMARK_CHARS', low],
            ]) {
              const changed = contents.replace(new RegExp(`${name} = [\\d_]+;`), `${name} = ${value};`);
              if (changed === contents) throw new Error(`${name} not found in flow-control.ts`);
              contents = changed;
            }
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
}
// The harness's page script, beside the naive and the watermark harnesses that serve it.
for (const dir of [out, ...experimentDirs])
  await build({
    entryPoints: { 'harness-api': path.join(here, '..', 'e2e', 'harness', 'browser-api.ts') },
    outdir: dir,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    logLevel: 'warning',
  });
// The peer's page: a browser bundle named like ripcord's, beside ripcord's own index.html, so
// the naive harness serves it (and its WebSocket bridge) the way it serves ripcord's page.
const peerDir = path.join(out, 'peer-renderer');
await mkdir(peerDir, { recursive: true });
await build({
  entryPoints: { renderer: path.join(here, 'peer', 'page.ts') },
  outdir: peerDir,
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: 'chrome120',
  logLevel: 'warning',
  loader: { '.css': 'css' },
});
await copyFile(path.join(here, '..', 'renderer', 'index.html'), path.join(peerDir, 'index.html'));
// the settings floor's and the experiments' shell integration, found beside their bundles as ripcord's is beside dist/cli.js
for (const dir of [out, ...experimentDirs])
  await cp(path.join(here, '..', 'main', 'program', 'shell-integration', 'scripts'), path.join(dir, 'shell-integration'), {
    recursive: true,
  });
// the experiments' reaper, watchdog and native modules: the build's own
const natives = (await readdir(dist)).filter((name) => name.endsWith('.node'));
for (const dir of experimentDirs)
  for (const sibling of ['reaper.js', 'watchdog.js', ...natives]) await copyFile(path.join(dist, sibling), path.join(dir, sibling));
