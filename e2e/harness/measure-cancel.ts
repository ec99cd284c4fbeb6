// Measures Ctrl+C → shell prompt back while the program floods colored output (DESIGN §9),
// in Chromium through the browser harness, with the WebGL and the DOM renderer. Reports
// numbers; asserts nothing (timings are a benchmark's job, never a test's).
//
//   npm run bench:cancel [-- RUNS_PER_RENDERER (default 20)] [--gpu-compositing]
//
// --gpu-compositing leaves out --disable-gpu: Chromium then composites in its GPU process
// (SwiftShader here) as a desktop Electron with a GPU does, instead of reading every WebGL frame
// back on the page's main thread (docs/benchmarks.md#interrupt-under-a-flood).
//
// The press goes to the harness's main from outside the page (POST /key), as Electron hands main
// every key first, and each time is taken from the moment this script sent it
// (bench/scenarios/prompt-watch.ts): main had the key, main done with it, main's hold and the
// host's hint in the page, the ^C echo (the host's cancel past the pty), the prompt parsed, and
// the frame after.
import os from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { hopsLine, hopsNote } from '../../bench/lib/hops';
import { measureCtrlC, type CtrlCHops, type Measured } from '../../bench/scenarios/prompt-watch';
import { type Harness, openTerminal, PROMPT, run, startHarness, stopHarness, waitForPrompt, waitForRow } from '../browser/harness-fixture';

const BROWSER = process.env.RIPCORD_BROWSER ?? '/usr/bin/chromium';
const GPU_COMPOSITING = process.argv.includes('--gpu-compositing');
const ARGS = [
  '--no-sandbox',
  ...(GPU_COMPOSITING ? [] : ['--disable-gpu']),
  '--disable-background-networking',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
/** Red/green/blue SGR on every line: the renderers' worst everyday case. */
const COLORED_FLOOD = `yes "$(printf '\\e[1;31mERROR\\e[0;32m ok \\e[34m%s\\e[0m' 0123456789abcdef)"`;
/** Long enough that the pipeline is saturated when the key comes. */
const FLOOD_BEFORE_PRESS_MS = 1_000;
/** More than the double-press interval, so every press is a first press. */
const BETWEEN_RUNS_MS = 1_200;
/** A run that takes longer than this is reported as a failure, not waited for. */
const PROMPT_TIMEOUT_MS = 30_000;
/** The window's one pane. */
const PANE = '1';

type Sample = Measured & { hops: CtrlCHops };

async function measureOnce(page: Page, harness: Harness): Promise<Sample> {
  await run(page, COLORED_FLOOD);
  await waitForRow(page, /^ERROR ok 0123456789abcdef$/);
  await page.waitForTimeout(FLOOD_BEFORE_PRESS_MS);
  const sample = await measureCtrlC(page, { pane: PANE, prompt: PROMPT, timeoutMs: PROMPT_TIMEOUT_MS, press: { main: harness } });
  if (sample.censored || !sample.hops)
    throw new Error(`no prompt within ${PROMPT_TIMEOUT_MS} ms; cursor row: ${JSON.stringify(sample.cursorRow)}`);
  await waitForPrompt(page);
  await page.waitForTimeout(BETWEEN_RUNS_MS);
  return { ...sample, hops: sample.hops };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(1);
  return `p50 ${f(percentile(sorted, 50))}  p90 ${f(percentile(sorted, 90))}  p99 ${f(percentile(sorted, 99))}  max ${f(sorted.at(-1) ?? NaN)} ms`;
}

async function main(): Promise<void> {
  const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 20);
  const browser = await chromium.launch({ executablePath: BROWSER, args: ARGS });
  try {
    for (const renderer of ['webgl', 'dom'] as const) {
      const harness = await startHarness();
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      try {
        await openTerminal(page, harness, renderer);
        const actual = await page.evaluate(() => window.__ripcordTest?.renderer());
        const samples: Sample[] = [];
        for (let i = 0; i < runs; i++) {
          samples.push(await measureOnce(page, harness));
          process.stderr.write(`${renderer} run ${i + 1}: ${hopsLine(samples.at(-1) as Sample)}\n`);
        }
        console.log(
          `${renderer} (actual renderer: ${actual}, ${GPU_COMPOSITING ? 'GPU' : 'software'} compositing), ${runs} runs, colored flood; from the key sent to main:`,
        );
        // main done with it, main's hold, the ^C and the hint in the page, the prompt parsed and painted
        console.log(`  ${hopsNote('ripcord', samples)}`);
        console.log(`  → prompt parsed:         ${summary(samples.map((s) => s.ms))}`);
        console.log(`  → prompt painted:        ${summary(samples.map((s) => s.hops.painted))}`);
        console.log(`  samples (painted): ${samples.map((s) => s.hops.painted.toFixed(0)).join(' ')}`);
        console.log(
          `  output chars reaching the page between key and prompt: ${summary(samples.map((s) => s.charsAfterPress)).replaceAll(' ms', '')}`,
        );
        console.log(
          `  load average: ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}`,
        );
      } finally {
        await page.close();
        await stopHarness(harness);
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
