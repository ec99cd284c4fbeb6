// Issue #28: a program that floods the terminal with queries (cursor position, device
// attributes) as fast as it can, never reads the replies and ignores SIGINT. The outer
// terminal's replies reach ripcord cut anywhere between reads; none of them may end the
// double-press interval. Issue #40: what the host holds under the flood is bounded by design
// (DESIGN §6) and measured so — its live memory after a full collection, the flood paused
// (flood-memory.ts) — under a small and a large young generation, as machines with little and
// much memory get; the 60 s slope is the full stress run's (e2e/stress/query-flood-memory.spec.ts).
import { expect, test } from './ripcord';
import { FLOOD, floodRunning, MAX_LIVE_GROWTH_BYTES, MB, pressUntilExit, SEMI_SPACES_MB, startFloodedHost } from './flood-memory';
import { sleep } from './tmux';

/** Runs of the double press, each waiting for the exit (never for a time). */
const RUNS = 10;
/** The flood's length before the reading (the minute's slope is the stress run's). */
const FLOOD_MS = 15_000;

for (let run = 1; run <= RUNS; run++) {
  test(`run ${run}/${RUNS}: under an unthrottled DSR/DA flood that ignores SIGINT, a double Ctrl+C exits 130`, async ({ term }) => {
    const pane = await term.ripcord(FLOOD);
    await floodRunning(pane);
    await pane.keysApart('C-c', 300, 'C-c');
    expect(await pane.waitForExit()).toBe(130);
  });
}

for (const semiSpaceMb of SEMI_SPACES_MB) {
  test(`--max-semi-space-size=${semiSpaceMb}: after ${FLOOD_MS / 1000} s of the flood the host holds at most ${MAX_LIVE_GROWTH_BYTES / MB} MB more than before it, and a double Ctrl+C still exits 130`, async ({
    term,
  }, testInfo) => {
    test.setTimeout(120_000);
    const host = await startFloodedHost(term, testInfo, semiSpaceMb);
    try {
      const before = await host.liveWhilePaused();
      host.resume();
      await floodRunning(host.pane);
      await sleep(FLOOD_MS);
      const after = await host.liveWhilePaused();
      const kb = (bytes: number): string => `${Math.round(bytes / 1024)} kB`;
      const line = `semi-space ${semiSpaceMb} MB: live ${kb(before)} before the flood, ${kb(after)} after ${FLOOD_MS / 1000} s of it (+${kb(after - before)})`;
      console.log(`[query-flood] ${line}`);
      testInfo.annotations.push({ type: 'host memory', description: line });
      expect(after - before).toBeLessThanOrEqual(MAX_LIVE_GROWTH_BYTES);
      host.resume();
      // a host with a debugger attached would wait for it at its exit
      host.close();
      await floodRunning(host.pane);
      const decisions = await pressUntilExit(host.pane, testInfo.outputPath('ripcord.log'));
      expect(decisions[0]).toBe('cancel');
      expect(await host.pane.waitForExit()).toBe(130);
    } finally {
      host.close();
    }
  });
}
