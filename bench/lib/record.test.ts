import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isRecordRun, readmeSummary, readmeSummaryIn, withReadmeSummary } from './record';
import type { BenchReport } from './report';

const repo = path.resolve(__dirname, '../..');

describe('the bench record', () => {
  it('only a full run writes it', () => {
    expect(isRecordRun([])).toBe(true);
    expect(isRecordRun(['--transcripts-off'])).toBe(true);
    for (const partial of [['--quick'], ['--only', 'ctrl-c'], ['--runs', '10'], ['--renderer', 'webgl'], ['--flood', 'color'], ['--profile'], ['--trace'], ['--experiments'], ['--find', 'x']]) {
      expect(isRecordRun(partial), partial.join(' ')).toBe(false);
    }
  });

  it("README.md's summary is the one bench/RESULTS.json makes", async () => {
    const [readme, results] = await Promise.all([readFile(path.join(repo, 'README.md'), 'utf8'), readFile(path.join(repo, 'bench/RESULTS.json'), 'utf8')]);
    const inReadme = readmeSummaryIn(readme);
    expect(inReadme, 'README.md has no bench summary block').toBeDefined();
    expect(inReadme).toBe(readmeSummary(JSON.parse(results) as BenchReport));
  });

  it('a new summary replaces the block and nothing else', () => {
    const report: BenchReport = JSON.parse('{"date":"2026-01-02T00:00:00Z","quick":false,"machine":{"cpus":2,"model":"cpu","loadAverage":[0.1],"node":"v20","shared":""},"groups":{"ctrl-c":{"date":"2026-01-02T00:00:00Z","quick":false,"loadAverage":[0.1],"loadAverageAfter":[0.2],"seconds":1}},"scenarios":[]}') as BenchReport;
    const summary = readmeSummary(report);
    const readme = `before\n${readmeSummary({ ...report, date: '2025-01-01T00:00:00Z' })}\nafter\n`;
    expect(withReadmeSummary(readme, summary)).toBe(`before\n${summary}\nafter\n`);
    expect(withReadmeSummary('no block here', summary)).toBeUndefined();
  });
});
