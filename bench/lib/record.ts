// The committed record of the bench (bench/RESULTS.json, RESULTS.md and docs/benchmarks.md's summary):
// written by a full run only. A --quick run, a run of some groups (--only), of fewer runs, of one
// renderer or flood, or with the profiler or tracer on writes bench/results/ alone — it would
// otherwise replace the record with numbers measured differently.
import { readFile, writeFile } from 'node:fs/promises';
import { ABOVE_FLOOR_TARGET, signedMs, type AboveFloor } from './floor-row';
import type { BenchReport, ScenarioResult } from './report';

/** Flags that make a run measure less, or differently, than the record does. */
const PARTIAL_FLAGS = [
  '--quick',
  '--only',
  '--runs',
  '--renderer',
  '--flood',
  '--experiments',
  '--peer-plain',
  '--profile',
  '--trace',
  '--find',
];

/** Whether a run with these arguments is a full run, the one kind that rewrites the record. */
export function isRecordRun(argv: readonly string[]): boolean {
  return !argv.some((arg) => PARTIAL_FLAGS.includes(arg.split('=')[0] ?? arg));
}

export const BENCH_SUMMARY_BEGIN = '<!-- bench summary: written by a full `npm run bench` from bench/RESULTS.json -->';
export const BENCH_SUMMARY_END = '<!-- end of bench summary -->';

const ratio = (r: number | null | undefined): string => (typeof r === 'number' && Number.isFinite(r) ? `${r.toFixed(2)}×` : '-');
const interval = (ci: readonly (number | null)[]): string => `[${ratio(ci[0])}, ${ratio(ci[1]) === '-' ? '> max' : ratio(ci[1])}]`;
const metText = (met: boolean | undefined): string => (met === undefined ? 'open' : met ? 'yes' : '**no**');

/** The Ctrl+C rows' time above the floor, when the report has them (a table of its own: differences, not ratios). */
function aboveFloorTable(report: BenchReport): string[] {
  const rows = report.scenarios
    .filter((s): s is ScenarioResult & { aboveFloor: AboveFloor } => s.aboveFloor !== undefined)
    .map(
      (s) =>
        `| ${s.title} | ${s.ripcord.summary.n} / ${s.aboveFloor.floor.n} | ${signedMs(s.aboveFloor.medianMs)} | ${signedMs(s.aboveFloor.p95Ms)} | ${metText(s.aboveFloor.met)} |`,
    );
  if (rows.length === 0) return [];
  return [
    '',
    `ripcord's time above the Ctrl+C floor (bash's prompt after SIGINT in a bare pty): its median and p95 less the floor's; target: ${ABOVE_FLOOR_TARGET}:`,
    '',
    '| row | runs (ripcord / floor) | median | p95 | met |',
    '|---|---|---|---|---|',
    ...rows,
  ];
}

/** docs/benchmarks.md's summary of a report: the machine, each group's load, and every row measured against the peer. */
export function benchSummary(report: BenchReport): string {
  const groups = Object.entries(report.groups).map(
    ([group, info]) => `${group} (load ${info.loadAverage[0]} → ${info.loadAverageAfter?.[0] ?? '?'})`,
  );
  const rows = report.scenarios
    .filter((s): s is ScenarioResult & { vsPeer: NonNullable<ScenarioResult['vsPeer']> } => s.vsPeer !== undefined)
    .map((s) => {
      const runs = `${s.ripcord.summary.n} / ${s.peer?.summary.n ?? '-'}`;
      return `| ${s.title} | ${runs} | ${ratio(s.vsPeer.median)} ${interval(s.vsPeer.medianCi)} | ${ratio(s.vsPeer.p95)} ${interval(s.vsPeer.p95Ci)} | ${s.vsPeer.target} | ${metText(s.vsPeer.met)} |`;
    });
  return [
    BENCH_SUMMARY_BEGIN,
    `\`npm run bench\` of ${report.date.slice(0, 10)} on ${report.machine.cpus} × ${report.machine.model} (node ${report.machine.node}); the load average at each group's start and end: ${groups.join(', ')}.`,
    'ripcord / the VS Code-style peer, median and p95 with their 95 % intervals (lower is better for latency, higher for throughput):',
    '',
    '| row | runs (ripcord / peer) | median | p95 | target (bench/lib/peer-targets.ts) | met |',
    '|---|---|---|---|---|---|',
    ...rows,
    ...aboveFloorTable(report),
    BENCH_SUMMARY_END,
  ].join('\n');
}

/** Where the summary block sits in `page`: [begin, end) of the whole block, or undefined when it has none. */
function blockIn(page: string): [number, number] | undefined {
  const begin = page.indexOf(BENCH_SUMMARY_BEGIN);
  const end = page.indexOf(BENCH_SUMMARY_END);
  return begin < 0 || end < begin ? undefined : [begin, end + BENCH_SUMMARY_END.length];
}

/** `page` with its summary block replaced by `summary`; undefined when the page has no such block. */
export function withBenchSummary(page: string, summary: string): string | undefined {
  const block = blockIn(page);
  return block === undefined ? undefined : page.slice(0, block[0]) + summary + page.slice(block[1]);
}

/** The summary block the page holds now, or undefined. */
export function benchSummaryIn(page: string): string | undefined {
  const block = blockIn(page);
  return block === undefined ? undefined : page.slice(block[0], block[1]);
}

/** Rewrites the summary block of docs/benchmarks.md (`pageFile`) from a full run's report; a page without the block is left alone. */
export async function writeBenchSummary(pageFile: string, report: BenchReport): Promise<void> {
  const page = withBenchSummary(await readFile(pageFile, 'utf8'), benchSummary(report));
  if (page !== undefined) await writeFile(pageFile, page);
}
