// Output throughput with transcripts on vs off (issue #16: within 5 %). A real pty floods
// colored lines; the host reads them as a host does (Session.onData), with or without a
// Transcript subscribed to the same stream. Runs alternate on/off so machine load hits both.
// Beside the rate, the CPU time this process used (every thread: the writes run in libuv's
// pool) per 100 MB: on a shared machine it moves less with other load than the rate does.
//   npm run bench:transcript -- [runs=6] [megabytes=100]
// Prints one line per run and the medians; never used as a test assertion.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { nullEventLog } from '../main/platform/log/event-log';
import { spawnSession } from '../main/platform/pty/session';
import { Transcript } from '../main/platform/transcript/transcript';

const DONE = 'BENCH-TRANSCRIPT-DONE';
const MB = 1024 * 1024;
const WARM_UP_MEGABYTES = 10;
/** The same colored flood line as the throughput scenario. */
const SHELL_LINE = "yes $'\\e[31mred \\e[32mgreen \\e[33myellow \\e[34mblue \\e[35mmagenta \\e[36mcyan \\e[1;37mbold\\e[0m plain'";

interface Run {
  rate: number;
  cpuMsPer100Mb: number;
}

async function floodOnce(megabytes: number, transcriptRoot: string | undefined): Promise<Run> {
  const script = `${SHELL_LINE} | head -c ${megabytes * MB}; echo ${DONE}`;
  const spawned = await spawnSession({ file: '/bin/bash', args: ['-c', script], cols: 120, rows: 40 });
  if (!spawned.ok) throw new Error(spawned.error);
  const { value: session } = spawned;
  const transcript = transcriptRoot
    ? new Transcript({ root: transcriptRoot, cols: 120, rows: 40, command: 'bench', log: nullEventLog })
    : undefined;
  transcript?.begin();
  let chars = 0;
  let tail = '';
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await new Promise<void>((resolve) => {
    session.onData((data) => {
      transcript?.output(data);
      chars += data.length;
      tail = (tail + data).slice(-64);
      if (tail.includes(DONE)) resolve();
    });
    session.onExit(() => resolve());
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  transcript?.dispose();
  session.dispose();
  return { rate: chars / MB / seconds, cpuMsPer100Mb: ((cpu.user + cpu.system) / 1000) * ((100 * MB) / chars) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 6);
  const megabytes = Number(process.argv[3] ?? 100);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-transcript-'));
  const on: Run[] = [];
  const off: Run[] = [];
  try {
    // not counted: the first run of each mode pays for compiling its code and first file creations
    for (const root of [undefined, path.join(dir, 'transcripts')]) await floodOnce(WARM_UP_MEGABYTES, root);
    for (let i = 0; i < runs; i++) {
      const first = i % 2 === 0 ? 'off' : 'on';
      for (const mode of [first, first === 'on' ? 'off' : 'on'] as const) {
        const run = await floodOnce(megabytes, mode === 'on' ? path.join(dir, 'transcripts') : undefined);
        (mode === 'on' ? on : off).push(run);
        console.log(`run ${i + 1} transcripts ${mode}: ${run.rate.toFixed(1)} MB/s, CPU ${run.cpuMsPer100Mb.toFixed(0)} ms per 100 MB`);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const rate = (runs: Run[]): number => median(runs.map((r) => r.rate));
  const cpu = (runs: Run[]): number => median(runs.map((r) => r.cpuMsPer100Mb));
  console.log(
    `median: transcripts off ${rate(off).toFixed(1)} MB/s, on ${rate(on).toFixed(1)} MB/s — on/off ${((rate(on) / rate(off)) * 100).toFixed(1)} %`,
  );
  console.log(
    `median CPU per 100 MB: off ${cpu(off).toFixed(0)} ms, on ${cpu(on).toFixed(0)} ms — on/off ${((cpu(on) / cpu(off)) * 100).toFixed(1)} %`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
