// Measures what an idle pane costs (issue #33): the window's memory with one pane, then with
// PANES more idle ones (each a bash at its prompt in its own session), per process — main (the
// harness standing for Electron's main process), the session host, the page's JS heap — and
// what each pane's session adds in processes. Reports numbers; asserts nothing.
//
//   npm run bench:panes [-- PANES (default 16)]
import os from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { readProcStatus } from '../../main/platform/processes/proc-files';
import { harnessStats, openTerminal, PROMPT, sessionProcesses, startHarness, stopHarness, waitFor } from '../browser/harness-fixture';

const BROWSER = process.env.RIPCORD_BROWSER ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** Bound on one tab's prompt. */
const PROMPT_TIMEOUT_MS = 20_000;
/** The memory is read after the last prompt has been quiet this long (the page's and the host's caches settle). */
const SETTLE_MS = 2_000;

interface Footprint {
  mainKb: number;
  hostKb: number;
  pageHeapKb: number;
  sessionProcesses: number;
  sessionKb: number;
}

async function focusedPrompt(page: Page): Promise<void> {
  await page.waitForFunction(
    (prompt) => {
      const state = window.__ripcordHarness;
      const view = state?.layout && window.__ripcordTestPane?.(state.layout.focused);
      const cursor = view?.cursor();
      return view !== undefined && cursor !== undefined && view.screen()[cursor.y]?.trimEnd() === prompt.trimEnd();
    },
    PROMPT,
    { timeout: PROMPT_TIMEOUT_MS, polling: 50 },
  );
}

async function footprint(page: Page, harness: Awaited<ReturnType<typeof startHarness>>): Promise<Footprint> {
  await page.waitForTimeout(SETTLE_MS);
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const heap = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
  await session.detach();
  const stats = await harnessStats(harness);
  const pids = await sessionProcesses(harness.marker);
  const sessionKb = (await Promise.all(pids.map(async (pid) => (await readProcStatus(pid))?.rssKb ?? 0))).reduce((sum, kb) => sum + kb, 0);
  return {
    mainKb: Math.round(stats.memory.rss / 1024),
    hostKb: (await readProcStatus(harness.hostPid))?.rssKb ?? 0,
    pageHeapKb: Math.round(heap.usedSize / 1024),
    sessionProcesses: pids.length,
    sessionKb,
  };
}

async function main(): Promise<void> {
  const panes = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 16);
  const browser = await chromium.launch({ executablePath: BROWSER, args: ARGS });
  const harness = await startHarness();
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    await openTerminal(page, harness, 'dom');
    await focusedPrompt(page);
    const one = await footprint(page, harness);
    for (let i = 0; i < panes; i++) {
      const before = (await page.evaluate(() => window.__ripcordHarness?.layout?.tabs.length)) ?? 0;
      await page.keyboard.press('Control+Shift+T');
      await waitFor('a new tab', PROMPT_TIMEOUT_MS, async () =>
        (await page.evaluate(() => window.__ripcordHarness?.layout?.tabs.length)) === before + 1 ? true : undefined,
      );
      await focusedPrompt(page);
    }
    const many = await footprint(page, harness);
    const per = (key: keyof Footprint): string => ((many[key] - one[key]) / panes).toFixed(key === 'sessionProcesses' ? 1 : 0);
    console.log(
      `one pane: main ${one.mainKb} kB, session host ${one.hostKb} kB, page JS heap ${one.pageHeapKb} kB, ${one.sessionProcesses} session process(es)`,
    );
    console.log(
      `${panes + 1} panes: main ${many.mainKb} kB, session host ${many.hostKb} kB, page JS heap ${many.pageHeapKb} kB, ${many.sessionProcesses} session process(es)`,
    );
    console.log(
      `per idle pane: main ${per('mainKb')} kB, session host ${per('hostKb')} kB, page JS heap ${per('pageHeapKb')} kB, ${per('sessionProcesses')} session process(es) of ${per('sessionKb')} kB (resident sets; a bash at its prompt each)`,
    );
    console.log(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await page.close();
    await stopHarness(harness);
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
