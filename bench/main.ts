// `npm run bench [-- --quick] [-- --only ctrl-c,exit,throughput,start]`: every scenario of
// DESIGN §9 against ripcord and the naive baseline, alternating runs, then the report in
// bench/results/. Needs `npm run build:test` (dist/cli.js, dist/harness.js, dist/reaper.js).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { CLI, DIST, HARNESS, HARNESS_SMALL_WATERMARK, RESULTS_DIR, SMALL_WATERMARK } from './lib/paths';
import type { PipelineKind } from './lib/pipelines';
import { machineInfo, markdownTable, mergeWithPrevious, series, writeReport, type BenchReport, type ScenarioResult } from './lib/report';
import { summarize, type Sample } from './lib/stats';
import { FLOODS, launchBrowser, RENDERERS, runCtrlCBrowser, type Flood, type Renderer } from './scenarios/ctrl-c-browser';
import { EXIT_TRIGGERS, HOST_GONE_TIMEOUT_MS, NONE_LEFT_SLACK_MS, runExit, type ExitRun, type ExitTrigger } from './scenarios/exit';
import { PROMPT_TIMEOUT_MS, runFirstPrompt } from './scenarios/first-prompt';
import { summarizeFile, type LatencyRow, type StatsSummary } from '../main/terminal/stats';
import { referenceParseRate, runThroughput } from './scenarios/throughput';

const GROUPS = ['start', 'exit', 'ctrl-c', 'throughput'] as const;
type Group = (typeof GROUPS)[number];

interface Plan {
  quick: boolean;
  startRuns: number;
  /** runs per trigger; ctrl-c (the p99 target) gets ctrlCExitRuns */
  exitRuns: number;
  ctrlCExitRuns: number;
  /** the config default in full runs; short in quick runs so a run takes ~1 s */
  killGraceMs: number;
  /** `experiment`: runs of the smaller-watermark experiment */
  browserRuns: { ripcord: number; experiment: number; naive: number };
  floodMs: number;
  /** quick runs only the colored flood, the case DESIGN §9 sets the target for */
  floods: readonly Flood[];
  browserTimeoutMs: number;
  throughputBytes: number;
}

const FULL: Plan = {
  quick: false, startRuns: 10, exitRuns: 3, ctrlCExitRuns: 15, killGraceMs: 2000,
  browserRuns: { ripcord: 6, experiment: 3, naive: 2 }, floodMs: 1000, floods: FLOODS, browserTimeoutMs: 15_000, throughputBytes: 1024 * 1024 * 1024,
};
const QUICK: Plan = {
  quick: true, startRuns: 2, exitRuns: 1, ctrlCExitRuns: 2, killGraceMs: 200,
  browserRuns: { ripcord: 1, experiment: 1, naive: 1 }, floodMs: 300, floods: ['color'], browserTimeoutMs: 3_000, throughputBytes: 32 * 1024 * 1024,
};

const log = (text: string): void => {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
};

/** Runs each contender in turn, `runs[name]` times each, starting with a different one each round. */
async function alternateAll<N extends string, T>(runs: Record<N, number>, run: (name: N) => Promise<T>): Promise<Record<N, T[]>> {
  const names = Object.keys(runs) as N[];
  const out = Object.fromEntries(names.map((name) => [name, [] as T[]])) as Record<N, T[]>;
  const rounds = Math.max(...names.map((name) => runs[name]));
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? names : [...names].reverse();
    for (const name of order) if (out[name].length < runs[name]) out[name].push(await run(name));
  }
  return out;
}

/** ripcord and naive alternately. */
const alternate = <T>(runs: Record<PipelineKind, number>, run: (kind: PipelineKind) => Promise<T>): Promise<Record<PipelineKind, T[]>> => alternateAll(runs, run);

/** The experiment beside ripcord and naive: a smaller watermark (rebuilt harness). */
type Contender = PipelineKind | 'small-watermark';
const harnessOf = (name: Contender): string | undefined => (name === 'small-watermark' ? HARNESS_SMALL_WATERMARK : undefined);
const kindOf = (name: Contender): PipelineKind => (name === 'naive' ? 'naive' : 'ripcord');
const WATERMARK_NOTE = `HIGH_WATERMARK_CHARS ${SMALL_WATERMARK / 1000}k instead of 100k (experiment: bench/run.mjs rebuilds the harness)`;

const ratioOf = (a: number, b: number): number | undefined => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : undefined);

async function benchStart(plan: Plan): Promise<ScenarioResult[]> {
  const runs = await alternate({ ripcord: plan.startRuns, naive: plan.startRuns }, async (kind): Promise<Sample> => {
    const run = await runFirstPrompt(kind);
    if (run.lost) log(`first prompt ${kind}: no prompt within ${PROMPT_TIMEOUT_MS} ms`);
    return { value: run.ms, censored: run.lost };
  });
  const lost = runs.ripcord.filter((s) => s.censored).length;
  const result: ScenarioResult = {
    id: 'first-prompt', title: 'Time to first prompt (`ripcord run` bash)', unit: 'ms',
    ripcord: series(runs.ripcord), naive: series(runs.naive), ratioLabel: 'ripcord/naive',
    notes: [
      'ripcord run starts a reaper process and loads its settings and log before the shell; the naive host only spawns the pty',
      ...(lost > 0 ? [`${lost} of ${runs.ripcord.length} ripcord starts showed no prompt within ${PROMPT_TIMEOUT_MS} ms (first output lost; counted at the timeout)`] : []),
    ],
  };
  result.ratio = ratioOf(result.ripcord.summary.median, result.naive?.summary.median ?? Number.NaN);
  return [result];
}

/** ripcord's own log of the exit runs, kept for `ripcord stats` (replaced by every exit group run). */
const EXIT_LOG = path.join(RESULTS_DIR, 'exit-runs.log');

async function benchExit(plan: Plan): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  const allRuns: Record<PipelineKind, ExitRun[]> = { ripcord: [], naive: [] };
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(EXIT_LOG, '');
  for (const trigger of EXIT_TRIGGERS) {
    const n = trigger === 'ctrl-c' ? plan.ctrlCExitRuns : plan.exitRuns;
    const runs = await alternate({ ripcord: n, naive: n }, async (kind) => {
      const run = await runExit(kind, { trigger, killGraceMs: plan.killGraceMs, extraWatchMs: kind === 'ripcord' ? 2_000 : 0, keepLogIn: EXIT_LOG });
      log(`exit ${trigger} ${kind}: host gone ${run.hostGoneMs?.toFixed(1) ?? 'never'} ms, none left ${run.noneLeftMs?.toFixed(0) ?? 'never'} ms, survivors ${run.survivors}`);
      return run;
    });
    allRuns.ripcord.push(...runs.ripcord);
    allRuns.naive.push(...runs.naive);
    results.push(hostGoneResult(trigger, runs));
  }
  results.push(noneLeftResult(plan, allRuns));
  results.push(...exitStages(await summarizeFile(EXIT_LOG)));
  return results;
}

const hostGoneSamples = (runs: ExitRun[]): Sample[] => runs.map((r) => (r.hostGoneMs === undefined ? { value: HOST_GONE_TIMEOUT_MS, censored: true } : { value: r.hostGoneMs }));

function hostGoneResult(trigger: ExitTrigger, runs: Record<PipelineKind, ExitRun[]>): ScenarioResult {
  const title = trigger === 'ctrl-c' ? 'Second Ctrl+C → host gone (hostile child)' : `${trigger} → host gone (hostile child)`;
  const ripcord = series(hostGoneSamples(runs.ripcord), { survivors: runs.ripcord.map((r) => r.survivors) });
  const naive = series(hostGoneSamples(runs.naive), { survivors: runs.naive.map((r) => r.survivors) });
  const p99 = ripcord.summary.p99;
  return {
    id: `host-gone-${trigger}`, title, unit: 'ms', ripcord, naive,
    ratio: ratioOf(naive.summary.median, ripcord.summary.median), ratioLabel: 'naive/ripcord',
    // §9 sets it for the second Ctrl+C; §3 promises the window gone within 100 ms of any trigger.
    target: { text: trigger === 'ctrl-c' ? 'p99 ≤ 100 ms (§9)' : 'p99 ≤ 100 ms (§3)', met: ripcord.summary.p99IsLowerBound ? false : p99 <= 100 },
  };
}

/** `ripcord stats` of the exit runs: where the time between trigger and exit goes, per stage. */
function exitStages(summary: StatsSummary): ScenarioResult[] {
  const stages = summary.exitPath.filter((row) => row.trigger === 'all' && row.stage !== 'session dead');
  if (stages.length === 0) return [];
  // Only median and p99 come out of the log summary: no per-run samples to plot.
  const fromStats = (row: LatencyRow): ScenarioResult['ripcord'] => ({ samples: [], summary: { ...summarize([]), n: row.count, median: row.median, p99: row.p99 } });
  return stages.map((row) => ({
    id: `exit-stage-${row.stage}`, title: `ripcord stats: trigger → ${row.stage} (all triggers)`, unit: 'ms' as const,
    ripcord: fromStats(row),
    notes: [`from ripcord's own log of the exit runs (bench/results/exit-runs.log), host clock; count ${row.count}`],
  }));
}

function noneLeftResult(plan: Plan, runs: Record<PipelineKind, ExitRun[]>): ScenarioResult {
  const deadline = plan.killGraceMs + NONE_LEFT_SLACK_MS;
  const samples = (list: ExitRun[]): Sample[] => list.map((r) => (r.noneLeftMs === undefined ? { value: deadline, censored: true } : { value: r.noneLeftMs }));
  const ripcord = series(samples(runs.ripcord), { survivors: runs.ripcord.map((r) => r.survivors) });
  const naive = series(samples(runs.naive), { survivors: runs.naive.map((r) => r.survivors) });
  const clean = runs.ripcord.filter((r) => r.survivors === 0).length;
  return {
    id: 'none-left', title: `Any exit → no session process left (grace ${plan.killGraceMs} ms)`, unit: 'ms', ripcord, naive,
    target: { text: `0 survivors at grace + ${NONE_LEFT_SLACK_MS} ms in every run`, met: clean === runs.ripcord.length },
    notes: [
      `${clean} of ${runs.ripcord.length} ripcord exits had no session process left at ${deadline} ms (all triggers); the naive host left ${runs.naive.filter((r) => r.survivors > 0).length} of ${runs.naive.length} exits with survivors`,
      'the hostile processes ignore SIGHUP/SIGTERM, so ripcord\'s time is the grace (SIGKILL stage) plus the reaper\'s scan; the naive time is a lower bound (the deadline): its survivors never die',
      ...(plan.quick ? [`--quick uses killGraceMs ${plan.killGraceMs} instead of the default 2000`] : []),
    ],
  };
}

async function benchCtrlC(plan: Plan): Promise<ScenarioResult[]> {
  const browser: Browser = await launchBrowser();
  const results: ScenarioResult[] = [];
  try {
    for (const renderer of RENDERERS) {
      for (const flood of plan.floods) results.push(...(await ctrlCScenario(browser, plan, renderer, flood)));
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function ctrlCScenario(browser: Browser, plan: Plan, renderer: Renderer, flood: Flood): Promise<ScenarioResult[]> {
  const seen = new Set<string>();
  const counts: Record<Contender, number> = {
    ripcord: plan.browserRuns.ripcord, 'small-watermark': plan.browserRuns.experiment, naive: plan.browserRuns.naive,
  };
  const runs = await alternateAll(counts, async (name) => {
    const options = { renderer, flood, floodMs: plan.floodMs, timeoutMs: plan.browserTimeoutMs };
    const run = await runCtrlCBrowser(browser, kindOf(name), options, harnessOf(name));
    seen.add(run.renderer);
    log(`ctrl-c ${renderer} ${flood} ${name}: ${run.ms.toFixed(1)} ms${run.censored ? ' (timeout)' : ''} [${run.renderer}], ${run.charsAfterPress} chars in ${run.messagesAfterPress} messages after the press`);
    return { value: run.ms, censored: run.censored } satisfies Sample;
  });
  const naive = series(runs.naive);
  const fellBack = renderer === 'webgl' && seen.has('dom');
  const title = `Ctrl+C → prompt, ${flood === 'yes' ? '`yes`' : 'colored'} flood, ${renderer.toUpperCase()}`;
  const row = (id: string, rowTitle: string, ripcordRuns: Sample[], extraNotes: string[]): ScenarioResult => {
    const ripcord = series(ripcordRuns);
    return {
      id, title: rowTitle, unit: 'ms', ripcord, naive,
      ratio: ratioOf(naive.summary.median, ripcord.summary.median), ratioLabel: 'naive/ripcord',
      target: { text: 'p99 ≤ 30 ms', met: ripcord.summary.p99IsLowerBound ? false : ripcord.summary.p99 <= 30 },
      notes: extraNotes,
    };
  };
  return [
    row(`ctrl-c-${renderer}-${flood}`, title, runs.ripcord, [
      `the flood ran ${plan.floodMs} ms before the press; naive runs stop at ${plan.browserTimeoutMs / 1000} s (then a lower bound)`,
      ...(fellBack ? ['WebGL was requested but the page fell back to the DOM renderer in some runs'] : []),
    ]),
    row(`ctrl-c-${renderer}-${flood}-wm${SMALL_WATERMARK}`, `${title}, watermark ${SMALL_WATERMARK / 1000}k`, runs['small-watermark'], [WATERMARK_NOTE]),
  ];
}

/** The comparison runs (naive, smaller watermark) stop here: rates settle long before, and time is short. */
const COMPARISON_BYTES = 256 * 1024 * 1024;

async function benchThroughput(plan: Plan): Promise<ScenarioResult[]> {
  const mb = plan.throughputBytes / (1024 * 1024);
  const comparisonBytes = Math.min(plan.throughputBytes, COMPARISON_BYTES);
  const comparisonMb = comparisonBytes / (1024 * 1024);
  const runs = await alternateAll({ ripcord: 1, 'small-watermark': 1, naive: 1 } as Record<Contender, number>, async (name) => {
    const run = await runThroughput(kindOf(name), name === 'ripcord' ? plan.throughputBytes : comparisonBytes, harnessOf(name));
    log(`throughput ${name}: ${run.mbPerSecond.toFixed(1)} MB/s, host rss +${run.hostGrowthMb.toFixed(1)} MB${run.stopped ? ` (${run.stopped})` : ''}`);
    return run;
  });
  const chunk = runs.ripcord[0]?.meanChunkChars ?? 4096;
  const reference = await referenceParseRate(comparisonBytes, chunk);
  log(`throughput reference (@xterm/headless alone): ${reference.toFixed(1)} MB/s`);
  const rate = (name: Contender): Sample[] => runs[name].map((r) => ({ value: r.mbPerSecond }));
  const growth = (name: Contender): Sample[] => runs[name].map((r) => ({ value: r.hostGrowthMb, censored: r.stopped !== undefined }));
  const stopped = runs.naive.flatMap((r) => (r.stopped ? [`naive run stopped early: ${r.stopped} after ${(r.bytes / 1024 / 1024).toFixed(0)} MB parsed`] : []));
  const quickNote = [
    ...(plan.quick ? [`--quick sends ${mb} MB instead of 1 GB`] : []),
    ...(comparisonMb < mb ? [`the naive and watermark runs send ${comparisonMb} MB`] : []),
  ];
  const throughput: ScenarioResult = {
    id: 'throughput', title: `Throughput pty → parsed screen (${mb} MB colored flood)`, unit: 'MB/s',
    ripcord: series(rate('ripcord')), naive: series(rate('naive')), reference,
    ratioLabel: 'of xterm alone', target: { text: '≥ 90 % of @xterm/headless alone', met: undefined },
    notes: [`reference: @xterm/headless parsing the same lines directly, ${reference.toFixed(1)} MB/s, chunks of ${Math.round(chunk)} chars`, ...quickNote],
  };
  throughput.ratio = ratioOf(throughput.ripcord.summary.median, reference);
  if (throughput.ratio !== undefined && throughput.target) throughput.target.met = throughput.ratio >= 0.9;
  const smallRate = series(rate('small-watermark'));
  const small: ScenarioResult = {
    id: `throughput-wm${SMALL_WATERMARK}`, title: `${throughput.title}, watermark ${SMALL_WATERMARK / 1000}k`, unit: 'MB/s',
    ripcord: smallRate, naive: throughput.naive, reference, ratio: ratioOf(smallRate.summary.median, reference), ratioLabel: 'of xterm alone',
    target: { text: '≥ 90 % of @xterm/headless alone', met: (ratioOf(smallRate.summary.median, reference) ?? 0) >= 0.9 },
    notes: [WATERMARK_NOTE, `host memory growth ${(runs['small-watermark'][0]?.hostGrowthMb ?? Number.NaN).toFixed(1)} MB`],
  };
  const memory: ScenarioResult = {
    id: 'memory', title: `Host memory growth over ${mb} MB of output`, unit: 'MB',
    ripcord: series(growth('ripcord')), naive: series(growth('naive')),
    ratio: ratioOf(runs.naive[0]?.hostGrowthMb ?? Number.NaN, Math.max(runs.ripcord[0]?.hostGrowthMb ?? Number.NaN, 1)), ratioLabel: 'naive/ripcord',
    target: { text: '≤ 30 MB', met: (runs.ripcord[0]?.hostGrowthMb ?? Number.POSITIVE_INFINITY) <= 30 },
    notes: ['RSS of the harness process (VmRSS), peak minus the value when the page connected', ...stopped, ...quickNote],
  };
  return [throughput, small, memory];
}

function parseArgs(argv: readonly string[]): { plan: Plan; groups: Group[] } {
  const quick = argv.includes('--quick');
  const onlyIndex = argv.indexOf('--only');
  const only = onlyIndex >= 0 ? (argv[onlyIndex + 1] ?? '').split(',') : [...GROUPS];
  const unknown = only.filter((g) => !(GROUPS as readonly string[]).includes(g));
  if (unknown.length > 0) throw new Error(`unknown scenario group(s) ${unknown.join(', ')}; choose from ${GROUPS.join(', ')}`);
  return { plan: quick ? QUICK : FULL, groups: GROUPS.filter((g) => only.includes(g)) };
}

async function main(): Promise<void> {
  const { plan, groups } = parseArgs(process.argv.slice(2));
  for (const file of [CLI, HARNESS, `${DIST}/reaper.js`, `${DIST}/renderer/renderer.js`]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:test\` first`);
  }
  let report: BenchReport = { date: new Date().toISOString(), quick: plan.quick, machine: machineInfo(), groups: {}, scenarios: [] };
  log(`${plan.quick ? 'quick' : 'full'} run of ${groups.join(', ')} on ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const runners: Record<Group, (plan: Plan) => Promise<ScenarioResult[]>> = { start: benchStart, exit: benchExit, 'ctrl-c': benchCtrlC, throughput: benchThroughput };
  for (const group of groups) {
    const started = performance.now();
    const date = new Date().toISOString();
    const loadAverage = os.loadavg().map((l) => Math.round(l * 100) / 100);
    report.scenarios.push(...(await runners[group](plan)).map((s) => ({ ...s, group })));
    const seconds = (performance.now() - started) / 1000;
    report.groups[group] = { date, quick: plan.quick, loadAverage, seconds };
    log(`${group} done in ${seconds.toFixed(1)} s`);
  }
  if (groups.length < GROUPS.length) report = await mergeWithPrevious(report, path.join(RESULTS_DIR, 'latest.json'));
  const files = await writeReport(report, RESULTS_DIR);
  process.stdout.write(`${markdownTable(report)}\n`);
  log(`wrote ${files.json}, ${files.markdown}, ${files.svg}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
