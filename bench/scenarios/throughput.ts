// DESIGN §9, fourth number: throughput pty → parsed screen, and the host's memory growth,
// over the same colored flood. The screen is @xterm/headless in the bench process, fed over
// the harness WebSocket and acknowledging as the renderer does (every ACK_EVERY_CHARS parsed);
// the reference is the same headless parser fed the same bytes directly, with no pipeline.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Terminal } from '@xterm/headless';
import { IpcChannel } from '../../contracts/renderer';
import type { HostMessage, PageMessage } from '../../e2e/harness/harness-socket';
import { ACK_EVERY_CHARS } from '../../main/core/flow-control';
import { openPageSockets, startBrowserPipeline, type BrowserKind } from '../lib/pipelines';
import { cpuMs, newMarker, residentBytes } from '../lib/processes';

/** One line of the colored flood, as the pty delivers it (onlcr turns \n into \r\n). */
const FLOOD_LINE = '\x1b[31mred \x1b[32mgreen \x1b[33myellow \x1b[34mblue \x1b[35mmagenta \x1b[36mcyan \x1b[1;37mbold\x1b[0m plain';
const SHELL_LINE = "yes $'\\e[31mred \\e[32mgreen \\e[33myellow \\e[34mblue \\e[35mmagenta \\e[36mcyan \\e[1;37mbold\\e[0m plain'";
const DONE = 'BENCH-FLOOD-DONE';
const COLS = 120;
const ROWS = 40;
const SAMPLE_MS = 200;
/** The naive host has no bound; past this growth the run stops rather than exhaust the machine. */
export const MEMORY_ABORT_BYTES = 1536 * 1024 * 1024;
const MB = 1024 * 1024;
/** Reference parse: queued at a time (xterm's own limit is 50 M chars; it parses in slices anyway). */
const REFERENCE_PENDING_CHARS = 4 * MB;

export interface ThroughputRun {
  /** chars parsed by the screen (ASCII: bytes) */
  bytes: number;
  mbPerSecond: number;
  hostRssStartMb: number;
  /** peak growth of the resident set less mapped file pages: the host's own memory */
  hostGrowthMb: number;
  /** peak growth of the whole resident set (VmRSS), and of its mapped file pages (RssFile) */
  hostRssGrowthMb: number;
  hostFileGrowthMb: number;
  /** CPU the host used per 100 MB parsed (ms), from the connection to the end: its cost per byte */
  hostCpuMsPer100Mb: number;
  /** why the run ended before all bytes were parsed, if it did */
  stopped?: string;
}

function newScreen(): Terminal {
  return new Terminal({ cols: COLS, rows: ROWS, scrollback: 10_000, allowProposedApi: true });
}

/** The headless parser alone on `bytes` of the flood, in chunks of `chunkChars`: MB/s. */
export async function referenceParseRate(bytes: number, chunkChars: number): Promise<number> {
  const line = `${FLOOD_LINE}\r\n`;
  const chunk = line.repeat(Math.max(1, Math.round(chunkChars / line.length)));
  const screen = newScreen();
  const chunks = Math.ceil(bytes / chunk.length);
  // xterm discards writes past 50 M pending chars: keep about REFERENCE_PENDING_CHARS queued.
  const batch = Math.max(1, Math.floor(REFERENCE_PENDING_CHARS / chunk.length));
  const t0 = performance.now();
  for (let i = 0; i < chunks; i += batch) {
    const last = Math.min(chunks, i + batch);
    await new Promise<void>((resolve) => {
      for (let j = i; j < last; j++) screen.write(chunk, j === last - 1 ? resolve : undefined);
    });
  }
  const seconds = (performance.now() - t0) / 1000;
  screen.dispose();
  return (chunks * chunk.length) / MB / seconds;
}

/** `bytes` of the flood through a pipeline into a headless screen that acks like the renderer. */
/** ripcord only: another harness bundle (experiments) or settings beside the defaults. */
export interface ThroughputOptions {
  harnessScript?: string;
  settings?: Record<string, unknown>;
}

export async function runThroughput(
  kind: BrowserKind,
  bytes: number,
  options: ThroughputOptions = {},
): Promise<ThroughputRun & { meanChunkChars: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-flood-'));
  const command = ['/bin/bash', '-c', `${SHELL_LINE} | head -c ${bytes}; echo; echo ${DONE}; exec sleep 1000`];
  const pipeline = await startBrowserPipeline(kind, { dir, marker: newMarker(), command, ...options });
  const screen = newScreen();
  // the host's own memory: resident, less the file pages it maps (the transcript's file is the
  // page cache's, as a written file's pages are); both counted, the file pages apart
  const own = (m: { rss: number; file: number }): number => m.rss - m.file;
  let start = (await residentBytes(pipeline.pids)) ?? { rss: 0, file: 0 };
  let cpuStart = 0;
  let ownMax = own(start);
  let rssMax = start.rss;
  let fileMax = start.file;
  const sample = (m: { rss: number; file: number } | undefined): void => {
    if (!m) return;
    ownMax = Math.max(ownMax, own(m));
    rssMax = Math.max(rssMax, m.rss);
    fileMax = Math.max(fileMax, m.file);
  };
  let parsed = 0;
  let chunks = 0;
  let first: number | undefined;
  let last = 0;
  const sampler = setInterval(() => {
    void residentBytes(pipeline.pids).then(sample);
  }, SAMPLE_MS);
  const sockets = openPageSockets(pipeline);
  const ws = sockets.screen;
  let guard: NodeJS.Timeout | undefined;
  try {
    const stopped = await new Promise<string | undefined>((resolve, reject) => {
      let unacked = 0;
      let tail = '';
      guard = setInterval(() => {
        if (ownMax - own(start) > MEMORY_ABORT_BYTES) resolve(`host memory grew past ${MEMORY_ABORT_BYTES / MB} MB`);
      }, SAMPLE_MS);
      const bothOpen = Promise.all([sockets.main, sockets.screen].map((socket) => new Promise((opened) => socket.once('open', opened))));
      void bothOpen.then(() => {
        void residentBytes(pipeline.pids)
          .then((m) => {
            start = m ?? start;
            sample(start);
            return cpuMs(pipeline.pids);
          })
          .then((cpu) => {
            cpuStart = cpu ?? 0;
            sockets.main.send(JSON.stringify({ channel: IpcChannel.resize, args: ['1', COLS, ROWS] } satisfies PageMessage));
          });
      });
      for (const socket of [sockets.main, sockets.screen]) {
        socket.on('error', reject);
        socket.on('close', () => resolve('the pipeline closed the connection'));
      }
      ws.on('message', (raw: Buffer) => {
        const message = JSON.parse(raw.toString()) as HostMessage;
        if (message.channel !== IpcChannel.data) return;
        const data = message.args[1];
        first ??= performance.now();
        chunks++;
        try {
          screen.write(data, onParsed);
        } catch (error) {
          // xterm throws once 50 M chars wait unparsed: what no flow control leads to.
          resolve(`the screen overflowed and discarded output (${String(error)})`);
        }
        function onParsed(): void {
          parsed += data.length;
          last = performance.now();
          unacked += data.length;
          if (unacked >= ACK_EVERY_CHARS) {
            ws.send(JSON.stringify({ channel: IpcChannel.ack, args: ['1', unacked] } satisfies PageMessage));
            unacked = 0;
          }
          tail = (tail + data).slice(-64);
          if (tail.includes(DONE)) resolve(undefined);
        }
      });
    });
    const seconds = ((last || performance.now()) - (first ?? performance.now())) / 1000;
    const cpu = ((await cpuMs(pipeline.pids)) ?? Number.NaN) - cpuStart;
    return {
      bytes: parsed,
      mbPerSecond: parsed / MB / Math.max(seconds, 1e-6),
      hostRssStartMb: start.rss / MB,
      hostGrowthMb: (ownMax - own(start)) / MB,
      hostRssGrowthMb: (rssMax - start.rss) / MB,
      hostFileGrowthMb: (fileMax - start.file) / MB,
      hostCpuMsPer100Mb: (cpu / Math.max(parsed, 1)) * 100 * MB,
      meanChunkChars: chunks > 0 ? parsed / chunks : 0,
      ...(stopped ? { stopped } : {}),
    };
  } finally {
    clearInterval(sampler);
    clearInterval(guard);
    sockets.main.terminate();
    sockets.screen.terminate();
    screen.dispose();
    await pipeline.stop();
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}
