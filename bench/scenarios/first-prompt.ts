// Time to first prompt: from spawning the host in a pty to the shell's prompt on its screen.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROMPT, startTerminalHost, stopTerminalHost, type PipelineKind } from '../lib/pipelines';
import { newMarker, whenGone } from '../lib/processes';

/** Past this the first prompt counts as lost (a run with a timeout, reported as such). */
export const PROMPT_TIMEOUT_MS = 5_000;
const EXIT_TIMEOUT_MS = 5_000;

/**
 * A variant of ripcord's start: its settings file (none: the defaults). The hook for rows such
 * as shell integration on / off — one entry of START_VARIANTS in bench/main.ts each.
 */
export interface StartVariant {
  label: string;
  settings?: Record<string, unknown>;
}

export async function runFirstPrompt(kind: PipelineKind, variant?: StartVariant): Promise<{ ms: number; lost: boolean }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-start-'));
  const marker = newMarker();
  const configFile = kind === 'ripcord' && variant?.settings ? path.join(dir, 'config.json') : undefined;
  if (configFile) await writeFile(configFile, JSON.stringify(variant?.settings));
  const t0 = performance.now();
  const { program } = startTerminalHost(kind, { dir, marker, env: { RIPCORD_BENCH_MARKER: marker }, ...(configFile ? { configFile } : {}) });
  try {
    const lost = await program.waitForPrompt(PROMPT, PROMPT_TIMEOUT_MS).then(() => false, () => true);
    const ms = performance.now() - t0;
    program.write(lost ? '\rexit\r' : 'exit\r');
    await whenGone(program.pid, EXIT_TIMEOUT_MS, 5);
    return { ms, lost };
  } finally {
    await stopTerminalHost(program, marker);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}
