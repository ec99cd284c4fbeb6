// The Ctrl+C rows (DESIGN §9, issue 17): per renderer and flood, ripcord, the VS Code-style
// peer and the naive pipeline alternating in one browser, ripcord / peer from the same runs.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { selfTimes } from '../lib/cpu-profile';
import { traceTotals } from '../lib/trace-summary';
import { HIGH_WATERMARK_CHARS, LOW_WATERMARK_CHARS } from '../../main/core/flow-control';
import { HARNESS_SMALL_WATERMARK, RESULTS_DIR, SMALL_LOW_WATERMARK, SMALL_WATERMARK } from '../lib/paths';
import type { BrowserKind } from '../lib/pipelines';
import { alternateAll, log, ratioOf, type Plan } from '../lib/plan';
import { latencyVsPeer } from '../lib/peer-targets';
import { series, type ScenarioResult } from '../lib/report';
import type { Sample } from '../lib/stats';
import { launchBrowser, runCtrlCBrowser } from '../scenarios/ctrl-c-browser';
import { runCtrlCFloor } from '../scenarios/ctrl-c-floor';
import { PAGE_GRID, type Flood, type Renderer } from '../lib/ctrl-c-rows';
import { ABOVE_FLOOR_TARGET, timeAboveFloor } from '../lib/floor-row';
import { hopsLine, hopsNote, type HopRun } from '../lib/hops';
import type { PlainMode } from '../peer/plain';

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
/** The experiment's rows' title, after their row's own. */
export const WATERMARK_TITLE = `watermarks ${SMALL_WATERMARK / 1000}k / ${SMALL_LOW_WATERMARK / 1000}k`;
export const WATERMARK_NOTE = `watermarks ${SMALL_WATERMARK / 1000}k / ${SMALL_LOW_WATERMARK / 1000}k instead of ${HIGH_WATERMARK_CHARS / 1000}k / ${LOW_WATERMARK_CHARS / 1000}k (experiment: bench/build.mjs rebuilds the harness and its session host)`;
/** --peer-plain: the peer page's plain modes (bench/peer/plain.ts), the yardstick of the peer, by contender name. */
const PLAIN_CONTENDERS = { plain: 'socket', 'plain-bridge': 'bridge', 'plain-80x24': 'socket-80x24' } as const satisfies Record<
  string,
  PlainMode
>;
type PlainContender = keyof typeof PLAIN_CONTENDERS;
/** bash's prompt after SIGINT in a bare pty, nothing drawn: what any terminal must wait for (bench/floor/ctrl-c-floor.ts) */
const FLOOR = 'floor';
type CtrlCContender = Contender | PlainContender | typeof FLOOR;
const PLAIN_NAMES = Object.keys(PLAIN_CONTENDERS) as PlainContender[];
const isPlain = (name: CtrlCContender): name is PlainContender => Object.hasOwn(PLAIN_CONTENDERS, name);
const PLAIN_NOTES: Record<PlainContender, string> = {
  plain:
    "the plain page (bench/peer/plain.ts): xterm's defaults but the font, fitted to the same grid, no addon but the renderer, its own WebSocket with raw text frames, acks of 5 000, the host's 100k/5k",
  'plain-bridge': "the plain page over the page's bridge (window.ripcord), as the peer: the transport's share",
  'plain-80x24': "the plain page at xterm's own 80 × 24, not fitted: the grid's share",
};

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
    ripcord: plan.ctrlCRuns.ripcord,
    peer: plan.ctrlCRuns.peer,
    naive: plan.ctrlCRuns.naive,
    [FLOOR]: plan.ctrlCRuns.floor,
    'small-watermark': plan.ctrlCRuns.experiment,
    ...(Object.fromEntries(PLAIN_NAMES.map((name) => [name, plan.ctrlCRuns.plain])) as Record<PlainContender, number>),
  };
  let profiles = 0;
  const hostLoops = Object.fromEntries(Object.keys(counts).map((name) => [name, []])) as unknown as Record<CtrlCContender, Sample[]>;
  const hopRuns = Object.fromEntries(Object.keys(counts).map((name) => [name, []])) as unknown as Record<CtrlCContender, HopRun[]>;
  if (plan.profile || plan.trace) await mkdir(PROFILE_DIR, { recursive: true });
  const runs = await alternateAll(counts, async (name) => {
    if (name === FLOOR) {
      const run = await runCtrlCFloor({ renderer, flood, floodMs: plan.floodMs, timeoutMs: plan.browserTimeoutMs });
      log(
        `ctrl-c ${renderer} ${flood} floor: ${run.ms.toFixed(1)} ms${run.censored ? ' (timeout)' : ''}, ${run.charsAfterPress} chars read after the press`,
      );
      return { value: run.ms, censored: run.censored } satisfies Sample;
    }
    const stem = path.join(PROFILE_DIR, `${renderer}-${flood}-${name}-${profiles++}`);
    const profileTo = plan.profile ? `${stem}.cpuprofile` : undefined;
    const traceTo = plan.trace ? `${stem}.trace.json` : undefined;
    const options = {
      renderer,
      flood,
      floodMs: plan.floodMs,
      timeoutMs: plan.browserTimeoutMs,
      plain: isPlain(name) ? PLAIN_CONTENDERS[name] : undefined,
      profileTo,
      traceTo,
      findTerm: plan.findTerm,
    };
    const run = await runCtrlCBrowser(browser, isPlain(name) ? 'peer' : kindOf(name), options, isPlain(name) ? undefined : harnessOf(name));
    seen.add(run.renderer);
    log(
      `ctrl-c ${renderer} ${flood} ${name}: ${run.ms.toFixed(1)} ms${run.censored ? ' (timeout)' : ''} [${run.renderer}], ${run.charsAfterPress} chars in ${run.messagesAfterPress} messages after the press${run.cursorRow === undefined ? '' : `; cursor row at the end: ${JSON.stringify(run.cursorRow.slice(-60))}`}`,
    );
    if (run.hops) {
      hopRuns[name].push({ ms: run.ms, hops: run.hops });
      log(`  hops (ms after the key was sent): ${hopsLine({ ms: run.ms, hops: run.hops })}`);
    }
    if (run.trace) {
      const { busyMs, spanMs, byKind } = await traceTotals(run.trace);
      log(
        `  main thread busy ${busyMs.toFixed(1)} of ${spanMs.toFixed(1)} ms: ${byKind
          .slice(0, PROFILE_TOP)
          .map((k) => `${k.name} ${k.ms.toFixed(1)}`)
          .join(', ')}`,
      );
    }
    if (plan.profile || plan.trace) {
      const shown =
        run.arrivals.length > ARRIVALS_SHOWN
          ? [...run.arrivals.slice(0, ARRIVALS_SHOWN / 2), undefined, ...run.arrivals.slice(-ARRIVALS_SHOWN / 2)]
          : run.arrivals;
      log(`  arrivals (ms after the press: chars): ${shown.map((a) => (a ? `${a[0].toFixed(1)}:${a[1]}` : '…')).join(' ')}`);
      if (run.profile)
        for (const { name: fn, ms } of await selfTimes(run.profile, PROFILE_TOP)) log(`  ${ms.toFixed(1).padStart(7)} ms  ${fn}`);
    }
    hostLoops[name].push({ value: run.hostLoop.p99Ms, censored: false });
    return { value: run.ms, censored: run.censored } satisfies Sample;
  });
  const peer = series(runs.peer);
  const naive = series(runs.naive);
  const fellBack = renderer === 'webgl' && seen.has('dom');
  const title = `Ctrl+C → prompt, ${flood === 'yes' ? '`yes`' : 'colored'} flood, ${renderer.toUpperCase()}`;
  const hopsOf = (name: CtrlCContender): string[] => (hopRuns[name].length > 0 ? [hopsNote(name, hopRuns[name])] : []);
  const row = (id: string, rowTitle: string, ripcordRuns: Sample[], notes: string[]): ScenarioResult => {
    const ripcord = series(ripcordRuns);
    return {
      id,
      title: rowTitle,
      unit: 'ms',
      ripcord,
      peer,
      naive,
      // issue 43, item 3: `yes`/DOM is within a frame of the floor for every contender
      vsPeer: latencyVsPeer(ripcordRuns, runs.peer, renderer === 'dom' && flood === 'yes' ? 'near-floor' : 'ahead'),
      ratio: ratioOf(naive.summary.median, ripcord.summary.median),
      ratioLabel: 'naive/ripcord',
      target: { text: 'p99 ≤ 30 ms (GPU machine, §9)', met: ripcord.summary.p99IsLowerBound ? false : ripcord.summary.p99 <= 30 },
      notes,
    };
  };
  const rows = [
    row(`ctrl-c-${renderer}-${flood}`, title, runs.ripcord, [
      `the flood ran ${plan.floodMs} ms before the press; naive runs stop at ${plan.browserTimeoutMs / 1000} s (then a lower bound)`,
      ...(fellBack ? ['WebGL was requested but the page fell back to the DOM renderer in some runs'] : []),
      ...(plan.findTerm === undefined
        ? []
        : [`ripcord's and the naive page's find box open on ${JSON.stringify(plan.findTerm)} (search decorations on)`]),
      "the press: a Ctrl+C key event, timed from the moment the bench sent it — ripcord's to main's key entry (POST /key, as Electron's before-input-event hands main every key), the peer's and naive's to the page through Chromium's input (its xterm sends \"\\x03\" when the page's main thread takes the key)",
      ...hopsOf('ripcord'),
      ...hopsOf('peer'),
    ]),
  ];
  if (runs[FLOOR].length > 0) {
    const { cols, rows: gridRows } = PAGE_GRID[renderer];
    const aboveFloor = timeAboveFloor(runs.ripcord, runs[FLOOR]);
    rows.push({
      id: `ctrl-c-${renderer}-${flood}-above-floor`,
      title: `${title}: ripcord above the floor`,
      unit: 'ms',
      ripcord: series(runs.ripcord),
      floor: series(runs[FLOOR]),
      aboveFloor,
      target: { text: ABOVE_FLOOR_TARGET, met: aboveFloor.met },
      notes: [
        `the floor: bash with the pages' argv, environment and prompt in a bare ${cols} × ${gridRows} pty (the ${renderer.toUpperCase()} pages' grid), the same flood for ${plan.floodMs} ms, then "\\x03" written to the pty; from that write until the output read so far shows the prompt after the ^C, read by a host process of its own as fast as node reads, nothing drawn; alternating with the pages' runs`,
        "ripcord's and the floor's runs are independent: the differences are of their quantiles (ripcord's p95 less the floor's p95, median less median), not of per-run pairs",
        ...(hopRuns.ripcord.length > 0 ? [`ripcord's hops per run: in the notes of "${title}"`] : []),
      ],
    });
  }
  const loop = series(hostLoops.ripcord);
  rows.push({
    id: `ctrl-c-${renderer}-${flood}-main-loop`,
    title: `Main's event-loop delay p99 during the flood and the press, ${flood === 'yes' ? '`yes`' : 'colored'} flood, ${renderer.toUpperCase()}`,
    unit: 'ms',
    ripcord: loop,
    peer: series(hostLoops.peer),
    naive: series(hostLoops.naive),
    target: { text: `median run's p99 ≤ ${MAIN_LOOP_P99_TARGET_MS} ms (issue 32)`, met: loop.summary.median <= MAIN_LOOP_P99_TARGET_MS },
    notes: [
      "per run: the p99 of monitorEventLoopDelay in the process that runs the sessions' wiring (ripcord: the harness, the desktop's main process; the peer and naive: their one host process), from the flood on screen to the prompt",
    ],
  });
  if (runs['small-watermark'].length > 0) {
    rows.push(
      row(`ctrl-c-${renderer}-${flood}-wm${SMALL_WATERMARK}`, `${title}, ${WATERMARK_TITLE}`, runs['small-watermark'], [
        WATERMARK_NOTE,
        ...hopsOf('small-watermark'),
      ]),
    );
  }
  for (const name of PLAIN_NAMES) {
    if (runs[name].length > 0)
      rows.push(
        row(`ctrl-c-${renderer}-${flood}-${name}`, `${title}, ${name} / peer`, runs[name], [
          `--peer-plain: in the ripcord column ${PLAIN_NOTES[name]}; its ratio is ${name} / peer, both pressed as a key in the page`,
        ]),
      );
  }
  return rows;
}
