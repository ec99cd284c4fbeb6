// One bundler (esbuild) for every process ripcord runs: Node/Electron entries as CommonJS,
// the renderer as a browser IIFE. Everything lands flat in dist/ so any bundle finds a
// sibling with path.join(__dirname, name). Only what ships: the test bundles are bundle-test.mjs's.
import { build } from 'esbuild';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { NODE_BUNDLES } from './dist-bundles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist');
// Native or host-provided modules are never bundled.
const external = ['electron', 'node-pty'];

const nodeEntries = NODE_BUNDLES;

const common = { bundle: true, sourcemap: 'linked', logLevel: 'warning', absWorkingDir: root };

await mkdir(path.join(out, 'renderer'), { recursive: true });
await Promise.all([
  build({
    ...common,
    entryPoints: nodeEntries,
    outdir: out,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external,
  }),
  build({
    ...common,
    entryPoints: { renderer: 'renderer/renderer-main.ts' },
    outdir: path.join(out, 'renderer'),
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    loader: { '.css': 'css' },
  }),
]);
// esbuild escapes non-ASCII text in code but keeps the doc comments of class members as they
// are: one "—" in them makes V8 hold the whole source as two-byte text, and reading and
// compiling cli.js take longer at every start (docs/benchmarks.md#start). In a comment the
// escape is just text.
for (const name of Object.keys(nodeEntries)) {
  const file = path.join(out, `${name}.js`);
  const text = await readFile(file, 'utf8');
  const ascii = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) await writeFile(file, ascii);
}
await cp(path.join(root, 'renderer/index.html'), path.join(out, 'renderer/index.html'));
// Our native modules (built by `npm ci` from native/*), found by main/platform/files/native-module.ts
// beside the bundle: the packaged app ships dist/, not native/.
for (const [dir, file] of [
  ['process-guard', 'process_guard.node'],
  ['userns-probe', 'userns_probe.node'],
]) {
  const module = path.join(root, 'native', dir, 'build/Release', file);
  await cp(module, path.join(out, file)).catch((error) => {
    throw new Error(`${module} is missing (${error.code}): npm ci builds it, or npm run install`);
  });
}
// Shell integration scripts, found by main/program/shell-integration/prepare.ts beside the bundle.
await cp(path.join(root, 'main/program/shell-integration/scripts'), path.join(out, 'shell-integration'), { recursive: true });
