// The bench's report: bench/results/latest.json (every sample), latest.md (the table) and
// latest.svg (latency distributions on a log scale, ripcord beside the peer and the naive
// baseline); after a full run the same JSON and table also go to bench/RESULTS.json and
// bench/RESULTS.md (record.ts).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { aboveFloorText, type AboveFloor } from './floor-row';
import type { PeerRatio } from './peer-targets';
import { formatMs, summarize, type Interval, type Sample, type Summary } from './stats';

export type Unit = 'ms' | 'MB/s' | 'MB';

export interface Series {
  samples: Sample[];
  summary: Summary;
  /** session processes alive at the deadline, per run (exit scenarios) */
  survivors?: number[];
  notes?: string[];
}

export interface ScenarioResult {
  /** the bench group that produced it (start, exit, ctrl-c, throughput, keys) */
  group?: string;
  id: string;
  title: string;
  unit: Unit;
  ripcord: Series;
  /** the VS Code-style peer (browser scenarios) */
  peer?: Series;
  naive?: Series;
  /** ripcord / peer from the same run, median and p95, with bootstrap intervals */
  vsPeer?: PeerRatio;
  /** for throughput: the headless parser alone, MB/s */
  reference?: number;
  /**
   * naive / ripcord median (exits, Ctrl+C, memory), ripcord / naive (start, keys), ripcord /
   * reference (throughput), or transcripts on / off
   */
  ratio?: number;
  ratioLabel?: string;
  /** the Ctrl+C rows' floor (bash's prompt after SIGINT in a bare pty) and ripcord's time above it */
  floor?: Series;
  aboveFloor?: AboveFloor;
  target?: { text: string; met: boolean | undefined };
  notes?: string[];
}

export interface BenchReport {
  date: string;
  quick: boolean;
  machine: { cpus: number; model: string; loadAverage: number[]; node: string; shared: string };
  /** per group: when it ran, in which mode, and the load average then (runs of --only merge) */
  groups: Record<string, { date: string; quick: boolean; loadAverage: number[]; loadAverageAfter?: number[]; seconds: number }>;
  scenarios: ScenarioResult[];
}

/** A run of some groups replaces those groups in an earlier report and keeps the others. */
export async function mergeWithPrevious(report: BenchReport, file: string): Promise<BenchReport> {
  let previous: BenchReport;
  try {
    previous = JSON.parse(await readFile(file, 'utf8')) as BenchReport;
  } catch {
    return report;
  }
  if (!Array.isArray(previous.scenarios) || typeof previous.groups !== 'object') return report;
  const ran = new Set(Object.keys(report.groups));
  return {
    ...report,
    quick: report.quick || Object.entries(previous.groups).some(([group, info]) => !ran.has(group) && info.quick),
    groups: { ...previous.groups, ...report.groups },
    scenarios: [...previous.scenarios.filter((s) => !ran.has(s.group ?? '')), ...report.scenarios],
  };
}

export function series(samples: Sample[], extra: Omit<Series, 'samples' | 'summary'> = {}): Series {
  return { samples, summary: summarize(samples), ...extra };
}

export function machineInfo(): BenchReport['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    model: cpus[0]?.model ?? 'unknown',
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    node: process.version,
    shared: 'other processes may share the cores: see loadAverage at the start of the run',
  };
}

function value(unit: Unit, v: number, lowerBound = false): string {
  // a report read back from JSON has null for NaN, and older reports lack newer statistics
  if (typeof v !== 'number' || Number.isNaN(v)) return '-';
  if (unit === 'ms') return formatMs(v, lowerBound);
  return `${lowerBound ? '≥ ' : ''}${v.toFixed(1)} ${unit}`;
}

const sum = (values: readonly number[] | undefined): string => (values === undefined ? '' : String(values.reduce((a, b) => a + b, 0)));

const ratioText = (r: number): string => (typeof r === 'number' && Number.isFinite(r) ? (r >= 10 ? r.toFixed(0) : r.toFixed(2)) : '-');
/** An interval's missing high bound (+Infinity, null once written as JSON) is "> max": too few runs. */
const intervalText = (unit: Unit, ci: Interval | undefined): string => {
  if (!ci || typeof ci[0] !== 'number' || Number.isNaN(ci[0])) return '';
  const high = typeof ci[1] === 'number' && Number.isFinite(ci[1]) ? value(unit, ci[1]) : '> max';
  return ` [${value(unit, ci[0])}, ${high}]`;
};
const stat = (unit: Unit, s: Summary | undefined, which: 'median' | 'p95'): string => {
  if (!s || s.n === 0) return '';
  const v = which === 'median' ? value(unit, s.median, s.medianIsLowerBound) : value(unit, s.p95, s.p95IsLowerBound);
  return `${v}${intervalText(unit, which === 'median' ? s.medianCi : s.p95Ci)}`;
};

export function markdownTable(report: BenchReport): string {
  const groups = Object.entries(report.groups).map(([group, info]) => {
    const after = info.loadAverageAfter ? ` → ${info.loadAverageAfter[0]}` : '';
    return `${group} ${info.date.slice(11, 16)} UTC${info.quick ? ' quick' : ''} (load ${info.loadAverage[0]}${after}, ${Math.round(info.seconds)} s)`;
  });
  const head = [
    `ripcord bench — ${report.date}${report.quick ? ' (includes --quick runs: fewer runs, see notes)' : ''}`,
    `${report.machine.cpus} × ${report.machine.model}, node ${report.machine.node}; ran: ${groups.join(', ')}`,
    'Intervals are 95 % confidence intervals: order statistics for a median / p95, bootstrap for a ratio; "> max" means too few runs to bound it. docs/benchmarks.md explains every row.',
    '',
    '| scenario | runs (ripcord / peer / naive) | ripcord median | ripcord p95 | peer median | peer p95 | ripcord/peer median | ripcord/peer p95 | vs peer met | naive median | other | target | met |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const rows = report.scenarios.map((s) => {
    const r = s.ripcord.summary;
    const runs = [r.n, s.peer?.summary.n ?? '-', s.naive?.summary.n ?? '-'].join(' / ');
    const v = s.vsPeer;
    const vsMedian = v ? `${ratioText(v.median)}× [${ratioText(v.medianCi[0])}, ${ratioText(v.medianCi[1])}]` : '';
    const vsP95 = v ? `${ratioText(v.p95)}× [${ratioText(v.p95Ci[0])}, ${ratioText(v.p95Ci[1])}]` : '';
    const vsMet = v ? `${v.met ? 'yes' : '**no**'} (${v.target})` : '';
    const other = s.aboveFloor
      ? aboveFloorText(s.aboveFloor)
      : s.ratio === undefined
        ? ''
        : `${ratioText(s.ratio)}× ${s.ratioLabel ?? ''}`.trim();
    const survivors = s.ripcord.survivors ? `; survivors ${sum(s.ripcord.survivors)} / naive ${sum(s.naive?.survivors)}` : '';
    const met = s.target?.met === undefined ? '' : s.target.met ? 'yes' : '**no**';
    return `| ${s.title} | ${runs} | ${stat(s.unit, r, 'median')} | ${stat(s.unit, r, 'p95')} | ${stat(s.unit, s.peer?.summary, 'median')} | ${stat(s.unit, s.peer?.summary, 'p95')} | ${vsMedian} | ${vsP95} | ${vsMet} | ${s.naive ? value(s.unit, s.naive.summary.median, s.naive.summary.medianIsLowerBound) : ''} | ${other}${survivors} | ${s.target?.text ?? ''} | ${met} |`;
  });
  const notes = report.scenarios.flatMap((s) =>
    [...(s.notes ?? []), ...(s.ripcord.notes ?? []), ...(s.naive?.notes ?? [])].map((note) => `- ${s.title}: ${note}`),
  );
  return [...head, ...rows, '', ...(notes.length > 0 ? ['Notes:', ...notes, ''] : [])].join('\n');
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Latency scenarios as strips of dots on one log axis; medians as bars, p99 as ticks. */
export function svgChart(report: BenchReport): string {
  const latency = report.scenarios.filter((s) => s.unit === 'ms');
  const width = 960;
  const labelWidth = 330;
  const rowHeight = 56;
  const top = 40;
  const plotWidth = width - labelWidth - 30;
  const all = latency
    .flatMap((s) =>
      [...s.ripcord.samples, ...(s.peer?.samples ?? []), ...(s.naive?.samples ?? []), ...(s.floor?.samples ?? [])].map((x) => x.value),
    )
    .filter((v) => v > 0);
  const minLog = Math.floor(Math.log10(Math.max(0.1, Math.min(...all, 1))));
  const maxLog = Math.ceil(Math.log10(Math.max(...all, 10)));
  const x = (v: number): number => labelWidth + ((Math.log10(Math.max(v, 10 ** minLog)) - minLog) / (maxLog - minLog)) * plotWidth;
  const height = top + latency.length * rowHeight + 40;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">ripcord (blue), VS Code-style peer (green), naive baseline (red), Ctrl+C floor (grey): latency per run, log scale${report.quick ? ' — quick run' : ''}</text>`,
  ];
  for (let e = minLog; e <= maxLog; e++) {
    const gx = x(10 ** e);
    const label = e >= 3 ? `${10 ** (e - 3)} s` : `${10 ** e} ms`;
    parts.push(
      `<line x1="${gx}" y1="${top - 8}" x2="${gx}" y2="${height - 30}" stroke="#ddd"/>`,
      `<text x="${gx}" y="${height - 14}" text-anchor="middle" fill="#555">${label}</text>`,
    );
  }
  latency.forEach((s, i) => {
    const y = top + i * rowHeight;
    parts.push(`<text x="10" y="${y + 22}">${escapeXml(s.title)}</text>`);
    const strips: Array<[Series | undefined, string, number]> = [
      [s.ripcord, '#1f6feb', y + 10],
      [s.peer, '#2da44e', y + 26],
      [s.naive, '#d73a49', y + 42],
      // the above-floor rows have no peer: the floor takes its place
      [s.peer ? undefined : s.floor, '#6e7781', y + 26],
    ];
    for (const [data, color, cy] of strips) {
      if (!data || data.samples.length === 0) continue;
      for (const sample of data.samples) {
        const fill = sample.censored ? 'none' : color;
        parts.push(`<circle cx="${x(sample.value).toFixed(1)}" cy="${cy}" r="3" fill="${fill}" stroke="${color}" fill-opacity="0.5"/>`);
      }
      const mx = x(data.summary.median).toFixed(1);
      const px = x(data.summary.p95).toFixed(1);
      parts.push(`<line x1="${mx}" y1="${cy - 7}" x2="${mx}" y2="${cy + 7}" stroke="${color}" stroke-width="3"/>`);
      parts.push(`<line x1="${px}" y1="${cy - 5}" x2="${px}" y2="${cy + 5}" stroke="${color}" stroke-width="1.5" stroke-dasharray="2 1"/>`);
    }
  });
  parts.push(
    `<text x="${labelWidth}" y="${height - 2}" fill="#555">thick bar: median, dashed: p95, hollow dot: run hit its timeout (true value larger)</text>`,
    '</svg>',
  );
  return parts.join('\n');
}

/** Writes bench/results/latest.{json,md,svg}; with `committedDir` (a full run: record.ts), also bench/RESULTS.{json,md}. */
export async function writeReport(
  report: BenchReport,
  dir: string,
  committedDir?: string,
): Promise<{ json: string; markdown: string; svg: string }> {
  await mkdir(dir, { recursive: true });
  const files = { json: path.join(dir, 'latest.json'), markdown: path.join(dir, 'latest.md'), svg: path.join(dir, 'latest.svg') };
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const markdown = `${markdownTable(report)}\n`;
  await writeFile(files.json, json);
  await writeFile(files.markdown, markdown);
  await writeFile(files.svg, `${svgChart(report)}\n`);
  if (committedDir === undefined) return files;
  await writeFile(path.join(committedDir, 'RESULTS.json'), json);
  await writeFile(
    path.join(committedDir, 'RESULTS.md'),
    `<!-- generated by a full \`npm run bench\`; commit it after a run on a quiet machine -->\n${markdown}`,
  );
  return files;
}
