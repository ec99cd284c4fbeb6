// The committed record of the bench (bench/RESULTS.json, RESULTS.md and the README's summary):
// written by a full run only. A --quick run, a run of some groups (--only), of fewer runs, of one
// renderer or flood, or with the profiler or tracer on writes bench/results/ alone — it would
// otherwise replace the record with numbers measured differently.
import { readFile, writeFile } from 'node:fs/promises';
import type { BenchReport, ScenarioResult } from './report';

/** Flags that make a run measure less, or differently, than the record does. */
const PARTIAL_FLAGS = ['--quick', '--only', '--runs', '--renderer', '--flood', '--experiments', '--profile', '--trace', '--find'];

/** Whether a run with these arguments is a full run, the one kind that rewrites the record. */
export function isRecordRun(argv: readonly string[]): boolean {
  return !argv.some((arg) => PARTIAL_FLAGS.includes(arg));
}

export const README_SUMMARY_BEGIN = '<!-- bench summary: written by a full `npm run bench` from bench/RESULTS.json -->';
export const README_SUMMARY_END = '<!-- end of bench summary -->';

const ratio = (r: number | null | undefined): string => (typeof r === 'number' && Number.isFinite(r) ? `${r.toFixed(2)}×` : '-');
const interval = (ci: readonly (number | null)[]): string => `[${ratio(ci[0])}, ${ratio(ci[1]) === '-' ? '> max' : ratio(ci[1])}]`;

/** The README's summary of a report: the machine, each group's load and time, and every row measured against the peer. */
export function readmeSummary(report: BenchReport): string {
  const groups = Object.entries(report.groups).map(([group, info]) => `${group} (load ${info.loadAverage[0]} → ${info.loadAverageAfter?.[0] ?? '?'})`);
  const rows = report.scenarios.filter((s): s is ScenarioResult & { vsPeer: NonNullable<ScenarioResult['vsPeer']> } => s.vsPeer !== undefined).map((s) => {
    const runs = `${s.ripcord.summary.n} / ${s.peer?.summary.n ?? '-'}`;
    return `| ${s.title} | ${runs} | ${ratio(s.vsPeer.median)} ${interval(s.vsPeer.medianCi)} | ${ratio(s.vsPeer.p95)} ${interval(s.vsPeer.p95Ci)} |`;
  });
  return [
    README_SUMMARY_BEGIN,
    `\`npm run bench\` of ${report.date.slice(0, 10)} on ${report.machine.cpus} × ${report.machine.model} (node ${report.machine.node}); the load average at each group's start and end: ${groups.join(', ')}.`,
    'ripcord / the VS Code-style peer, median and p95 with their 95 % intervals (lower is better for latency, higher for throughput):',
    '',
    '| row | runs (ripcord / peer) | median | p95 |',
    '|---|---|---|---|',
    ...rows,
    README_SUMMARY_END,
  ].join('\n');
}

/** `readme` with its summary block replaced by `summary`; undefined when the README has no such block. */
export function withReadmeSummary(readme: string, summary: string): string | undefined {
  const begin = readme.indexOf(README_SUMMARY_BEGIN);
  const end = readme.indexOf(README_SUMMARY_END);
  if (begin < 0 || end < begin) return undefined;
  return readme.slice(0, begin) + summary + readme.slice(end + README_SUMMARY_END.length);
}

/** The summary block the README holds now, or undefined. */
export function readmeSummaryIn(readme: string): string | undefined {
  const begin = readme.indexOf(README_SUMMARY_BEGIN);
  const end = readme.indexOf(README_SUMMARY_END);
  return begin < 0 || end < begin ? undefined : readme.slice(begin, end + README_SUMMARY_END.length);
}

/** Rewrites the README's summary block from a full run's report (a README without the block is left alone). */
export async function writeReadmeSummary(readmeFile: string, report: BenchReport): Promise<void> {
  const readme = withReadmeSummary(await readFile(readmeFile, 'utf8'), readmeSummary(report));
  if (readme !== undefined) await writeFile(readmeFile, readme);
}
