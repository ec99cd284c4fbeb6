import { describe, expect, it } from 'vitest';
import { hopsLine, hopsNote, hopSummaries, type HopRun } from './hops';

const run = (ms: number, hint: number | undefined): HopRun => ({
  ms,
  hops: { entered: 0.3, decided: 0.5, hold: 2, hint, echo: ms - 1, painted: ms + 16 },
});
/** A key sent to the page: only its echo and the frame after the prompt. */
const pageKeyRun = (ms: number, echo: number | undefined): HopRun => ({
  ms,
  hops: { entered: undefined, decided: undefined, hold: undefined, hint: undefined, echo, painted: ms + 16 },
});

describe('hopsLine', () => {
  it('orders the hops by time, marks the hint after the prompt, and never prints NaN for a hop not seen', () => {
    const line = hopsLine({ ms: 20, hops: { ...run(20, 21).hops, echo: undefined } });
    expect(line).toBe('entered 0.3, decided 0.5, hold 2.0, prompt 20.0, hint 21.0 (after the prompt), painted 36.0, echo not seen');
    expect(hopsLine(run(20, undefined))).not.toMatch(/NaN/);
  });

  it("lists a key in the page's own hops only: no hop of main's is 'not seen' there", () => {
    expect(hopsLine(pageKeyRun(30, 28))).toBe('echo 28.0, prompt 30.0, painted 46.0');
    expect(hopsLine(pageKeyRun(30, undefined))).toBe('prompt 30.0, painted 46.0, echo not seen');
  });
});

describe('hopSummaries', () => {
  it("gives each hop's median and p95 over the runs that saw it, with the prompt among them", () => {
    // 20 runs: prompt at 10..29 ms, the hint 1 ms after it in the last 10 and not seen in the first 10
    const runs = Array.from({ length: 20 }, (_, i) => run(10 + i, i >= 10 ? 11 + i : undefined));
    const byHop = Object.fromEntries(hopSummaries(runs).map((s) => [s.hop, s]));
    expect(byHop.prompt).toEqual({ hop: 'prompt', seen: 20, median: 19, p95: 28, afterPrompt: 0 });
    expect(byHop.echo).toEqual({ hop: 'echo', seen: 20, median: 18, p95: 27, afterPrompt: 0 });
    expect(byHop.hint).toEqual({ hop: 'hint', seen: 10, median: 25, p95: 30, afterPrompt: 10 });
    expect(byHop.painted?.afterPrompt).toBe(0);
  });

  it('says in a note how many runs saw a hop and how many saw it after the prompt', () => {
    const note = hopsNote('ripcord', [run(10, 12), run(20, undefined)]);
    expect(note).toBe(
      "ripcord's hops, ms after the key was sent, median / p95 of 2 runs: entered 0.3 / 0.3, decided 0.5 / 0.5, hold 2.0 / 2.0, echo 9.0 / 19.0, prompt 10.0 / 20.0, hint 12.0 / 12.0 (seen in 1) (after the prompt in 1), painted 26.0 / 36.0",
    );
    expect(hopsNote('ripcord', [run(10, undefined)])).toContain('hint not seen');
    expect(hopsNote('peer', [pageKeyRun(10, 9), pageKeyRun(20, 19)])).toBe(
      "peer's hops, ms after the key was sent, median / p95 of 2 runs: echo 9.0 / 19.0, prompt 10.0 / 20.0, painted 26.0 / 36.0",
    );
  });
});
