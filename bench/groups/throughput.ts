// The throughput rows (DESIGN §9, issue 17): pty → parsed screen for ripcord and the
// VS Code-style peer alternating (ripcord / peer from the same run), xterm's own parse rate
// as the reference, the naive pipeline once, and ripcord's host memory over a long flood.
import { alternateAll, log, ratioOf, type Plan } from '../lib/plan';
import { rateVsPeer } from '../lib/peer-targets';
import { series, type ScenarioResult } from '../lib/report';
import { pairedRatioInterval, ratioInterval, type Sample } from '../lib/stats';
import { referenceParseRate, runThroughput, type ThroughputOptions, type ThroughputRun } from '../scenarios/throughput';
import { harnessOf, kindOf, WATERMARK_NOTE, WATERMARK_TITLE } from './ctrl-c';
import { SMALL_WATERMARK } from '../lib/paths';

/** The naive pipeline has no bound on memory: its comparison runs stop here. */
const NAIVE_BYTES = 256 * 1024 * 1024;
const MB = 1024 * 1024;

/** --transcripts-off: ripcord with `"transcripts": false`, in the same alternation as the default rows. */
const TRANSCRIPTS_OFF = 'transcripts-off';
type Contender = Parameters<typeof kindOf>[0] | typeof TRANSCRIPTS_OFF;

function optionsOf(name: Contender): ThroughputOptions {
  if (name === TRANSCRIPTS_OFF) return { settings: { transcripts: false } };
  const harnessScript = harnessOf(name);
  return harnessScript ? { harnessScript } : {};
}

export async function benchThroughput(plan: Plan): Promise<ScenarioResult[]> {
  const mb = plan.throughputBytes / MB;
  const experiment = plan.ctrlCRuns.experiment > 0 ? plan.throughputRuns : 0;
  const counts: Record<Contender, number> = {
    ripcord: plan.throughputRuns,
    peer: plan.throughputRuns,
    naive: 1,
    'small-watermark': experiment,
    [TRANSCRIPTS_OFF]: plan.transcriptsOff ? plan.throughputRuns : 0,
  };
  const runs = await alternateAll(counts, async (name) => {
    const bytes = name === 'naive' ? Math.min(plan.throughputBytes, NAIVE_BYTES) : plan.throughputBytes;
    const run = await runThroughput(name === TRANSCRIPTS_OFF ? 'ripcord' : kindOf(name), bytes, optionsOf(name));
    log(
      `throughput ${name}: ${run.mbPerSecond.toFixed(1)} MB/s, host memory +${run.hostGrowthMb.toFixed(1)} MB (rss +${run.hostRssGrowthMb.toFixed(1)}), host CPU ${run.hostCpuMsPer100Mb.toFixed(0)} ms/100 MB${run.stopped ? ` (${run.stopped})` : ''}`,
    );
    return run;
  });
  const chunk = runs.ripcord[0]?.meanChunkChars ?? 4096;
  const reference = await referenceParseRate(plan.throughputBytes, chunk);
  log(`throughput reference (@xterm/headless alone): ${reference.toFixed(1)} MB/s`);
  const rate = (list: ThroughputRun[]): Sample[] => list.map((r) => ({ value: r.mbPerSecond }));
  const stopped = runs.naive.flatMap((r) =>
    r.stopped ? [`naive run stopped early: ${r.stopped} after ${(r.bytes / MB).toFixed(0)} MB parsed`] : [],
  );
  const throughput: ScenarioResult = {
    id: 'throughput',
    title: `Throughput pty → parsed screen (${mb} MB colored flood)`,
    unit: 'MB/s',
    ripcord: series(rate(runs.ripcord)),
    peer: series(rate(runs.peer)),
    naive: series(rate(runs.naive)),
    reference,
    vsPeer: rateVsPeer(rate(runs.ripcord), rate(runs.peer)),
    ratioLabel: 'of xterm alone',
    target: { text: '≥ 90 % of @xterm/headless alone (§9)', met: undefined },
    notes: [
      `reference: @xterm/headless parsing the same lines directly in the bench process, ${reference.toFixed(1)} MB/s, chunks of ${Math.round(chunk)} chars`,
      `peer host memory growth (median) ${series(runs.peer.map((r) => ({ value: r.hostGrowthMb }))).summary.median.toFixed(1)} MB, ripcord ${series(runs.ripcord.map((r) => ({ value: r.hostGrowthMb }))).summary.median.toFixed(1)} MB`,
      `host CPU per 100 MB parsed (median): peer ${cpuMedian(runs.peer)} ms, ripcord ${cpuMedian(runs.ripcord)} ms${plan.transcriptsOff ? `, ripcord with transcripts off ${cpuMedian(runs[TRANSCRIPTS_OFF])} ms` : ''}`,
      ...(plan.throughputBytes > NAIVE_BYTES ? [`the naive run sends ${NAIVE_BYTES / MB} MB`] : []),
      ...stopped,
    ],
  };
  throughput.ratio = ratioOf(throughput.ripcord.summary.median, reference);
  if (throughput.ratio !== undefined && throughput.target) throughput.target.met = throughput.ratio >= 0.9;
  const results = [throughput];
  if (experiment > 0) {
    const small = series(rate(runs['small-watermark']));
    results.push({
      id: `throughput-wm${SMALL_WATERMARK}`,
      title: `${throughput.title}, ${WATERMARK_TITLE}`,
      unit: 'MB/s',
      ripcord: small,
      peer: throughput.peer,
      reference,
      ratio: ratioOf(small.summary.median, reference),
      ratioLabel: 'of xterm alone',
      vsPeer: rateVsPeer(rate(runs['small-watermark']), rate(runs.peer)),
      notes: [WATERMARK_NOTE],
    });
  }
  if (plan.transcriptsOff) results.push(transcriptsOffRow(throughput, rate(runs[TRANSCRIPTS_OFF]), rate(runs.ripcord), rate(runs.peer)));
  results.push(await memoryRow(plan, runs.naive));
  return results;
}

function cpuMedian(list: ThroughputRun[]): string {
  return series(list.map((r) => ({ value: r.hostCpuMsPer100Mb }))).summary.median.toFixed(0);
}

/**
 * What transcripts cost end to end (issue #16: on within 5 % of off), from the same alternation.
 * The ratio is the median of each cycle's on/off pair: the rate moves between cycles by more
 * than the cost (docs/benchmarks.md#transcripts), and both runs
 * of a pair share the machine's state; the ratio of the two medians is in the notes too.
 */
function transcriptsOffRow(throughput: ScenarioResult, off: Sample[], on: Sample[], peer: Sample[]): ScenarioResult {
  const offSeries = series(off);
  const onOff = pairedRatioInterval(on, off);
  const medians = ratioInterval(on, off, 50);
  return {
    id: 'throughput-transcripts-off',
    title: `${throughput.title}, ripcord with transcripts off`,
    unit: 'MB/s',
    ripcord: offSeries,
    peer: series(peer),
    ...(throughput.reference === undefined ? {} : { reference: throughput.reference }),
    vsPeer: rateVsPeer(off, peer),
    ratio: onOff.ratio,
    ratioLabel: 'transcripts on/off',
    target: { text: 'transcripts on ≥ 95 % of off (issue 16)', met: onOff.ratio >= 0.95 },
    notes: [
      `on/off: the median of ${onOff.pairs} pairs of runs of one cycle ${onOff.ratio.toFixed(3)} [${onOff.ci[0].toFixed(3)}, ${onOff.ci[1].toFixed(3)}]`,
      `ripcord's default row (transcripts on) ${throughput.ripcord.summary.median.toFixed(1)} MB/s against ${offSeries.summary.median.toFixed(1)} MB/s off (${on.length} / ${off.length} runs): ratio of the medians ${medians.ratio.toFixed(3)} [${medians.ci[0].toFixed(3)}, ${medians.ci[1].toFixed(3)}]`,
    ],
  };
}

/** DESIGN §9: host memory growth over 1 GB of output, one ripcord run beside the naive one. */
async function memoryRow(plan: Plan, naiveRuns: ThroughputRun[]): Promise<ScenarioResult> {
  const run = await runThroughput('ripcord', plan.memoryBytes);
  log(
    `memory ripcord: ${run.mbPerSecond.toFixed(1)} MB/s over ${plan.memoryBytes / MB} MB, host memory +${run.hostGrowthMb.toFixed(1)} MB (rss +${run.hostRssGrowthMb.toFixed(1)})`,
  );
  const growth = (list: ThroughputRun[]): Sample[] => list.map((r) => ({ value: r.hostGrowthMb, censored: r.stopped !== undefined }));
  return {
    id: 'memory',
    title: `Host memory growth over ${plan.memoryBytes / MB} MB of output`,
    unit: 'MB',
    ripcord: series(growth([run])),
    naive: series(growth(naiveRuns)),
    ratio: ratioOf(naiveRuns[0]?.hostGrowthMb ?? Number.NaN, Math.max(run.hostGrowthMb, 1)),
    ratioLabel: 'naive/ripcord',
    target: { text: '≤ 30 MB (§9)', met: run.hostGrowthMb <= 30 },
    notes: [
      "the harness process's resident memory less the file pages it maps (VmRSS − RssFile), peak minus the value when the page connected: mapped file pages (code, shared libraries) are the page cache's",
      `VmRSS growth ${run.hostRssGrowthMb.toFixed(1)} MB, of it mapped file pages ${run.hostFileGrowthMb.toFixed(1)} MB`,
      `ripcord's rate over the whole run: ${run.mbPerSecond.toFixed(1)} MB/s`,
      ...(plan.quick ? [`--quick sends ${plan.memoryBytes / MB} MB instead of 1 GB`] : []),
    ],
  };
}
