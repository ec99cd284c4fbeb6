// The bench's report: bench/results/latest.json (every sample), latest.md (the table) and
// latest.svg (latency distributions on a log scale, ripcord beside the naive baseline).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { formatMs, summarize, type Sample, type Summary } from './stats';

export type Unit = 'ms' | 'MB/s' | 'MB';

export interface Series {
  samples: Sample[];
  summary: Summary;
  /** session processes alive at the deadline, per run (exit scenarios) */
  survivors?: number[];
  notes?: string[];
}

export interface ScenarioResult {
  /** the bench group that produced it (start, exit, ctrl-c, throughput) */
  group?: string;
  id: string;
  title: string;
  unit: Unit;
  ripcord: Series;
  naive?: Series;
  /** for throughput: the headless parser alone, MB/s */
  reference?: number;
  /** naive median / ripcord median (latency, memory), or ripcord / reference (throughput) */
  ratio?: number;
  ratioLabel?: string;
  target?: { text: string; met: boolean | undefined };
  notes?: string[];
}

export interface BenchReport {
  date: string;
  quick: boolean;
  machine: { cpus: number; model: string; loadAverage: number[]; node: string; shared: string };
  /** per group: when it ran, in which mode, and the load average then (runs of --only merge) */
  groups: Record<string, { date: string; quick: boolean; loadAverage: number[]; seconds: number }>;
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
  if (Number.isNaN(v)) return '-';
  if (unit === 'ms') return formatMs(v, lowerBound);
  return `${lowerBound ? '≥ ' : ''}${v.toFixed(1)} ${unit}`;
}

const sum = (values: readonly number[] | undefined): string => (values === undefined ? '' : String(values.reduce((a, b) => a + b, 0)));

export function markdownTable(report: BenchReport): string {
  const groups = Object.entries(report.groups).map(([group, info]) => `${group} ${info.date.slice(11, 16)} UTC${info.quick ? ' quick' : ''} (load ${info.loadAverage[0]}, ${Math.round(info.seconds)} s)`);
  const head = [
    `ripcord bench — ${report.date}${report.quick ? ' (includes --quick runs: fewer runs, see notes)' : ''}`,
    `${report.machine.cpus} × ${report.machine.model}, node ${report.machine.node}; ran: ${groups.join(', ')}`,
    '',
    '| scenario | runs | ripcord median | ripcord p99 | naive median | naive p99 | ratio | survivors (ripcord / naive) | target | met |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  const rows = report.scenarios.map((s) => {
    const r = s.ripcord.summary;
    const n = s.naive?.summary;
    const survivors = s.ripcord.survivors ? `${sum(s.ripcord.survivors)} / ${sum(s.naive?.survivors)}` : '';
    const ratio = s.ratio === undefined ? '' : `${s.ratio >= 10 ? s.ratio.toFixed(0) : s.ratio.toFixed(2)}× ${s.ratioLabel ?? ''}`.trim();
    const met = s.target?.met === undefined ? '' : s.target.met ? 'yes' : '**no**';
    return `| ${s.title} | ${r.n}${n ? ` / ${n.n}` : ''} | ${value(s.unit, r.median, r.medianIsLowerBound)} | ${value(s.unit, r.p99, r.p99IsLowerBound)} | ${n ? value(s.unit, n.median, n.medianIsLowerBound) : ''} | ${n ? value(s.unit, n.p99, n.p99IsLowerBound) : ''} | ${ratio} | ${survivors} | ${s.target?.text ?? ''} | ${met} |`;
  });
  const notes = report.scenarios.flatMap((s) => [...(s.notes ?? []), ...(s.ripcord.notes ?? []), ...(s.naive?.notes ?? [])].map((note) => `- ${s.title}: ${note}`));
  return [...head, ...rows, '', ...(notes.length > 0 ? ['Notes:', ...notes, ''] : [])].join('\n');
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Latency scenarios as strips of dots on one log axis; medians as bars, p99 as ticks. */
export function svgChart(report: BenchReport): string {
  const latency = report.scenarios.filter((s) => s.unit === 'ms');
  const width = 960;
  const labelWidth = 330;
  const rowHeight = 44;
  const top = 40;
  const plotWidth = width - labelWidth - 30;
  const all = latency.flatMap((s) => [...s.ripcord.samples, ...(s.naive?.samples ?? [])].map((x) => x.value)).filter((v) => v > 0);
  const minLog = Math.floor(Math.log10(Math.max(0.1, Math.min(...all, 1))));
  const maxLog = Math.ceil(Math.log10(Math.max(...all, 10)));
  const x = (v: number): number => labelWidth + ((Math.log10(Math.max(v, 10 ** minLog)) - minLog) / (maxLog - minLog)) * plotWidth;
  const height = top + latency.length * rowHeight + 40;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">ripcord (blue) vs naive baseline (red): latency per run, log scale${report.quick ? ' — quick run' : ''}</text>`,
  ];
  for (let e = minLog; e <= maxLog; e++) {
    const gx = x(10 ** e);
    const label = e >= 3 ? `${10 ** (e - 3)} s` : `${10 ** e} ms`;
    parts.push(`<line x1="${gx}" y1="${top - 8}" x2="${gx}" y2="${height - 30}" stroke="#ddd"/>`, `<text x="${gx}" y="${height - 14}" text-anchor="middle" fill="#555">${label}</text>`);
  }
  latency.forEach((s, i) => {
    const y = top + i * rowHeight;
    parts.push(`<text x="10" y="${y + 22}">${escapeXml(s.title)}</text>`);
    const strips: Array<[Series | undefined, string, number]> = [[s.ripcord, '#1f6feb', y + 12], [s.naive, '#d73a49', y + 30]];
    for (const [data, color, cy] of strips) {
      if (!data) continue;
      for (const sample of data.samples) {
        const fill = sample.censored ? 'none' : color;
        parts.push(`<circle cx="${x(sample.value).toFixed(1)}" cy="${cy}" r="3" fill="${fill}" stroke="${color}" fill-opacity="0.5"/>`);
      }
      const mx = x(data.summary.median).toFixed(1);
      const px = x(data.summary.p99).toFixed(1);
      parts.push(`<line x1="${mx}" y1="${cy - 7}" x2="${mx}" y2="${cy + 7}" stroke="${color}" stroke-width="3"/>`);
      parts.push(`<line x1="${px}" y1="${cy - 5}" x2="${px}" y2="${cy + 5}" stroke="${color}" stroke-width="1.5" stroke-dasharray="2 1"/>`);
    }
  });
  parts.push(`<text x="${labelWidth}" y="${height - 2}" fill="#555">thick bar: median, dashed: p99, hollow dot: run hit its timeout (true value larger)</text>`, '</svg>');
  return parts.join('\n');
}

export async function writeReport(report: BenchReport, dir: string): Promise<{ json: string; markdown: string; svg: string }> {
  await mkdir(dir, { recursive: true });
  const files = { json: path.join(dir, 'latest.json'), markdown: path.join(dir, 'latest.md'), svg: path.join(dir, 'latest.svg') };
  await writeFile(files.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(files.markdown, `${markdownTable(report)}\n`);
  await writeFile(files.svg, `${svgChart(report)}\n`);
  return files;
}
