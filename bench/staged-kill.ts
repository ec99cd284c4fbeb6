// Measures the hostile-tree staged kill the way the app runs it: through the reaper, at the exit
// path's kill (killAll), read back from the reaper's log.
//   npm run bench:kill -- [runs=10] [killGraceMs=2000]
// Prints one line per run and the median; never used as a test assertion.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ReaperClient } from '../main/platform/reaper-client/reaper-client';
import { reaperSessionDead } from '../main/platform/reaper-client/reaper.test-support';
import { LinuxProcessTable } from '../main/platform/processes/process-tree';
import {
  killMarked,
  markedProcesses,
  newMarker,
  startHostileSession,
  waitFor,
  waitHostileTreeUp,
} from '../main/platform/processes/processes.test-support';

/** A run that has not finished by then is reported as failed rather than waited for. */
const RUN_TIMEOUT_MS = 30_000;

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 10);
  const killGraceMs = Number(process.argv[3] ?? 2_000);
  const script = process.env.RIPCORD_REAPER_SCRIPT ?? path.join(process.cwd(), 'dist', 'reaper.js');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-'));
  const logFile = path.join(dir, 'reaper.log');
  const reaper = ReaperClient.start({ killGraceMs, script, logFile });
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const marker = newMarker();
      const session = await startHostileSession(marker, dir);
      reaper.register(session.pid, session.startTime);
      if (!(await waitHostileTreeUp(marker))) throw new Error('hostile tree did not come up');
      const t0 = performance.now();
      reaper.killAll();
      const report = await reaperSessionDead(logFile, session.pid, RUN_TIMEOUT_MS);
      const wall = performance.now() - t0;
      const left = (await markedProcesses(marker)).length;
      session.dispose();
      await killMarked(marker);
      if (!report) throw new Error(`run ${i + 1}: no report from the reaper`);
      const ms = Number(report.ms ?? wall);
      times.push(ms);
      console.log(
        `run ${i + 1}: reaper ${ms} ms (host saw ${Math.round(wall)} ms), died by HUP ${String(report.HUP)}, TERM ${String(report.TERM)}, KILL ${String(report.KILL)}, exited unsignalled ${String(report.exitedUnsignalled)}, survivors ${String(report.survivors)}, marked left in /proc ${left}`,
      );
    }
  } finally {
    reaper.dispose();
    // the reaper appends its last log lines on the way out; let it finish before removing its directory
    const table = new LinuxProcessTable();
    await waitFor(async () => (await table.lookup(reaper.pid)) === undefined, 5_000, 50);
    await rm(dir, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  console.log(`median of ${runs} runs: ${median} ms (killGraceMs ${killGraceMs})`);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
