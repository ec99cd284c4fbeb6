// The query flood's memory test (issue #40; DESIGN §6): the host of `ripcord run` under the
// flood of query-flood.py, started with --inspect and a given --max-semi-space-size (what
// machines with little and much memory get), its live memory read through the inspector after a
// full collection (host-inspector.ts), with the flood paused and the host settled — so what is
// measured is what the host holds, not what V8 has not collected yet nor what is in flight.
import type { TestInfo } from '@playwright/test';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { logEvents, markedNamed } from './containment';
import { freePort, HostInspector } from './host-inspector';
import { FIXTURES, ripcordRunArgs, type TerminalFixture } from './ripcord';
import { waitUntil, type TmuxPane } from './tmux';

/** --max-semi-space-size (MB): what V8 gives a machine with little memory, and one with much. */
export const SEMI_SPACES_MB = [1, 64];
export const MB = 1024 * 1024;
/**
 * What the host may hold after 15 s of the flood beyond what it held before it: nothing is kept
 * per reply or per read (DESIGN §6), and the replies waiting for the program (at most 1 MiB) are
 * gone once it read them, so what is left is the code V8 compiles for the flood's paths (about
 * 1 MB here) and buffers of a fixed size (the transcript's, Node's pools).
 */
export const MAX_LIVE_GROWTH_BYTES = 3 * MB;
/** A directory: each reading also writes a heap snapshot of the host there, to find what grows (docs/testing.md). */
const SNAPSHOTS_ENV = 'RIPCORD_FLOOD_SNAPSHOTS';
export const FLOOD = ['python3', path.join(FIXTURES, 'query-flood.py'), 'ignore-int'];
/** Two readings after a full collection this close, nothing read meanwhile: the host settled. */
const SETTLED_BYTES = 64 * 1024;

/** The flood is on once the program's terminal echoes replies that went through ripcord. */
export async function floodRunning(pane: TmuxPane): Promise<void> {
  await pane.waitForScreen('the echoed replies of the flood', (screen) => /\^\[\[\d+;\d+R/.test(screen));
}

export interface FloodedHost {
  pane: TmuxPane;
  /** the host's live bytes (heapUsed + external after a full collection), the flood paused and the host settled */
  liveWhilePaused(): Promise<number>;
  resume(): void;
  close(): void;
}

/** `ripcord run` of the flood, started paused, its host under --inspect and --max-semi-space-size=semiSpaceMb. */
export async function startFloodedHost(term: TerminalFixture, testInfo: TestInfo, semiSpaceMb: number): Promise<FloodedHost> {
  const port = await freePort();
  const pane = await term.program([
    process.execPath,
    `--inspect=127.0.0.1:${port}`,
    `--max-semi-space-size=${semiSpaceMb}`,
    ...ripcordRunArgs(testInfo),
    '--',
    ...FLOOD,
    'paused',
  ]);
  const inspector = await HostInspector.connect(port);
  const [flood] = await waitUntil('the flood program', async () => {
    const found = await markedNamed(term.marker, 'python3');
    return found.length === 1 ? found : undefined;
  });
  let pauses = 1;
  await pane.waitForScreen('the flood program, paused', (s) => s.includes(`flood-paused ${pauses}`));
  let paused = true;
  // Settled: the program, reading while paused, read nothing during two full collections in a
  // row (each far longer than the pty writer's 2 ms retry of a full pty), so nothing waits for
  // it in the host any more; and the two readings agree.
  const readBytes = async (): Promise<string> => (await readFile(`/proc/${flood as number}/io`, 'utf8')).split('\n')[0] ?? '';
  const settled = async (): Promise<number> => {
    let last = { read: await readBytes(), live: await inspector.liveBytes() };
    return waitUntil('the host to settle', async () => {
      const now = { live: await inspector.liveBytes(), read: await readBytes() };
      const quiet = now.read === last.read && Math.abs(now.live - last.live) <= SETTLED_BYTES;
      last = now;
      return quiet ? now.live : undefined;
    });
  };
  return {
    pane,
    liveWhilePaused: async () => {
      if (!paused) {
        process.kill(flood as number, 'SIGUSR1');
        pauses++;
        paused = true;
        // its last query went through the host before this line did
        await pane.waitForScreen('the flood to pause', (s) => s.includes(`flood-paused ${pauses}`));
      }
      const live = await settled();
      if (process.env[SNAPSHOTS_ENV]) {
        const out = createWriteStream(path.join(process.env[SNAPSHOTS_ENV], `semi-space-${semiSpaceMb}-reading-${pauses}.heapsnapshot`));
        await inspector.heapSnapshot((c) => out.write(c));
        out.end();
      }
      return live;
    },
    resume: () => {
      paused = false;
      process.kill(flood as number, 'SIGUSR2');
    },
    close: () => inspector.close(),
  };
}

/** Presses a flooded pane's host may need to make a pair (each waits for its decision): far more than it takes. */
const MAX_PRESSES = 20;

/**
 * Ctrl+C until the host decides a press is the pair's second, each press waiting for the host's
 * decision on it (its log), never for a time: under the flood a key reaches the host late, so two
 * keys sent apart can land inside the debounce (ignored) or past the window (a new pair), as for
 * a user who then presses again. Resolves with the decisions.
 */
export async function pressUntilExit(pane: TmuxPane, logFile: string): Promise<string[]> {
  const decisions: string[] = [];
  for (let press = 1; press <= MAX_PRESSES && !decisions.includes('exit'); press++) {
    await pane.keys('C-c');
    decisions.push(
      await waitUntil(`the decision on press ${press}`, async () => {
        const made = (await logEvents(logFile)).filter((e) => e.name === 'trigger' && e.kind === 'ctrl-c');
        return made.length >= press ? String(made[press - 1]?.action) : undefined;
      }),
    );
  }
  return decisions;
}
