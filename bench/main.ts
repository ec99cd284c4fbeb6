// `npm run bench [-- --quick] [-- --only start,exit,ctrl-c,throughput,keys,panes] [-- --runs N] ...`
// (options: bench/lib/plan.ts, docs/benchmarks.md): every scenario of DESIGN §9 against the
// VS Code-style peer and the naive baseline, alternating runs, then the report in
// bench/results/ and bench/RESULTS.md. Needs `npm run build:test` (dist/cli.js, dist/harness.js, dist/reaper.js).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CLI, DIST, HARNESS, REPO_ROOT, RESULTS_DIR } from './lib/paths';
import { isRecordRun, writeBenchSummary } from './lib/record';
import type { PipelineKind } from './lib/pipelines';
import { alternateAll, GROUPS, log, parseBenchArgs, ratioOf, USAGE, type Group, type Plan } from './lib/plan';
import { machineInfo, markdownTable, mergeWithPrevious, series, writeReport, type BenchReport, type ScenarioResult } from './lib/report';
import { summarize, type Sample } from './lib/stats';
import { EXIT_TRIGGERS, HOST_GONE_TIMEOUT_MS, NONE_LEFT_SLACK_MS, runExit, type ExitRun, type ExitTrigger } from './scenarios/exit';
import { floorCgroupParent, PROMPT_TIMEOUT_MS, runFirstPrompt, type StartVariant } from './scenarios/first-prompt';
import { summarizeFile } from '../main/cli/stats';
import { EXIT_CODE_USAGE } from '../main/core/exit-codes';
import type { LatencyRow, StatsSummary } from '../main/platform/log/log-summarizer';
import { benchCtrlC } from './groups/ctrl-c';
import { benchKeys } from './groups/keys';
import { benchPanes } from './groups/panes';
import { benchThroughput } from './groups/throughput';

/** ripcord and naive alternately (terminal hosts). */
const alternate = <T>(runs: Record<PipelineKind, number>, run: (kind: PipelineKind) => Promise<T>): Promise<Record<PipelineKind, T[]>> =>
  alternateAll(runs, run);

/**
 * ripcord's starts to measure, each its own row beside the naive host: shell integration on
 * (the default) and off, both from a settings file so both read and check one.
 */
const START_VARIANTS: readonly StartVariant[] = [
  { label: 'shell integration on', settings: { shellIntegration: true }, integration: true },
  { label: 'shell integration off', settings: { shellIntegration: false }, integration: false },
];
/** The settings floor reads the same file as ripcord's "off" row: its bash runs without integration, as the floor's does. */
const SETTINGS_FLOOR_VARIANT: StartVariant = { label: 'floor-settings', settings: { shellIntegration: false }, integration: false };

/**
 * The environments the start rows run in: the bench's own, and — where it sets
 * NODE_EXTRA_CA_CERTS, which every node that starts with it parses first and which bin/ripcord
 * keeps from its own node (docs/benchmarks.md#start) — the same without it, as most machines are.
 */
function startEnvironments(): { suffix: string; note: string; env: Record<string, string | undefined> }[] {
  const given = { suffix: '', note: "the bench's environment", env: {} };
  if (process.env.NODE_EXTRA_CA_CERTS === undefined) return [given];
  return [
    {
      ...given,
      note: "the bench's environment, NODE_EXTRA_CA_CERTS set: the naive host's node parses that file at its start, ripcord's does not (bin/ripcord)",
    },
    { suffix: ', no NODE_EXTRA_CA_CERTS', note: 'NODE_EXTRA_CA_CERTS unset for both hosts', env: { NODE_EXTRA_CA_CERTS: undefined } },
  ];
}

async function benchStart(plan: Plan): Promise<ScenarioResult[]> {
  const environments = startEnvironments();
  const contenders = environments.flatMap((environment) => [
    ...START_VARIANTS.map((variant) => ({ name: variant.label + environment.suffix, kind: 'ripcord' as const, variant, environment })),
    ...(['naive', 'floor', 'floor-settings'] as const).map((kind) => ({
      name: `${kind}${environment.suffix}`,
      kind,
      variant: kind === 'floor-settings' ? SETTINGS_FLOOR_VARIANT : undefined,
      environment,
    })),
  ]);
  const counts = Object.fromEntries(contenders.map((c) => [c.name, plan.startRuns])) as Record<string, number>;
  const runs = await alternateAll(counts, async (name): Promise<Sample> => {
    const contender = contenders.find((c) => c.name === name);
    const run = await runFirstPrompt(contender?.kind ?? 'naive', contender?.variant, contender?.environment.env);
    if (run.lost) log(`first prompt ${name}: no prompt within ${PROMPT_TIMEOUT_MS} ms`);
    return { value: run.ms, censored: run.lost };
  });
  const floorNote = await floorNoteText();
  return environments.flatMap((environment) => {
    const naive = series(runs[`naive${environment.suffix}`] ?? []);
    const floor = series(runs[`floor${environment.suffix}`] ?? []).summary.median;
    const settingsFloor = series(runs[`floor-settings${environment.suffix}`] ?? []).summary.median;
    return START_VARIANTS.map((variant) => {
      const samples = runs[variant.label + environment.suffix] ?? [];
      const lost = samples.filter((s) => s.censored).length;
      const ripcord = series(samples);
      const ratio = ratioOf(ripcord.summary.median, naive.summary.median);
      const label = variant.label + environment.suffix;
      return {
        id: `first-prompt-${label.replace(/\W+/g, '-')}`,
        title: `Time to first prompt (\`ripcord run\` bash -i, ${label})`,
        unit: 'ms',
        ripcord,
        naive,
        ratioLabel: 'ripcord/naive',
        ...(ratio === undefined ? {} : { ratio }),
        target: { text: 'ripcord/naive median ≤ 1.2 (issue 17)', met: ratio === undefined ? undefined : ratio <= 1.2 },
        notes: [
          'ripcord run reads its settings, opens its log, starts its reaper (a sh stub until the start is over) and holds the shell in its cgroup until the reaper confirmed it; the naive host only spawns the pty',
          environment.note,
          `${floorNote}: ${floor.toFixed(0)} ms = ${(floor / naive.summary.median).toFixed(2)}× the naive host; ripcord's own start above it: ${(ripcord.summary.median - floor).toFixed(0)} ms`,
          `the settings floor (bench/floor/settings-host.ts: the same after ripcord's own settings read, cwd and program checks, shell integration files and containment plan; no log, Ctrl+C machine or wiring): ${settingsFloor.toFixed(0)} ms = ${(settingsFloor / naive.summary.median).toFixed(2)}× the naive host`,
          ...(lost > 0
            ? [
                `${lost} of ${samples.length} ripcord starts showed no prompt within ${PROMPT_TIMEOUT_MS} ms (first output lost; counted at the timeout)`,
              ]
            : []),
        ],
      } satisfies ScenarioResult;
    });
  });
}

/** What the floor row measured, here: with a cgroup, or (none writable) the hold alone. */
async function floorNoteText(): Promise<string> {
  const parent = await floorCgroupParent();
  const what = parent ? 'its root joins a cgroup and stops' : 'no cgroup here: its root only stops';
  return `the contained floor (bench/floor/host.ts: ${what}, ripcord's reaper stub confirms, then it runs; nothing else)`;
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
      const run = await runExit(kind, {
        trigger,
        killGraceMs: plan.killGraceMs,
        extraWatchMs: kind === 'ripcord' ? 2_000 : 0,
        keepLogIn: EXIT_LOG,
      });
      log(
        `exit ${trigger} ${kind}: host gone ${run.hostGoneMs?.toFixed(1) ?? 'never'} ms, none left ${run.noneLeftMs?.toFixed(0) ?? 'never'} ms, survivors ${run.survivors}`,
      );
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

const hostGoneSamples = (runs: ExitRun[]): Sample[] =>
  runs.map((r) => (r.hostGoneMs === undefined ? { value: HOST_GONE_TIMEOUT_MS, censored: true } : { value: r.hostGoneMs }));

function hostGoneResult(trigger: ExitTrigger, runs: Record<PipelineKind, ExitRun[]>): ScenarioResult {
  const title = trigger === 'ctrl-c' ? 'Second Ctrl+C → host gone (hostile child)' : `${trigger} → host gone (hostile child)`;
  const ripcord = series(hostGoneSamples(runs.ripcord), { survivors: runs.ripcord.map((r) => r.survivors) });
  const naive = series(hostGoneSamples(runs.naive), { survivors: runs.naive.map((r) => r.survivors) });
  const p99 = ripcord.summary.p99;
  return {
    id: `host-gone-${trigger}`,
    title,
    unit: 'ms',
    ripcord,
    naive,
    ratio: ratioOf(naive.summary.median, ripcord.summary.median),
    ratioLabel: 'naive/ripcord',
    // §9 sets it for the second Ctrl+C; §3 promises the window gone within 100 ms of any trigger.
    target: {
      text: trigger === 'ctrl-c' ? 'p99 ≤ 100 ms (§9)' : 'p99 ≤ 100 ms (§3)',
      met: ripcord.summary.p99IsLowerBound ? false : p99 <= 100,
    },
  };
}

/** `ripcord stats` of the exit runs: where the time between trigger and exit goes, per stage. */
function exitStages(summary: StatsSummary): ScenarioResult[] {
  const stages = summary.exitPath.filter((row) => row.trigger === 'all' && row.stage !== 'session dead');
  if (stages.length === 0) return [];
  // Only median and p99 come out of the log summary: no per-run samples to plot.
  const fromStats = (row: LatencyRow): ScenarioResult['ripcord'] => ({
    samples: [],
    summary: { ...summarize([]), n: row.count, median: row.median, p99: row.p99 },
  });
  return stages.map((row) => ({
    id: `exit-stage-${row.stage}`,
    title: `ripcord stats: trigger → ${row.stage} (all triggers)`,
    unit: 'ms' as const,
    ripcord: fromStats(row),
    notes: [`from ripcord's own log of the exit runs (bench/results/exit-runs.log), host clock; count ${row.count}`],
  }));
}

function noneLeftResult(plan: Plan, runs: Record<PipelineKind, ExitRun[]>): ScenarioResult {
  const deadline = plan.killGraceMs + NONE_LEFT_SLACK_MS;
  const samples = (list: ExitRun[]): Sample[] =>
    list.map((r) => (r.noneLeftMs === undefined ? { value: deadline, censored: true } : { value: r.noneLeftMs }));
  const ripcord = series(samples(runs.ripcord), { survivors: runs.ripcord.map((r) => r.survivors) });
  const naive = series(samples(runs.naive), { survivors: runs.naive.map((r) => r.survivors) });
  const clean = runs.ripcord.filter((r) => r.survivors === 0).length;
  return {
    id: 'none-left',
    title: `Any exit → no session process left (grace ${plan.killGraceMs} ms)`,
    unit: 'ms',
    ripcord,
    naive,
    target: { text: `0 survivors at grace + ${NONE_LEFT_SLACK_MS} ms in every run`, met: clean === runs.ripcord.length },
    notes: [
      `${clean} of ${runs.ripcord.length} ripcord exits had no session process left at ${deadline} ms (all triggers); the naive host left ${runs.naive.filter((r) => r.survivors > 0).length} of ${runs.naive.length} exits with survivors`,
      "the hostile processes ignore SIGHUP/SIGTERM, so ripcord's time is the grace (SIGKILL stage) plus the reaper's scan; the naive time is a lower bound (the deadline): its survivors never die",
      ...(plan.quick ? [`--quick uses killGraceMs ${plan.killGraceMs} instead of the default 2000`] : []),
    ],
  };
}

async function main(): Promise<void> {
  const parsed = parseBenchArgs(process.argv.slice(2));
  if (!parsed.ok) {
    // a usage error runs nothing and writes nothing: a typo'd flag must not become a full run
    process.stderr.write(`bench: ${parsed.error}\n${USAGE}\n`);
    process.exit(EXIT_CODE_USAGE);
  }
  const { plan, groups } = parsed.value;
  for (const file of [CLI, HARNESS, `${DIST}/reaper.js`, `${DIST}/renderer/renderer.js`]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:test\` first`);
  }
  let report: BenchReport = { date: new Date().toISOString(), quick: plan.quick, machine: machineInfo(), groups: {}, scenarios: [] };
  log(
    `${plan.quick ? 'quick' : 'full'} run of ${groups.join(', ')} on ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const runners: Record<Group, (plan: Plan) => Promise<ScenarioResult[]>> = {
    start: benchStart,
    exit: benchExit,
    'ctrl-c': benchCtrlC,
    throughput: benchThroughput,
    keys: benchKeys,
    panes: benchPanes,
  };
  for (const group of groups) {
    const started = performance.now();
    const date = new Date().toISOString();
    const loadAverage = loadNow();
    report.scenarios.push(...(await runners[group](plan)).map((s) => ({ ...s, group })));
    const seconds = (performance.now() - started) / 1000;
    const loadAverageAfter = loadNow();
    report.groups[group] = { date, quick: plan.quick, loadAverage, loadAverageAfter, seconds };
    log(`${group} done in ${seconds.toFixed(1)} s, load ${loadAverage.join(' ')} → ${loadAverageAfter.join(' ')}`);
  }
  if (groups.length < GROUPS.length) report = await mergeWithPrevious(report, path.join(RESULTS_DIR, 'latest.json'));
  const record = isRecordRun(process.argv.slice(2));
  const files = await writeReport(report, RESULTS_DIR, record ? path.join(REPO_ROOT, 'bench') : undefined);
  if (record) await writeBenchSummary(path.join(REPO_ROOT, 'docs/benchmarks.md'), report);
  process.stdout.write(`${markdownTable(report)}\n`);
  log(
    `wrote ${files.json}, ${files.markdown}, ${files.svg}${record ? ", bench/RESULTS.json, bench/RESULTS.md and docs/benchmarks.md's summary (a full run)" : '; bench/RESULTS.* and docs/benchmarks.md only change with a full run'}`,
  );
}

function loadNow(): number[] {
  return os.loadavg().map((l) => Math.round(l * 100) / 100);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
