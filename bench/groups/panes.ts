// The panes rows (issue #33): per renderer, ripcord's window of four panes against the
// VS Code-style peer's four terminals in one pty host, alternating in one browser; three panes
// flood, the fourth takes a Ctrl+C and then typed keys. ripcord / peer from the same runs, with
// what the flooding panes drew meanwhile: ripcord paces them (paceBackgroundPanes), the peer
// does not, so the rows show the trade; --panes-unpaced adds ripcord with the pacing off.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { selfTimes } from '../lib/cpu-profile';
import { RESULTS_DIR } from '../lib/paths';
import { alternateAll, log, ratioOf, type Plan } from '../lib/plan';
import { latencyVsPeer } from '../lib/peer-targets';
import { series, type ScenarioResult } from '../lib/report';
import type { Sample } from '../lib/stats';
import { launchBrowser } from '../scenarios/ctrl-c-browser';
import type { Renderer } from '../lib/ctrl-c-rows';
import { PANES, runPanesBrowser, type PanesContender, type PanesRun } from '../scenarios/panes-browser';

/** The issue's flood for the three busy panes. */
const FLOOD = 'color';
const PROFILE_DIR = path.join(RESULTS_DIR, 'profiles');
/** Functions listed per profiled run. */
const PROFILE_TOP = 12;
/** Issue #32's target for the desktop's main thread, here with three sessions flooding. */
const MAIN_LOOP_P99_TARGET_MS = 20;

export async function benchPanes(plan: Plan): Promise<ScenarioResult[]> {
  const browser: Browser = await launchBrowser();
  try {
    const results: ScenarioResult[] = [];
    for (const renderer of plan.renderers) results.push(...(await panesScenario(browser, plan, renderer)));
    return results;
  } finally {
    await browser.close();
  }
}

async function panesScenario(browser: Browser, plan: Plan, renderer: Renderer): Promise<ScenarioResult[]> {
  if (plan.profile) await mkdir(PROFILE_DIR, { recursive: true });
  let profiles = 0;
  const runs = await alternateAll<PanesContender, PanesRun>(
    { ripcord: plan.panesRuns, 'ripcord-unpaced': plan.panesUnpaced ? plan.panesRuns : 0, peer: plan.panesRuns },
    async (kind) => {
      const profileTo = plan.profile ? path.join(PROFILE_DIR, `panes-${renderer}-${kind}-${profiles++}.cpuprofile`) : undefined;
      const run = await runPanesBrowser(browser, kind, {
        renderer,
        flood: FLOOD,
        floodMs: plan.floodMs,
        timeoutMs: plan.browserTimeoutMs,
        keys: plan.panesKeys,
        profileTo,
      });
      const echoes = run.echoes.map((e) => e.ms.toFixed(0)).join(' ');
      log(
        `panes ${renderer} ${kind}: Ctrl+C → prompt ${run.ctrlC.ms.toFixed(1)} ms${run.ctrlC.censored ? ' (timeout)' : ''} [${run.renderer}], echoes ${echoes} ms, main's loop p99 ${run.hostLoop.p99Ms.toFixed(1)} ms, the floods drew ${run.backgroundMbPerSecond.toFixed(2)} MB/s`,
      );
      log(
        `  the pane's output after the press (ms: chars): ${run.ctrlC.arrivals.map(([ms, chars]) => `${ms.toFixed(1)}:${chars}`).join(' ')}`,
      );
      if (profileTo)
        for (const { name: fn, ms } of await selfTimes(profileTo, PROFILE_TOP)) log(`  ${ms.toFixed(1).padStart(7)} ms  ${fn}`);
      return run;
    },
  );
  const ctrlC = (kind: PanesContender): Sample[] => runs[kind].map((r) => ({ value: r.ctrlC.ms, censored: r.ctrlC.censored }));
  const echoes = (kind: PanesContender): Sample[] =>
    runs[kind].flatMap((r) => r.echoes.map((e) => ({ value: e.ms, censored: e.censored })));
  const loops = (kind: PanesContender): Sample[] => runs[kind].map((r) => ({ value: r.hostLoop.p99Ms }));
  const drawn = (kind: PanesContender): Sample[] => runs[kind].map((r) => ({ value: r.backgroundMbPerSecond }));
  const where = `${PANES} panes in one window (ripcord: its window split into a 2 × 2 grid by the window keys, a session per pane; the peer: ${PANES} terminals in a grid, ${PANES} ptys in one host), ${PANES - 1} flooding the colored flood for ${plan.floodMs} ms before the press`;
  const latencyRow = (id: string, title: string, ripcord: Sample[], peer: Sample[], note: string): ScenarioResult => ({
    id,
    title,
    unit: 'ms',
    ripcord: series(ripcord),
    peer: series(peer),
    vsPeer: latencyVsPeer(ripcord, peer, 'issue-17'),
    notes: [where, note],
  });
  const loop = series(loops('ripcord'));
  const name = renderer.toUpperCase();
  const ctrlCNote = `the 4th pane runs \`sleep\`; timed from the moment the bench sent a Ctrl+C key event (ripcord: to main's key entry, which gives it to the focused pane; the peer: to the page, whose focused xterm sends "\\x03") to its prompt on the pane's screen`;
  const echoNote = `${plan.panesKeys} keys per run at the prompt the press brought back, each as the pane's input once the one before was on screen, timed to its echo on the pane's screen; all runs' keys pooled`;
  const drawnRow = (kind: 'ripcord' | 'ripcord-unpaced', suffix: string): ScenarioResult => {
    const ripcord = series(drawn(kind));
    const peer = series(drawn('peer'));
    return {
      id: `panes-${renderer}-drawn${suffix}`,
      title: `Panes: what the 3 flooding panes drew meanwhile${suffix ? ', ripcord unpaced' : ''}, ${name}`,
      unit: 'MB/s',
      ripcord,
      peer,
      ratio: ratioOf(ripcord.summary.median, peer.summary.median),
      ratioLabel: 'ripcord/peer',
      notes: [
        where,
        "per run: the chars the three flooding panes' xterms parsed from the press to the last echo, together, per second of that time — the work the measured pane shared the page with",
      ],
    };
  };
  const unpaced = plan.panesUnpaced
    ? [
        latencyRow(
          `panes-${renderer}-ctrl-c-unpaced`,
          `Panes: Ctrl+C → prompt in the 4th of ${PANES} panes, 3 flooding, ripcord unpaced, ${name}`,
          ctrlC('ripcord-unpaced'),
          ctrlC('peer'),
          `${ctrlCNote}; ripcord with paceBackgroundPanes off`,
        ),
        latencyRow(
          `panes-${renderer}-echo-unpaced`,
          `Panes: key → its echo in the 4th of ${PANES} panes, 3 flooding, ripcord unpaced, ${name}`,
          echoes('ripcord-unpaced'),
          echoes('peer'),
          `${echoNote}; ripcord with paceBackgroundPanes off`,
        ),
        drawnRow('ripcord-unpaced', '-unpaced'),
      ]
    : [];
  return [
    latencyRow(
      `panes-${renderer}-ctrl-c`,
      `Panes: Ctrl+C → prompt in the 4th of ${PANES} panes, 3 flooding, ${name}`,
      ctrlC('ripcord'),
      ctrlC('peer'),
      ctrlCNote,
    ),
    latencyRow(
      `panes-${renderer}-echo`,
      `Panes: key → its echo in the 4th of ${PANES} panes, 3 flooding, ${name}`,
      echoes('ripcord'),
      echoes('peer'),
      echoNote,
    ),
    drawnRow('ripcord', ''),
    ...unpaced,
    {
      id: `panes-${renderer}-main-loop`,
      title: `Panes: main's event-loop delay p99, 3 of ${PANES} panes flooding, ${name}`,
      unit: 'ms',
      ripcord: loop,
      peer: series(loops('peer')),
      target: { text: `median run's p99 ≤ ${MAIN_LOOP_P99_TARGET_MS} ms (issue 32)`, met: loop.summary.median <= MAIN_LOOP_P99_TARGET_MS },
      notes: [
        "per run: the p99 of monitorEventLoopDelay in the process that runs the sessions' wiring (ripcord: the harness, the desktop's main process; the peer: its one host process), from the floods on screen to the last echo",
      ],
    },
  ];
}
