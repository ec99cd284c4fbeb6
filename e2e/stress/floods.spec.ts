// Issue 7 §2: floods of random bytes and of invalid UTF-8 through `ripcord run` (in a real
// pty) and through the browser harness (to a client that acknowledges like the renderer).
// Required: no crash — the host ends with the flood program's own exit code and logs no
// crash — and the host's memory stays within a bound while the flood runs.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { IpcChannel } from '../../contracts/renderer';
import type { HostMessage, PageMessage } from '../harness/harness-socket';
import { ACK_EVERY_CHARS } from '../../main/core/flow-control';
import { openPageSockets, startBrowserPipeline, startTerminalHost, stopTerminalHost } from '../../bench/lib/pipelines';
import { newMarker, residentBytes } from '../../bench/lib/processes';
import { count, FULL } from './stress-mode';

const MB = 1024 * 1024;
const FLOOD_BYTES = count(4, 256) * MB;
/** Host memory may grow by at most this over the flood: flow control keeps the queue bounded. */
const MEMORY_BOUND_BYTES = 100 * MB;
const SAMPLE_MS = 100;
/** The flood program's exit code, which the host must pass on (session-ended). */
const FLOOD_EXIT_CODE = 7;

/**
 * Writes `bytes` of output then exits FLOOD_EXIT_CODE: random bytes, or invalid UTF-8 —
 * lone continuation bytes, overlong forms, UTF-16 surrogates encoded in UTF-8, code points
 * past U+10FFFF, and multi-byte sequences cut at every write boundary.
 */
const FLOOD_PROGRAM = `
const { randomBytes } = require('node:crypto');
const [kind, total] = [process.argv[2], Number(process.argv[3])];
const invalid = Buffer.from([0x80, 0xbf, 0xc0, 0xaf, 0xe0, 0x80, 0xaf, 0xed, 0xa0, 0x80, 0xed, 0xbf, 0xbf, 0xf4, 0x90, 0x80, 0x80, 0xf8, 0x88, 0x80, 0x80, 0x80, 0xfe, 0xff, 0x41, 0xe2, 0x82]);
let written = 0;
function next() {
  while (written < total) {
    const chunk = kind === 'random' ? randomBytes(16384) : Buffer.concat(Array(600).fill(invalid));
    written += chunk.length;
    if (!process.stdout.write(chunk)) return process.stdout.once('drain', next);
  }
  process.stdout.end(() => process.exit(${FLOOD_EXIT_CODE}));
}
next();
`;

test.describe.configure({ timeout: FULL ? 20 * 60_000 : 60_000 });

async function floodScript(dir: string): Promise<string> {
  const file = path.join(dir, 'flood.js');
  await writeFile(file, FLOOD_PROGRAM);
  return file;
}

/** Samples processes' own resident memory together (less mapped file pages, as the bench counts it) until stopped; returns the peak growth over the first sample. */
function memoryWatch(pids: readonly number[]): { stop(): Promise<number> } {
  let first: number | undefined;
  let peak = 0;
  const sample = async (): Promise<void> => {
    const resident = await residentBytes(pids);
    if (resident === undefined) return;
    const rss = resident.rss - resident.file;
    first ??= rss;
    peak = Math.max(peak, rss);
  };
  void sample();
  const timer = setInterval(() => void sample(), SAMPLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      return first === undefined ? 0 : peak - first;
    },
  };
}

async function crashLines(logFile: string): Promise<string[]> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  return text.split('\n').filter((line) => /"level":"(error|fatal)"/.test(line) && !line.includes('"reaper-'));
}

for (const kind of ['random', 'invalid-utf8'] as const) {
  test(`ripcord run survives ${FLOOD_BYTES / MB} MB of ${kind} output with bounded memory`, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-stress-flood-'));
    const marker = newMarker();
    const { program, logFile } = startTerminalHost('ripcord', {
      dir,
      marker,
      command: [process.execPath, await floodScript(dir), kind, String(FLOOD_BYTES)],
    });
    try {
      const memory = memoryWatch([program.pid]);
      const exit = await program.exited;
      const growth = await memory.stop();
      expect(exit.exitCode).toBe(FLOOD_EXIT_CODE);
      expect(program.outputChars).toBeGreaterThan(FLOOD_BYTES / 2); // the flood really went through
      expect(growth).toBeLessThanOrEqual(MEMORY_BOUND_BYTES);
      expect(await crashLines(logFile ?? '')).toEqual([]);
    } finally {
      await stopTerminalHost(program, marker);
      await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    }
  });

  test(`the browser harness survives ${FLOOD_BYTES / MB} MB of ${kind} output with bounded memory`, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-stress-flood-'));
    const pipeline = await startBrowserPipeline('ripcord', {
      dir,
      marker: newMarker(),
      command: [process.execPath, await floodScript(dir), kind, String(FLOOD_BYTES)],
    });
    const { main, screen: ws } = openPageSockets(pipeline);
    const memory = memoryWatch(pipeline.pids);
    try {
      let received = 0;
      let unacked = 0;
      const end = new Promise<number>((resolve) => {
        ws.on('message', (raw: Buffer) => {
          const message = JSON.parse(raw.toString()) as HostMessage;
          if (message.channel === IpcChannel.exit) resolve(message.args[1].exitCode);
          if (message.channel !== IpcChannel.data) return;
          received += message.args[1].length;
          unacked += message.args[1].length;
          if (unacked >= ACK_EVERY_CHARS) {
            ws.send(JSON.stringify({ channel: IpcChannel.ack, args: ['1', unacked] } satisfies PageMessage));
            unacked = 0;
          }
        });
      });
      await Promise.all([main, ws].map((socket) => new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))));
      main.send(JSON.stringify({ channel: IpcChannel.resize, args: ['1', 100, 30] } satisfies PageMessage));
      await pipeline.exited; // the session ended: the harness ran its exit path
      const growth = await memory.stop();
      expect(received).toBeGreaterThan(FLOOD_BYTES / 2);
      expect(growth).toBeLessThanOrEqual(MEMORY_BOUND_BYTES);
      expect(await crashLines(pipeline.logFile ?? '')).toEqual([]);
      void end;
    } finally {
      await memory.stop();
      main.terminate();
      ws.terminate();
      await pipeline.stop();
      await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    }
  });
}
