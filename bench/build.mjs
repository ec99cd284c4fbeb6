// The bench's own bundles, into bench/results/.build (git-ignored): the TypeScript runner, the
// naive baselines, the contained floor of a start, the VS Code-style peer's page, and the watermark experiment's harness.
// `node bench/build.mjs` builds them alone (the bench spec of `npm test` does).
import { build } from 'esbuild';
import { copyFile, cp, mkdir, readFile } from 'node:fs/promises';
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
// the real harness, bundled with HIGH_WATERMARK_CHARS replaced. Next to copies of the reaper
// and watchdog bundles, which the harness finds beside itself.
const flowControl = path.join(here, '..', 'main', 'core', 'flow-control.ts');
for (const high of [20_000]) {
  // SMALL_WATERMARK of lib/paths.ts
  await build({
    entryPoints: { [`harness-wm${high}`]: path.join(here, '..', 'e2e', 'harness', 'harness-main.ts') },
    outdir: out,
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
            const changed = source.replace(/HIGH_WATERMARK_CHARS = [\d_]+;/, `HIGH_WATERMARK_CHARS = ${high};`);
            if (changed === source) throw new Error('HIGH_WATERMARK_CHARS not found in flow-control.ts');
            return { contents: changed, loader: 'ts' };
          });
        },
      },
    ],
  });
}
// The harness's page script, beside the naive and the watermark harnesses that serve it.
await build({
  entryPoints: { 'harness-api': path.join(here, '..', 'e2e', 'harness', 'browser-api.ts') },
  outdir: out,
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
const dist = process.env.RIPCORD_DIST ?? path.join(here, '..', 'dist');
for (const sibling of ['reaper.js', 'watchdog.js'])
  await copyFile(path.join(dist, sibling), path.join(out, sibling)).catch(() => undefined);
await copyFile(path.join(here, '..', 'renderer', 'index.html'), path.join(peerDir, 'index.html'));
// the settings floor's shell integration, found beside its bundle as ripcord's is beside dist/cli.js
await cp(path.join(here, '..', 'main', 'program', 'shell-integration', 'scripts'), path.join(out, 'shell-integration'), {
  recursive: true,
});
