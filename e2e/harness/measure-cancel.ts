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
// "parsed": key press → xterm has parsed the prompt; "painted": the next animation frame
// after that (the frame that shows it). Both are taken in the page with performance.now().
import os from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { openTerminal, run, startHarness, stopHarness, waitForPrompt, waitForRow } from '../browser/harness-fixture';

const BROWSER = process.env.RIPCORD_BROWSER ?? '/usr/bin/chromium';
const GPU_COMPOSITING = process.argv.includes('--gpu-compositing');
const ARGS = ['--no-sandbox', ...(GPU_COMPOSITING ? [] : ['--disable-gpu']), '--disable-background-networking', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
/** Red/green/blue SGR on every line: the renderers' worst everyday case. */
const COLORED_FLOOD = `yes "$(printf '\\e[1;31mERROR\\e[0;32m ok \\e[34m%s\\e[0m' 0123456789abcdef)"`;
/** Long enough that the pipeline is saturated when the key comes. */
const FLOOD_BEFORE_PRESS_MS = 1_000;
/** More than the double-press window, so every press is a first press. */
const BETWEEN_RUNS_MS = 1_200;
/** A run that takes longer than this is reported as a failure, not waited for. */
const PROMPT_TIMEOUT_MS = 30_000;

interface Sample {
  /** the host's hint (sent when it decided "cancel") reached the page */
  hint: number;
  /** the echoed ^C reached the page: the pty is past the interrupt */
  echo: number;
  parsed: number;
  painted: number;
  /** output chars that reached the page between the key press and the ^C */
  charsBeforeEcho: number;
}

declare global {
  interface Window {
    __ripcordMeasure?: Promise<Sample>;
    __ripcordPress?: () => void;
  }
}

async function measureOnce(page: Page): Promise<Sample> {
  await run(page, COLORED_FLOOD);
  await waitForRow(page, /^ERROR ok 0123456789abcdef$/);
  await page.waitForTimeout(FLOOD_BEFORE_PRESS_MS);
  // Armed in one round trip, pressed in another and read in a third, so the press cannot overtake the arming.
  await page.evaluate(
    ({ prompt, timeoutMs }) => {
      const view = window.__ripcordTest;
      if (!view) throw new Error('no test view');
      window.__ripcordMeasure = new Promise<Sample>((resolve, reject) => {
        let pressedAt: number | undefined;
        let hint = NaN;
        let echo = NaN;
        let chars = 0;
        // The press from the page's side: a Ctrl+C key event on the focused element, which the
        // harness's page hands to the host's key entry and keeps from the page (as main does in
        // the desktop), so no listener of the page sees it; its time is taken right before it.
        window.__ripcordPress = () => {
          pressedAt = performance.now();
          (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'c', code: 'KeyC', ctrlKey: true, bubbles: true, cancelable: true }));
        };
        const stopHint = window.ripcord.onHint((_pane, state) => {
          if (pressedAt !== undefined && state.visible && Number.isNaN(hint)) hint = performance.now() - pressedAt;
        });
        const stopData = window.ripcord.onData((_pane, data) => {
          if (pressedAt === undefined || !Number.isNaN(echo)) return;
          if (data.includes('^C')) echo = performance.now() - pressedAt;
          else chars += data.length;
        });
        const timer = setTimeout(() => reject(new Error(`no prompt within ${timeoutMs} ms; screen:\n${view.screen().join('\n')}`)), timeoutMs);
        const stop = view.onWriteParsed(() => {
          if (pressedAt === undefined) return;
          const cursor = view.cursor();
          if (view.screen()[cursor.y]?.trimEnd() !== prompt.trimEnd() || cursor.x !== prompt.length) return;
          stop();
          stopHint();
          stopData();
          clearTimeout(timer);
          const parsed = performance.now() - pressedAt;
          const start = pressedAt;
          requestAnimationFrame(() => resolve({ hint, echo, parsed, painted: performance.now() - start, charsBeforeEcho: chars }));
        });
      });
    },
    { prompt: 'e2e$ ', timeoutMs: PROMPT_TIMEOUT_MS },
  );
  await page.evaluate(() => window.__ripcordPress?.());
  const sample = await page.evaluate(() => window.__ripcordMeasure as Promise<Sample>);
  await waitForPrompt(page);
  await page.waitForTimeout(BETWEEN_RUNS_MS);
  return sample;
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
          samples.push(await measureOnce(page));
          process.stderr.write(`${renderer} run ${i + 1}: ${JSON.stringify(samples.at(-1))}\n`);
        }
        console.log(`${renderer} (actual renderer: ${actual}, ${GPU_COMPOSITING ? 'GPU' : 'software'} compositing), ${runs} runs, colored flood`);
        console.log(`  Ctrl+C → hint in page:   ${summary(samples.map((s) => s.hint))}`);
        console.log(`  Ctrl+C → ^C in page:     ${summary(samples.map((s) => s.echo))}`);
        console.log(`  Ctrl+C → prompt parsed:  ${summary(samples.map((s) => s.parsed))}`);
        console.log(`  Ctrl+C → prompt painted: ${summary(samples.map((s) => s.painted))}`);
        console.log(`  samples (painted): ${samples.map((s) => s.painted.toFixed(0)).join(' ')}`);
        console.log(`  output chars reaching the page between key and ^C: ${summary(samples.map((s) => s.charsBeforeEcho)).replaceAll(' ms', '')}`);
        console.log(`  load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
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
