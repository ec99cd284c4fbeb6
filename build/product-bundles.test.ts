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
  const renderer = (await readdir(path.join(dist, 'renderer'))).filter((name) => /\.(js|css|html)$/.test(name)).map((name) => `renderer/${name}`);
  return [...Object.keys(NODE_BUNDLES).map((name) => `${name}.js`), ...renderer];
}

beforeAll(async () => {
  // `npm test` has just built dist/ (build:test); a lone run builds the product's bundles itself
  if (!existsSync(path.join(dist, 'renderer', 'renderer.js'))) await promisify(execFile)(process.execPath, [path.join(__dirname, 'bundle.mjs')], { cwd: root });
}, 120_000);

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
      const map = JSON.parse(await readFile(path.join(dist, `${bundle}.map`), 'utf8')) as { sources: string[] };
      for (const source of map.sources) if (TEST_SOURCES.some((pattern) => pattern.test(source))) found.push(`dist/${bundle}: ${source}`);
    }
    expect(found).toEqual([]);
  });
});
