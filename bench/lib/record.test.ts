import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { benchSummary, benchSummaryIn, isRecordRun, withBenchSummary } from './record';
import { timeAboveFloor } from './floor-row';
import { series, type BenchReport } from './report';

const repo = path.resolve(__dirname, '../..');

describe('the bench record', () => {
  it('only a full run writes it', () => {
    expect(isRecordRun([])).toBe(true);
    expect(isRecordRun(['--transcripts-off'])).toBe(true);
    for (const partial of [
      ['--quick'],
      ['--only', 'ctrl-c'],
      ['--only=ctrl-c'],
      ['--runs', '10'],
      ['--runs=10'],
      ['--renderer', 'webgl'],
      ['--flood', 'color'],
      ['--profile'],
      ['--trace'],
      ['--experiments'],
      ['--peer-plain'],
      ['--find', 'x'],
    ]) {
      expect(isRecordRun(partial), partial.join(' ')).toBe(false);
    }
  });

  it("docs/benchmarks.md's summary is the one bench/RESULTS.json makes", async () => {
    const [page, results] = await Promise.all([
      readFile(path.join(repo, 'docs/benchmarks.md'), 'utf8'),
      readFile(path.join(repo, 'bench/RESULTS.json'), 'utf8'),
    ]);
    const inPage = benchSummaryIn(page);
    expect(inPage, 'docs/benchmarks.md has no bench summary block').toBeDefined();
    expect(inPage).toBe(benchSummary(JSON.parse(results) as BenchReport));
  });

  it('the README quotes no measurement of its own: it links to the summary', async () => {
    const readme = await readFile(path.join(repo, 'README.md'), 'utf8');
    expect(benchSummaryIn(readme)).toBeUndefined();
    expect(readme).toContain('docs/benchmarks.md#latest-results');
  });

  it('a new summary replaces the block and nothing else', () => {
    const report: BenchReport = JSON.parse(
      '{"date":"2026-01-02T00:00:00Z","quick":false,"machine":{"cpus":2,"model":"cpu","loadAverage":[0.1],"node":"v20","shared":""},"groups":{"ctrl-c":{"date":"2026-01-02T00:00:00Z","quick":false,"loadAverage":[0.1],"loadAverageAfter":[0.2],"seconds":1}},"scenarios":[]}',
    ) as BenchReport;
    const summary = benchSummary(report);
    const page = `before\n${benchSummary({ ...report, date: '2025-01-01T00:00:00Z' })}\nafter\n`;
    expect(withBenchSummary(page, summary)).toBe(`before\n${summary}\nafter\n`);
    expect(withBenchSummary('no block here', summary)).toBeUndefined();
  });

  it("gives the Ctrl+C rows' time above the floor a table of its own, when the run has them", () => {
    const ripcord = series([{ value: 20 }, { value: 30 }]);
    const floor = series([{ value: 2 }, { value: 4 }]);
    const report: BenchReport = {
      date: '2026-01-02T00:00:00Z',
      quick: false,
      machine: { cpus: 2, model: 'cpu', loadAverage: [0.1], node: 'v20', shared: '' },
      groups: {},
      scenarios: [
        {
          id: 'ctrl-c-dom-yes-above-floor',
          title: 'Ctrl+C → prompt, `yes` flood, DOM: ripcord above the floor',
          unit: 'ms',
          ripcord,
          floor,
          aboveFloor: timeAboveFloor(ripcord.samples, floor.samples),
        },
      ],
    };
    expect(benchSummary(report)).toContain(
      '| Ctrl+C → prompt, `yes` flood, DOM: ripcord above the floor | 2 / 2 | +18 ms | +26 ms | **no** |',
    );
    expect(benchSummary({ ...report, scenarios: [] })).not.toContain('above the Ctrl+C floor');
  });
});
