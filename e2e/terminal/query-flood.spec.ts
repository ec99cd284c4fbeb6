// Issue #28: a program that floods the terminal with queries (cursor position, device
// attributes) as fast as it can, never reads the replies and ignores SIGINT. The outer
// terminal's replies reach ripcord cut anywhere between reads; none of them may end the
// double-press window, and the replies waiting for the program may not grow the host.
import path from 'node:path';
import { readProcStatus } from '../../main/platform/processes/proc-files';
import { expect, FIXTURES, test } from './ripcord';
import { sleep, type TmuxPane } from './tmux';

const FLOOD = ['python3', path.join(FIXTURES, 'query-flood.py'), 'ignore-int'];
/** Runs of the double press, each waiting for the exit (never for a time). */
const RUNS = 10;
/** How long the memory test lets the flood run, and its bound on the host's growth. */
const FLOOD_MS = 15_000;
const MAX_GROWTH_KB = 50 * 1024;
const SAMPLE_MS = 1_000;

/** The flood is on once the program's terminal echoes replies that went through ripcord. */
async function floodRunning(pane: TmuxPane): Promise<void> {
  await pane.waitForScreen('the echoed replies of the flood', (screen) => /\^\[\[\d+;\d+R/.test(screen));
}

/**
 * The host's own memory: its resident set less the file pages it maps (VmRSS − RssFile), as the
 * bench's memory row counts it. The transcript is a mapped file whose pages are the page
 * cache's, and they fill as the flood's output is recorded.
 */
async function residentKb(pid: number): Promise<number> {
  const status = await readProcStatus(pid);
  if (status?.rssKb === undefined || status.rssFileKb === undefined) throw new Error(`no VmRSS or RssFile for ${pid}`);
  return status.rssKb - status.rssFileKb;
}

for (let run = 1; run <= RUNS; run++) {
  test(`run ${run}/${RUNS}: under an unthrottled DSR/DA flood that ignores SIGINT, a double Ctrl+C exits 130`, async ({ term }) => {
    const pane = await term.ripcord(FLOOD);
    await floodRunning(pane);
    await pane.keysApart('C-c', 300, 'C-c');
    expect(await pane.waitForExit()).toBe(130);
  });
}

test(`the host grows at most ${MAX_GROWTH_KB / 1024} MB over ${FLOOD_MS / 1000} s of the flood, and a double Ctrl+C still exits 130`, async ({ term }) => {
  const pane = await term.ripcord(FLOOD);
  const host = await pane.pid();
  await floodRunning(pane);
  const first = await residentKb(host);
  let most = first;
  for (let waited = 0; waited < FLOOD_MS; waited += SAMPLE_MS) {
    await sleep(SAMPLE_MS);
    most = Math.max(most, await residentKb(host));
  }
  test.info().annotations.push({ type: 'host memory', description: `${first} kB at the flood's start, at most ${most} kB in ${FLOOD_MS / 1000} s (+${most - first} kB)` });
  expect(most - first).toBeLessThanOrEqual(MAX_GROWTH_KB);
  await pane.keysApart('C-c', 300, 'C-c');
  expect(await pane.waitForExit()).toBe(130);
});
