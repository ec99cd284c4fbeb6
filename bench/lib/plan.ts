// What a bench run does: how many runs of what, from the command line (USAGE; the flags:
// docs/benchmarks.md#running-it). An unknown flag or a bad value is a usage error.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Result } from '../../contracts/result';
import { parseArgsProblem } from '../../main/cli/usage-error';
import type { Flood, Renderer } from './ctrl-c-rows';

export const GROUPS = ['start', 'exit', 'ctrl-c', 'throughput', 'keys', 'panes'] as const;
export type Group = (typeof GROUPS)[number];

export interface Plan {
  quick: boolean;
  startRuns: number;
  /** runs per trigger; ctrl-c (the p99 target) gets ctrlCExitRuns */
  exitRuns: number;
  ctrlCExitRuns: number;
  /** the config default in full runs; short in quick runs so a run takes ~1 s */
  killGraceMs: number;
  /**
   * runs per contender per Ctrl+C row; `floor`: bash's prompt after SIGINT in a bare pty
   * (bench/floor/ctrl-c-floor.ts); `experiment`: the smaller-watermark harness (--experiments);
   * `plain`: the peer page's plain modes (--peer-plain)
   */
  ctrlCRuns: { ripcord: number; peer: number; naive: number; floor: number; experiment: number; plain: number };
  floodMs: number;
  floods: readonly Flood[];
  renderers: readonly Renderer[];
  browserTimeoutMs: number;
  /** runs per contender of the ripcord/peer throughput row, each of throughputBytes */
  throughputRuns: number;
  throughputBytes: number;
  /** one ripcord run this long for the memory row (DESIGN §9: over 1 GB) */
  memoryBytes: number;
  /** --profile: a CPU profile of the page for every Ctrl+C run, its heaviest functions logged */
  profile: boolean;
  /** --trace: a Chromium trace of the page for every Ctrl+C run, its main thread summed per task kind */
  trace: boolean;
  /** --transcripts-off: the throughput row also for ripcord with transcripts off, in the same alternation */
  transcriptsOff: boolean;
  /** the keys row: sessions per host, Esc presses per session */
  keySessions: number;
  keyPresses: number;
  /** the panes rows: runs per contender per renderer, keys timed per run */
  panesRuns: number;
  panesKeys: number;
  /** the panes rows also for ripcord with paceBackgroundPanes off, in the same alternation: always in a full run (the record shows the pacing's trade), else --panes-unpaced */
  panesUnpaced: boolean;
  /** --find TERM: in the Ctrl+C runs ripcord's page has its find box open on TERM, so the search's decorations follow the flood */
  findTerm?: string;
}

const MB = 1024 * 1024;
/**
 * ≥ 30 runs per contender per Ctrl+C row (issue 17): a median's 95 % interval spans ranks 10–21.
 * 24 throughput runs per contender: the transcripts' cost (on/off, issue 16) is a few percent,
 * the size of a single run's noise (docs/benchmarks.md#statistics). 20 panes runs per contender
 * and renderer: each starts four sessions (~10 s); a median's 95 % interval spans ranks 6–15.
 */
const FULL: Plan = {
  quick: false,
  startRuns: 20,
  exitRuns: 3,
  ctrlCExitRuns: 15,
  killGraceMs: 2000,
  ctrlCRuns: { ripcord: 30, peer: 30, naive: 2, floor: 30, experiment: 0, plain: 0 },
  floodMs: 1000,
  floods: ['yes', 'color'],
  renderers: ['dom', 'webgl'],
  browserTimeoutMs: 15_000,
  throughputRuns: 24,
  throughputBytes: 128 * MB,
  memoryBytes: 1024 * MB,
  profile: false,
  trace: false,
  transcriptsOff: false,
  keySessions: 4,
  keyPresses: 25,
  panesRuns: 20,
  panesKeys: 10,
  panesUnpaced: true,
};
const QUICK: Plan = {
  quick: true,
  startRuns: 3,
  exitRuns: 1,
  ctrlCExitRuns: 2,
  killGraceMs: 200,
  ctrlCRuns: { ripcord: 3, peer: 3, naive: 1, floor: 3, experiment: 0, plain: 0 },
  floodMs: 300,
  floods: ['color'],
  renderers: ['dom', 'webgl'],
  browserTimeoutMs: 3_000,
  throughputRuns: 2,
  throughputBytes: 16 * MB,
  memoryBytes: 32 * MB,
  profile: false,
  trace: false,
  transcriptsOff: false,
  keySessions: 1,
  keyPresses: 10,
  panesRuns: 2,
  panesKeys: 3,
  panesUnpaced: false,
};
/** Runs of the watermark experiment per row with --experiments. */
const EXPERIMENT_RUNS = 10;

/** Every flag of a bench run; anything else is a usage error (a typo must not turn a run into a full one that rewrites the record). */
const OPTIONS = {
  quick: { type: 'boolean' },
  only: { type: 'string' },
  runs: { type: 'string' },
  renderer: { type: 'string' },
  flood: { type: 'string' },
  experiments: { type: 'boolean' },
  'peer-plain': { type: 'boolean' },
  profile: { type: 'boolean' },
  trace: { type: 'boolean' },
  'transcripts-off': { type: 'boolean' },
  'panes-unpaced': { type: 'boolean' },
  find: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

export const USAGE =
  'usage: npm run bench [-- --quick] [--only start,exit,ctrl-c,throughput,keys,panes] [--runs N] [--renderer dom|webgl] [--flood yes|color] [--experiments] [--peer-plain] [--profile] [--trace] [--transcripts-off] [--panes-unpaced] [--find TERM] (docs/benchmarks.md)';

function choose<T extends string>(flag: string, given: string | undefined, allowed: readonly T[]): Result<readonly T[] | undefined> {
  if (given === undefined) return { ok: true, value: undefined };
  const chosen = given.split(',');
  const unknown = chosen.filter((c) => !(allowed as readonly string[]).includes(c));
  if (unknown.length > 0)
    return {
      ok: false,
      error: `--${flag}: unknown ${unknown.map((u) => JSON.stringify(u)).join(', ')}; choose from ${allowed.join(', ')}`,
    };
  return { ok: true, value: chosen as T[] };
}

/** The plan and groups of a command line, or what is wrong with it (the run then does nothing: exit 2). */
export function parseBenchArgs(argv: readonly string[]): Result<{ plan: Plan; groups: Group[] }> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; strict: true; allowPositionals: false }>>['values'];
  try {
    values = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    // node's message may run over lines ("ambiguous.\nDid you forget…"): its first says what is wrong
    return { ok: false, error: parseArgsProblem((error as Error).message.split('\n')[0] ?? '') };
  }
  const base = values.quick === true ? QUICK : FULL;
  const only = choose('only', values.only, GROUPS);
  const renderers = choose('renderer', values.renderer, ['dom', 'webgl'] as const);
  const floods = choose('flood', values.flood, ['yes', 'color'] as const);
  if (!only.ok) return only;
  if (!renderers.ok) return renderers;
  if (!floods.ok) return floods;
  const runs = values.runs === undefined ? undefined : Number(values.runs);
  if (runs !== undefined && !(/^\d+$/.test(values.runs ?? '') && Number.isSafeInteger(runs) && runs > 0))
    return { ok: false, error: `--runs: a positive integer, got ${JSON.stringify(values.runs)}` };
  if (values.find === '') return { ok: false, error: '--find: a term to search, got an empty one' };
  const plan: Plan = {
    ...base,
    ...(runs === undefined ? {} : { throughputRuns: runs, panesRuns: runs }),
    ctrlCRuns: {
      ...base.ctrlCRuns,
      ...(runs === undefined ? {} : { ripcord: runs, peer: runs, floor: runs }),
      experiment: values.experiments === true ? (runs ?? EXPERIMENT_RUNS) : 0,
      plain: values['peer-plain'] === true ? (runs ?? base.ctrlCRuns.peer) : 0,
    },
    renderers: renderers.value ?? base.renderers,
    floods: floods.value ?? base.floods,
    profile: values.profile === true,
    trace: values.trace === true,
    transcriptsOff: values['transcripts-off'] === true,
    panesUnpaced: values['panes-unpaced'] === true || base.panesUnpaced,
    ...(values.find === undefined ? {} : { findTerm: values.find }),
  };
  const groups = only.value ?? GROUPS;
  return { ok: true, value: { plan, groups: GROUPS.filter((g) => groups.includes(g)) } };
}

/** Runs each contender in turn, `runs[name]` times each, starting with a different one each round. */
export async function alternateAll<N extends string, T>(runs: Record<N, number>, run: (name: N) => Promise<T>): Promise<Record<N, T[]>> {
  const names = Object.keys(runs) as N[];
  const out = Object.fromEntries(names.map((name) => [name, [] as T[]])) as Record<N, T[]>;
  const rounds = Math.max(...names.map((name) => runs[name]));
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? names : [...names].reverse();
    for (const name of order) if (out[name].length < runs[name]) out[name].push(await run(name));
  }
  return out;
}

export const ratioOf = (a: number, b: number): number | undefined =>
  Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : undefined;

export const log = (text: string): void => {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
};
