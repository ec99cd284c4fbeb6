// The Ctrl+C rows' floor (bench/floor/ctrl-c-floor.ts): bash with the pages' argv, environment,
// prompt and grid, in its own host process, one run per call; what it left running is killed.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readyLine } from '../../e2e/harness/ready-line';
import type { FloorOptions, FloorRun } from '../floor/ctrl-c-floor';
import { PAGE_GRID, type Flood, type Renderer } from '../lib/ctrl-c-rows';
import { FLOOR_CTRL_C_HOST } from '../lib/paths';
import { BASH, PROMPT, sessionEnv } from '../lib/pipelines';
import { killMarked, newMarker } from '../lib/processes';

/** Setup's bound beside the run's own: node's start, bash's first prompt and the flood's first row. */
const SETUP_MS = 30_000;

export async function runCtrlCFloor(options: { renderer: Renderer; flood: Flood; floodMs: number; timeoutMs: number }): Promise<FloorRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-floor-'));
  const marker = newMarker();
  const [file, ...args] = BASH as [string, ...string[]];
  const floor: FloorOptions = {
    program: { file, args, env: sessionEnv(marker) },
    prompt: PROMPT,
    ...PAGE_GRID[options.renderer],
    cwd: dir,
    flood: options.flood,
    floodMs: options.floodMs,
    timeoutMs: options.timeoutMs,
  };
  const child = spawn(process.execPath, [FLOOR_CTRL_C_HOST, JSON.stringify(floor)], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    return (await readyLine(child, SETUP_MS + options.floodMs + options.timeoutMs)) as unknown as FloorRun;
  } finally {
    child.kill('SIGKILL');
    await killMarked(marker);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}
