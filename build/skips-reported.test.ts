// A check that cannot run must be reported as skipped (`ctx.skip(reason)`, `it.skipIf`,
// Playwright's `test.skip(condition, reason)`), never pass by printing "skipped" and returning:
// a run would count it as passed. This test fails when a test file prints a skip and returns
// without a skip call in between.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSourceFiles } from './source-files.test-support';

const root = path.resolve(__dirname, '..');
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
    const files = await allSourceFiles((file) => file.endsWith('.ts') && TEST_FILE.test(file));
    // The scan itself must work: the repository has hundreds of test files.
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      for (const line of loggedSkipReturns(await readFile(file, 'utf8'))) found.push(`${path.relative(root, file)}:${line}`);
    }
    expect(found, 'report these with ctx.skip(reason) / it.skipIf / test.skip(condition, reason)').toEqual([]);
  });
});
