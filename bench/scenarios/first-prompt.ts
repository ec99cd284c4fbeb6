// Time to first prompt: from spawning the host in a pty to the shell's prompt on its screen.
// bash starts as a user's shell does (`bash -i`, reading /etc/bash.bashrc and a ~/.bashrc that
// sets the prompt, HOME a fresh directory), for ripcord and the naive host alike — so ripcord's
// shell integration applies (it leaves `--norc` alone) and each row says whether it ran.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { containmentPlan } from '../../main/platform/containment/containment-probe';
import { PROMPT, startTerminalHost, stopTerminalHost, type StartHostKind } from '../lib/pipelines';
import { newMarker, whenGone } from '../lib/processes';

/** bash as a user's shell: interactive, with the rc files. */
const START_COMMAND = ['/bin/bash', '-i'];
/** What a prompt starts with when ripcord's shell integration runs (OSC 133 A)... */
const PROMPT_MARK = '\x1b]133;A';
/** ...and ends with (OSC 133 B). */
const PROMPT_END_MARK = '\x1b]133;B\x07';

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
  /** whether the prompt must carry shell integration's marks: a run that says otherwise fails the bench */
  integration?: boolean;
}

/** `env`: the host's environment beside the bench's own (`undefined` removes a variable). */
export async function runFirstPrompt(
  kind: StartHostKind,
  variant?: StartVariant,
  env: Record<string, string | undefined> = {},
): Promise<{ ms: number; lost: boolean }> {
  // a floor's node starts as bin/ripcord starts ripcord's: without parsing NODE_EXTRA_CA_CERTS
  if (kind === 'floor' || kind === 'floor-settings') env = { ...env, NODE_EXTRA_CA_CERTS: undefined };
  // the floor is told where its cgroup goes; the settings floor plans that itself, as ripcord does
  if (kind === 'floor') env = { ...env, RIPCORD_FLOOR_CGROUP_PARENT: await floorCgroupParent() };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-bench-start-'));
  const marker = newMarker();
  const configFile = (kind === 'ripcord' || kind === 'floor-settings') && variant?.settings ? path.join(dir, 'config.json') : undefined;
  if (configFile) await writeFile(configFile, JSON.stringify(variant?.settings));
  await writeFile(path.join(dir, '.bashrc'), `PS1='${PROMPT}'\n`);
  const t0 = performance.now();
  const { program } = startTerminalHost(kind, {
    dir,
    marker,
    env: { ...env, RIPCORD_BENCH_MARKER: marker, HOME: dir },
    command: START_COMMAND,
    configFile,
  });
  try {
    const prompted = (out: string): boolean => out.endsWith(PROMPT) || out.endsWith(`${PROMPT}${PROMPT_END_MARK}`);
    const lost = await program.waitFor('the first prompt', prompted, PROMPT_TIMEOUT_MS).then(
      () => false,
      () => true,
    );
    const ms = performance.now() - t0;
    const marked = program.output().includes(PROMPT_MARK);
    if (!lost && variant?.integration !== undefined && marked !== variant.integration) {
      throw new Error(
        `first prompt ${variant.label}: shell integration ${marked ? 'ran' : 'did not run'}; output: ${JSON.stringify(program.output().slice(-300))}`,
      );
    }
    program.write(lost ? '\rexit\r' : 'exit\r');
    await whenGone(program.pid, EXIT_TIMEOUT_MS, 5);
    return { ms, lost };
  } finally {
    await stopTerminalHost(program, marker);
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

let cgroupParent: Promise<string | undefined> | undefined;

/** Where the floor makes its cgroup: where ripcord makes a session's (undefined: no cgroup here). */
export function floorCgroupParent(): Promise<string | undefined> {
  cgroupParent ??= containmentPlan().then((plan) => (plan.kind === 'cgroup' ? plan.facts.parent : undefined));
  return cgroupParent;
}
