// `npm run bench` entry: bundles the TypeScript runner and the naive baselines with esbuild
// into bench/results/.build (git-ignored), then runs the runner with the given arguments.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, 'results', '.build');

await build({
  entryPoints: { bench: path.join(here, 'main.ts'), 'naive-harness': path.join(here, 'naive/harness.ts'), 'naive-host': path.join(here, 'naive/host.ts') },
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
for (const high of [20_000]) { // SMALL_WATERMARK of lib/paths.ts
  await build({
    entryPoints: { [`harness-wm${high}`]: path.join(here, '..', 'e2e', 'harness', 'server.ts') },
    outdir: out, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', external: ['node-pty', 'electron'],
    plugins: [{
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
    }],
  });
}
const dist = process.env.RIPCORD_DIST ?? path.join(here, '..', 'dist');
for (const sibling of ['reaper.js', 'watchdog.js']) await copyFile(path.join(dist, sibling), path.join(out, sibling)).catch(() => undefined);

const child = spawn(process.execPath, ['--enable-source-maps', path.join(out, 'bench.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
