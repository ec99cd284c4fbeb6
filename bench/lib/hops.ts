// The hops of a Ctrl+C (bench/scenarios/prompt-watch.ts), in the order they happen: one run's as a log line, and a row's as each hop's median and p95 over its runs — the
// per-hop trace a Ctrl+C row carries in its notes (issue 43: "a row missed comes with its
// per-hop trace"). A hop the page did not see is said so, never printed as a number.
import { percentile } from '../../main/platform/log/log-summarizer';
import type { CtrlCHops } from '../scenarios/prompt-watch';

/** One run: its hops and the prompt, the measured ms. */
export interface HopRun {
  ms: number;
  hops: CtrlCHops;
}

/** The hops in the order a press makes them, the prompt in its place among them. */
const HOP_ORDER = ['entered', 'decided', 'hold', 'echo', 'prompt', 'hint', 'painted'] as const;
type Hop = (typeof HOP_ORDER)[number];
/** A key sent to the page makes no hop of main's or of ripcord's host: its echo, prompt and frame. */
const PAGE_KEY_HOPS: readonly Hop[] = ['echo', 'prompt', 'painted'];
/** The hops the run's press makes: a press at main (main said when it had the key) all of them. */
const hopsMade = (run: HopRun): readonly Hop[] => (run.hops.entered === undefined ? PAGE_KEY_HOPS : HOP_ORDER);

const timesOf = (run: HopRun): Record<Hop, number | undefined> => ({ ...run.hops, prompt: run.ms });
const ms = (value: number): string => value.toFixed(1);

/** "entered 0.3, decided 0.4, hold 1.9, echo 14.2, prompt 14.3, hint 15.0 (after the prompt), painted 30.2": one run, ordered by time. */
export function hopsLine(run: HopRun): string {
  const times = timesOf(run);
  const seen = HOP_ORDER.filter((hop) => times[hop] !== undefined).sort((a, b) => (times[a] as number) - (times[b] as number));
  const after = (hop: Hop): string =>
    hop !== 'painted' && hop !== 'prompt' && (times[hop] as number) > run.ms ? ' (after the prompt)' : '';
  const unseen = hopsMade(run)
    .filter((hop) => times[hop] === undefined)
    .map((hop) => `${hop} not seen`);
  return [...seen.map((hop) => `${hop} ${ms(times[hop] as number)}${after(hop)}`), ...unseen].join(', ');
}

export interface HopSummary {
  hop: Hop;
  /** runs that saw the hop */
  seen: number;
  median: number;
  p95: number;
  /** runs in which it came after the prompt (the prompt and the frame after it: 0) */
  afterPrompt: number;
}

/** Each hop's median and p95 (nearest rank, as the report's) over the runs that saw it, for the hops the runs' presses make. */
export function hopSummaries(runs: readonly HopRun[]): HopSummary[] {
  const made = new Set(runs.flatMap(hopsMade));
  return HOP_ORDER.filter((hop) => made.has(hop)).map((hop) => {
    const seen = runs.flatMap((run) => {
      const at = timesOf(run)[hop];
      return at === undefined ? [] : [{ at, afterPrompt: hop !== 'painted' && at > run.ms }];
    });
    const values = seen.map((s) => s.at);
    return {
      hop,
      seen: seen.length,
      median: percentile(values, 50),
      p95: percentile(values, 95),
      afterPrompt: seen.filter((s) => s.afterPrompt).length,
    };
  });
}

/** A row's note: "ripcord's hops, ms after the key was sent, median / p95 of 30 runs: entered 0.2 / 0.5, …". */
export function hopsNote(who: string, runs: readonly HopRun[]): string {
  const parts = hopSummaries(runs).map((s) => {
    if (s.seen === 0) return `${s.hop} not seen`;
    const inSome = s.seen < runs.length ? ` (seen in ${s.seen})` : '';
    const after = s.afterPrompt > 0 ? ` (after the prompt in ${s.afterPrompt})` : '';
    return `${s.hop} ${ms(s.median)} / ${ms(s.p95)}${inSome}${after}`;
  });
  return `${who}'s hops, ms after the key was sent, median / p95 of ${runs.length} runs: ${parts.join(', ')}`;
}
