// The test-only bundles, beside the product's in dist/ (run `npm run build` first): the browser
// harness finds the preload, reaper and watchdog bundles next to itself. The production build
// (bundle.mjs) never builds these, so nothing test-only can ship (build/product-bundles.test.ts).
import { build } from 'esbuild';
import { cp } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A script of the page, as bundle.mjs builds the renderer. */
const pageBundle = {
  absWorkingDir: root,
  bundle: true,
  sourcemap: 'linked',
  logLevel: 'warning',
  platform: 'browser',
  format: 'iife',
  target: 'chrome120',
};

// the harness's page script, which it serves before renderer.js (e2e/harness/pages.ts)
await build({ ...pageBundle, entryPoints: { 'harness-api': 'e2e/harness/browser-api.ts' }, outdir: path.join(root, 'dist') });
// The harness's build of the page: the product's page with each terminal offered to the tests
// (e2e/harness/renderer-main.ts), beside the shipped page's HTML and styles.
const harnessRenderer = path.join(root, 'dist', 'harness-renderer');
await build({ ...pageBundle, entryPoints: { renderer: 'e2e/harness/renderer-main.ts' }, outdir: harnessRenderer });
for (const file of ['index.html', 'renderer.css', 'renderer.css.map'])
  await cp(path.join(root, 'dist', 'renderer', file), path.join(harnessRenderer, file));
await build({
  entryPoints: { harness: 'e2e/harness/harness-main.ts', 'harness-session-host': 'e2e/harness/session-host-main.ts' },
  outdir: path.join(root, 'dist'),
  absWorkingDir: root,
  bundle: true,
  sourcemap: 'linked',
  logLevel: 'warning',
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['electron', 'node-pty'],
});
