// The Ctrl+C rows (DESIGN §9, issue 17): per renderer and flood, ripcord, the VS Code-style
// peer and the naive pipeline alternating in one browser, ripcord / peer from the same runs.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { selfTimes } from '../lib/cpu-profile';
import { traceTotals } from '../lib/trace-summary';
import { HARNESS_SMALL_WATERMARK, RESULTS_DIR, SMALL_WATERMARK } from '../lib/paths';
import type { BrowserKind } from '../lib/pipelines';
import { alternateAll, log, ratioOf, type Plan } from '../lib/plan';
import { latencyVsPeer, series, type ScenarioResult } from '../lib/report';
import type { Sample } from '../lib/stats';
import { launchBrowser, runCtrlCBrowser, type Flood, type Renderer } from '../scenarios/ctrl-c-browser';

const PROFILE_DIR = path.join(RESULTS_DIR, 'profiles');
/** Functions listed per profiled run. */
const PROFILE_TOP = 12;
/** Data messages listed per profiled run: the first and last half of this many. */
const ARRIVALS_SHOWN = 16;

/** Issue #32's target for the desktop's main thread while sessions flood. */
const MAIN_LOOP_P99_TARGET_MS = 20;

/** The experiment beside the contenders: ripcord with a smaller watermark (rebuilt harness). */
type Contender = BrowserKind | 'small-watermark';
export const harnessOf = (name: Contender): string | undefined => (name === 'small-watermark' ? HARNESS_SMALL_WATERMARK : undefined);
export const kindOf = (name: Contender): BrowserKind => (name === 'small-watermark' ? 'ripcord' : name);
export const WATERMARK_NOTE = `HIGH_WATERMARK_CHARS ${SMALL_WATERMARK / 1000}k instead of 100k (experiment: bench/build.mjs builds the harness)`;
/** The Ctrl+C rows' second experiment: the peer's page in its plain mode (bench/peer/plain.ts), the yardstick of the peer. */
const PLAIN = 'plain';
const PLAIN_BRIDGE = 'plain-bridge';
type CtrlCContender = Contender | typeof PLAIN | typeof PLAIN_BRIDGE;
const PLAIN_NOTE = 'experiment: in the ripcord column the plain page (bench/peer/plain.ts: xterm\'s defaults but the font, no addon but the renderer, its own WebSocket with raw text frames, acks of 5 000, the host\'s 100k/5k) — its ratio is plain / peer, with the peer\'s press ("\\x03" input)';

export async function benchCtrlC(plan: Plan): Promise<ScenarioResult[]> {
  const browser: Browser = await launchBrowser();
  const results: ScenarioResult[] = [];
  try {
    for (const renderer of plan.renderers) {
      for (const flood of plan.floods) results.push(...(await ctrlCScenario(browser, plan, renderer, flood)));
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function ctrlCScenario(browser: Browser, plan: Plan, renderer: Renderer, flood: Flood): Promise<ScenarioResult[]> {
  const seen = new Set<string>();
  const counts: Record<CtrlCContender, number> = {
    ripcord: plan.ctrlCRuns.ripcord, peer: plan.ctrlCRuns.peer, naive: plan.ctrlCRuns.naive, 'small-watermark': plan.ctrlCRuns.experiment, [PLAIN]: plan.ctrlCRuns.experiment, [PLAIN_BRIDGE]: plan.ctrlCRuns.experiment,
  };
  let profiles = 0;
  const hostLoops: Record<CtrlCContender, Sample[]> = { ripcord: [], peer: [], naive: [], 'small-watermark': [], [PLAIN]: [], [PLAIN_BRIDGE]: [] };
  if (plan.profile || plan.trace) await mkdir(PROFILE_DIR, { recursive: true });
  const runs = await alternateAll(counts, async (name) => {
    const stem = path.join(PROFILE_DIR, `${renderer}-${flood}-${name}-${profiles++}`);
    const profileTo = plan.profile ? `${stem}.cpuprofile` : undefined;
    const traceTo = plan.trace ? `${stem}.trace.json` : undefined;
    const options = { renderer, flood, floodMs: plan.floodMs, timeoutMs: plan.browserTimeoutMs, ...(name === PLAIN ? { plain: 'socket' as const } : name === PLAIN_BRIDGE ? { plain: 'bridge' as const } : {}), ...(profileTo ? { profileTo } : {}), ...(traceTo ? { traceTo } : {}), ...(plan.findTerm === undefined ? {} : { findTerm: plan.findTerm }) };
    const plain = name === PLAIN || name === PLAIN_BRIDGE;
    const run = await runCtrlCBrowser(browser, plain ? 'peer' : kindOf(name), options, plain ? undefined : harnessOf(name));
    seen.add(run.renderer);
    log(`ctrl-c ${renderer} ${flood} ${name}: ${run.ms.toFixed(1)} ms${run.censored ? ' (timeout)' : ''} [${run.renderer}], ${run.charsAfterPress} chars in ${run.messagesAfterPress} messages after the press${run.cursorRow === undefined ? '' : `; cursor row at the end: ${JSON.stringify(run.cursorRow.slice(-60))}`}`);
    if (run.hops) log(`  hops (ms after the key reached main): ${Object.entries(run.hops).map(([hop, ms]) => `${hop} ${ms.toFixed(1)}`).join(', ')}, prompt ${run.ms.toFixed(1)}`);
    if (run.trace) {
      const { busyMs, spanMs, byKind } = await traceTotals(run.trace);
      log(`  main thread busy ${busyMs.toFixed(1)} of ${spanMs.toFixed(1)} ms: ${byKind.slice(0, PROFILE_TOP).map((k) => `${k.name} ${k.ms.toFixed(1)}`).join(', ')}`);
    }
    if (plan.profile || plan.trace) {
      const shown = run.arrivals.length > ARRIVALS_SHOWN ? [...run.arrivals.slice(0, ARRIVALS_SHOWN / 2), undefined, ...run.arrivals.slice(-ARRIVALS_SHOWN / 2)] : run.arrivals;
      log(`  arrivals (ms after the press: chars): ${shown.map((a) => (a ? `${a[0].toFixed(1)}:${a[1]}` : '…')).join(' ')}`);
      if (run.profile) for (const { name: fn, ms } of await selfTimes(run.profile, PROFILE_TOP)) log(`  ${ms.toFixed(1).padStart(7)} ms  ${fn}`);
    }
    hostLoops[name].push({ value: run.hostLoop.p99Ms, censored: false });
    return { value: run.ms, censored: run.censored } satisfies Sample;
  });
  const peer = series(runs.peer);
  const naive = series(runs.naive);
  const fellBack = renderer === 'webgl' && seen.has('dom');
  const title = `Ctrl+C → prompt, ${flood === 'yes' ? '`yes`' : 'colored'} flood, ${renderer.toUpperCase()}`;
  const row = (id: string, rowTitle: string, ripcordRuns: Sample[], notes: string[]): ScenarioResult => {
    const ripcord = series(ripcordRuns);
    return {
      id, title: rowTitle, unit: 'ms', ripcord, peer, naive,
      vsPeer: latencyVsPeer(ripcordRuns, runs.peer),
      ratio: ratioOf(naive.summary.median, ripcord.summary.median), ratioLabel: 'naive/ripcord',
      target: { text: 'p99 ≤ 30 ms (GPU machine, §9)', met: ripcord.summary.p99IsLowerBound ? false : ripcord.summary.p99 <= 30 },
      notes,
    };
  };
  const rows = [
    row(`ctrl-c-${renderer}-${flood}`, title, runs.ripcord, [
      `the flood ran ${plan.floodMs} ms before the press; naive runs stop at ${plan.browserTimeoutMs / 1000} s (then a lower bound)`,
      ...(fellBack ? ['WebGL was requested but the page fell back to the DOM renderer in some runs'] : []),
      ...(plan.findTerm === undefined ? [] : [`ripcord's and the naive page's find box open on ${JSON.stringify(plan.findTerm)} (search decorations on)`]),
    ]),
  ];
  const loop = series(hostLoops.ripcord);
  rows.push({
    id: `ctrl-c-${renderer}-${flood}-main-loop`, title: `Main's event-loop delay p99 during the flood and the press, ${flood === 'yes' ? '`yes`' : 'colored'} flood, ${renderer.toUpperCase()}`, unit: 'ms',
    ripcord: loop, peer: series(hostLoops.peer), naive: series(hostLoops.naive),
    target: { text: `median run's p99 ≤ ${MAIN_LOOP_P99_TARGET_MS} ms (issue 32)`, met: loop.summary.median <= MAIN_LOOP_P99_TARGET_MS },
    notes: ['per run: the p99 of monitorEventLoopDelay in the process that runs the sessions\' wiring (ripcord: the harness, the desktop\'s main process; the peer and naive: their one host process), from the flood on screen to the prompt'],
  });
  if (runs['small-watermark'].length > 0) {
    rows.push(row(`ctrl-c-${renderer}-${flood}-wm${SMALL_WATERMARK}`, `${title}, watermark ${SMALL_WATERMARK / 1000}k`, runs['small-watermark'], [WATERMARK_NOTE]));
  }
  if (runs[PLAIN].length > 0) rows.push(row(`ctrl-c-${renderer}-${flood}-plain`, `${title}, the plain page against the peer`, runs[PLAIN], [PLAIN_NOTE]));
  if (runs[PLAIN_BRIDGE].length > 0) rows.push(row(`ctrl-c-${renderer}-${flood}-plain-bridge`, `${title}, the plain page over the bridge against the peer`, runs[PLAIN_BRIDGE], [`${PLAIN_NOTE}; here over the page's bridge (window.ripcord), as the peer`]));
  return rows;
}
