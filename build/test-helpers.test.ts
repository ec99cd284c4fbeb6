// A file of the product's folders (main/, contracts/, preload/, renderer/) is either the
// product's — reached by imports from an entry that ships — or a test's, and then its name says so
// (*.test.ts, *.test-support.ts): the lint's test fence keys on that name (eslint.config.mjs,
// build/lint-layering.test.ts), so a helper without it could be imported by product code unseen.
// Type-only imports count: a type the product uses is the product's.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NODE_BUNDLES } from './dist-bundles.mjs';
import { REPO_ROOT, sourceFiles } from './source-files.test-support';

const PRODUCT_FOLDERS = ['main', 'contracts', 'preload', 'renderer'];
/** What ships starts here: the Node bundles' entries and the page's. */
const ENTRIES = [...Object.values(NODE_BUNDLES), 'renderer/renderer-main.ts'];
/** How a relative specifier names a file: as written, a TypeScript module, a declaration, a folder's index. */
const RESOLUTIONS = ['', '.ts', '.d.ts', '.js', '/index.ts'];

const isTestFile = (file: string): boolean => /\.test(-support)?\.ts$/.test(file);
/** Declarations are types for the compiler (ambient globals, a generated module's types), not code of either side. */
const isDeclaration = (file: string): boolean => file.endsWith('.d.ts');

/** The repository files a source's relative imports name (static, type-only, re-exports, import(), require()). */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(REPO_ROOT, file), 'utf8');
  return ts.preProcessFile(source, true, true).importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const named = path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName));
    return RESOLUTIONS.map((ending) => `${named}${ending}`).filter(
      (candidate) => /\.(ts|js)$/.test(candidate) && existsSync(path.join(REPO_ROOT, candidate)),
    );
  });
}

/** Every file reached from `entries` by imports. */
function reachedFrom(entries: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    pending.push(...importsOf(file));
  }
  return reached;
}

describe('test helpers carry .test-support (the lint fence keys on it)', () => {
  it('finds a file only a test imports', () => {
    expect(importsOf('renderer/renderer-main.ts')).toContain('renderer/page.ts');
    expect(reachedFrom(['renderer/renderer-main.ts']).has('renderer/workspace.ts')).toBe(true);
  });

  it('every other file of the product folders is reached from an entry that ships', async () => {
    const product = reachedFrom(ENTRIES);
    const files = (
      await Promise.all(PRODUCT_FOLDERS.map((folder) => sourceFiles(path.join(REPO_ROOT, folder), (file) => /\.(ts|js)$/.test(file))))
    )
      .flat()
      .map((file) => path.relative(REPO_ROOT, file).split(path.sep).join('/'));
    expect(files.length, 'the product folders were read').toBeGreaterThan(100);
    const unreached = files.filter((file) => !isTestFile(file) && !isDeclaration(file) && !product.has(file));
    expect(unreached, 'only tests use these: name them *.test-support.ts (or move them to e2e/)').toEqual([]);
  });
});
