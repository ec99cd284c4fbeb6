// What ships of dist/ (build/dist-bundles.mjs) carries nothing of the tests: no test view, no
// harness, no test helper (DESIGN §1: test-only code lives behind the harness's own entries,
// which build/bundle-test.mjs builds beside the product's and nothing ships).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_BUNDLES } from './dist-bundles.mjs';

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');

/** Words of the tests that no shipped bundle may hold, in its code or in the comments esbuild keeps. */
const TEST_WORDS = [/harness/i, /__ripcordTest/, /RipcordTestView/, /offerTestView/];
/** Sources no shipped bundle may be built from (its source map's `sources`). */
const TEST_SOURCES = [/(^|\/)e2e\//, /(^|\/)bench\//, /\.test-support\.ts$/, /\.test\.ts$/];

async function shippedBundles(): Promise<string[]> {
  const renderer = (await readdir(path.join(dist, 'renderer')))
    .filter((name) => /\.(js|css|html)$/.test(name))
    .map((name) => `renderer/${name}`);
  return [...Object.keys(NODE_BUNDLES).map((name) => `${name}.js`), ...renderer];
}

beforeAll(async () => {
  // `npm test` has just built dist/ (build:test); a lone run builds the product's and the harness's bundles itself
  for (const [built, script] of [
    ['renderer/renderer.js', 'bundle.mjs'],
    ['harness-renderer/renderer.js', 'bundle-test.mjs'],
  ] as const) {
    if (!existsSync(path.join(dist, built))) await promisify(execFile)(process.execPath, [path.join(__dirname, script)], { cwd: root });
  }
}, 120_000);

/** The sources a bundle was built from, as its source map names them (relative to the repository). */
async function sourcesOf(bundle: string): Promise<string[]> {
  const map = JSON.parse(await readFile(path.join(dist, `${bundle}.map`), 'utf8')) as { sources: string[] };
  return map.sources.map((source) =>
    path
      .relative(root, path.resolve(path.dirname(path.join(dist, bundle)), source))
      .split(path.sep)
      .join('/'),
  );
}

describe('product bundles (what build/dist-bundles.mjs ships)', () => {
  it('hold no test hook and not the word "harness"', async () => {
    const found: string[] = [];
    for (const bundle of await shippedBundles()) {
      const text = await readFile(path.join(dist, bundle), 'utf8');
      for (const word of TEST_WORDS) {
        const at = text.search(word);
        if (at >= 0) found.push(`dist/${bundle}: ${word} in ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 60))}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('are built from no test file (their source maps)', async () => {
    const found: string[] = [];
    for (const bundle of (await shippedBundles()).filter((name) => name.endsWith('.js'))) {
      for (const source of await sourcesOf(bundle))
        if (TEST_SOURCES.some((pattern) => pattern.test(source))) found.push(`dist/${bundle}: ${source}`);
    }
    expect(found).toEqual([]);
  });

  it("the harness's page is the shipped page and the test view: no second implementation of it (issue #41)", async () => {
    const shipped = new Set((await sourcesOf('renderer/renderer.js')).filter((source) => source !== 'renderer/renderer-main.ts'));
    const harness = new Set(await sourcesOf('harness-renderer/renderer.js'));
    expect([...harness].filter((source) => !source.startsWith('e2e/harness/')).sort()).toEqual([...shipped].sort());
    expect([...harness].filter((source) => source.startsWith('e2e/harness/')).sort()).toEqual([
      'e2e/harness/renderer-main.ts',
      'e2e/harness/test-view.ts',
    ]);
  });
});
