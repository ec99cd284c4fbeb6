// Where a page's main thread went: a Chromium trace (Browser.startTracing, JSON) summed per
// top-level task kind on the renderer's main thread — what `npm run bench -- --trace` prints per
// run. Frames (BeginMainFrame: style, layout, paint, commit — with WebGL on SwiftShader the
// commit's pixel readback), script (timers: xterm parsing), and messages (data from the host).
import { readFile } from 'node:fs/promises';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** Inner events worth naming inside a task; the rest are summed as the task itself. */
const KINDS = [
  'ProxyMain::BeginMainFrame',
  'Commit',
  'GLES2::ReadPixels',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'TimerFire',
  'FireAnimationFrame',
  'Receive mojo message',
  'MinorGC',
  'MajorGC',
];

export interface TraceTotals {
  /** main-thread time in tasks from the first to the last traced event */
  busyMs: number;
  spanMs: number;
  byKind: Array<{ name: string; ms: number }>;
}

export async function traceTotals(file: string): Promise<TraceTotals> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mainThreads = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const counts = new Map<string, number>();
  for (const e of events) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  // the page's main thread is the renderer main thread with the most events
  const main = mainThreads.map((e) => `${e.pid}:${e.tid}`).sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))[0];
  const complete = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main);
  if (complete.length === 0) return { busyMs: 0, spanMs: 0, byKind: [] };
  // reduce, not Math.min(...): a trace holds more events than a call takes arguments
  const start = complete.reduce((min, e) => Math.min(min, e.ts), Infinity);
  const end = complete.reduce((max, e) => Math.max(max, e.ts + (e.dur ?? 0)), -Infinity);
  const tasks = complete.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const totals = new Map<string, number>();
  for (const e of complete) if (KINDS.includes(e.name)) totals.set(e.name, (totals.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  return {
    busyMs: tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
    spanMs: (end - start) / 1000,
    byKind: [...totals.entries()].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms),
  };
}
