// A check that cannot run must be reported as skipped (`ctx.skip(reason)`, `it.skipIf`,
// Playwright's `test.skip(condition, reason)`), never pass by printing "skipped" and returning:
// a run would count it as passed. This test fails when a test file prints a skip and returns
// without a skip call in between.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
/** The folders that hold tests and their helpers. */
const TEST_FOLDERS = ['main', 'renderer', 'preload', 'e2e', 'bench', 'build'];
/** Generated or installed output inside those folders: not our source. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'results']);
/** A file of tests or their helpers: *.test.ts, *.spec.ts, *.test-support.ts, or anything under e2e/. */
const TEST_FILE = /\.(test|spec|test-support)\.ts$|^e2e\//;
/** A printed line that says a check is skipped. */
const PRINTED_SKIP = /console\.\w+\(.*skip/i;
/** The runner's own skip: vitest's ctx.skip / it.skipIf, Playwright's test.skip. */
const SKIP_CALL = /\.skip(If)?\(/;
const RETURN = /\breturn\b/;
/** How far after the printed line a return still belongs to it. */
const LINES_AFTER = 3;

/** Lines (1-based) that print a skip and then return before any skip call. */
function loggedSkipReturns(text: string): number[] {
  const lines = text.split('\n');
  const found: number[] = [];
  lines.forEach((line, index) => {
    if (!PRINTED_SKIP.test(line)) return;
    const after = line.slice((PRINTED_SKIP.exec(line) as RegExpExecArray).index);
    for (const next of [after, ...lines.slice(index + 1, index + 1 + LINES_AFTER)]) {
      if (SKIP_CALL.test(next)) return;
      if (RETURN.test(next)) {
        found.push(index + 1);
        return;
      }
    }
  });
  return found;
}

async function testFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) files.push(...(await testFiles(full)));
    } else if (entry.name.endsWith('.ts') && TEST_FILE.test(path.relative(root, full))) {
      files.push(full);
    }
  }
  return files;
}

describe('skipped checks are reported as skips', () => {
  it('finds a printed skip followed by a return, and passes one followed by a skip call', () => {
    // Assembled so that this file's own scan does not read them as printed skips.
    const log = 'console.log';
    const text = [
      'it("a", async () => {',
      `  if (!ready) { ${log}('skipped: no cgroup'); return; }`,
      '});',
      'async function helper() {',
      `  ${log}(\`skipped: \${why}\`);`,
      '  return undefined;',
      '}',
      `  ${log}('[spec] skipped: not root');`,
      "  test.skip(true, 'not root');",
      '  return;',
      `  if (!ok) ${log}('[spec] skipped: no cgroup');`,
      "  ctx.skip('no cgroup');",
      `  if (noDisk) ${log}(\`full-disk tests skipped: \${noDisk}\`);`,
      '  it.skipIf(noDisk !== undefined)("…", () => {',
    ].join('\n');
    expect(loggedSkipReturns(text)).toEqual([2, 5]);
  });

  it('no test prints a skip and returns instead of skipping', async () => {
    const files = (await Promise.all(TEST_FOLDERS.map((folder) => testFiles(path.join(root, folder))))).flat();
    // The scan itself must work: the repository has hundreds of test files.
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      for (const line of loggedSkipReturns(await readFile(file, 'utf8'))) found.push(`${path.relative(root, file)}:${line}`);
    }
    expect(found, 'report these with ctx.skip(reason) / it.skipIf / test.skip(condition, reason)').toEqual([]);
  });
});
