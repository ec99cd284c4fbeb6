import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './plan';

const problem = (argv: string[]): string | undefined => {
  const parsed = parseBenchArgs(argv);
  return parsed.ok ? undefined : parsed.error;
};

describe("the bench's command line", () => {
  it('a typo or an unknown flag is a usage error, not a full run', () => {
    expect(problem(['--onyl', 'ctrl-c'])).toBe("unknown option '--onyl'");
    expect(problem(['--experiment'])).toBe("unknown option '--experiment'");
    expect(problem(['ctrl-c'])).toMatch(/^unexpected argument 'ctrl-c'/);
  });

  it('a flag without its value, or with a bad one, is a usage error', () => {
    expect(problem(['--only'])).toMatch(/--only.*argument missing/);
    expect(problem(['--only', '--runs', '3'])).toBe("option '--only' argument is ambiguous.");
    expect(problem(['--only', 'ctrl-c,keyz'])).toBe('--only: unknown "keyz"; choose from start, exit, ctrl-c, throughput, keys, panes');
    expect(problem(['--renderer', 'gpu'])).toMatch(/^--renderer: unknown "gpu"/);
    expect(problem(['--flood', 'yes,'])).toMatch(/^--flood: unknown ""/);
    expect(problem(['--runs=-1'])).toMatch(/^--runs: a positive integer/);
    for (const runs of ['0', '2.5', 'ten', '1e3', '']) expect(problem(['--runs', runs]), runs).toMatch(/^--runs: a positive integer/);
    expect(problem(['--quick=yes'])).toMatch(/--quick.*does not take an argument/);
    expect(problem(['--find', ''])).toMatch(/^--find:/);
  });

  it('reads every flag it knows, in either spelling', () => {
    const parsed = parseBenchArgs([
      '--only',
      'ctrl-c',
      '--renderer=webgl',
      '--runs',
      '6',
      '--experiments',
      '--peer-plain',
      '--flood',
      'yes',
      '--find',
      'x',
      '--profile',
      '--trace',
      '--transcripts-off',
      '--panes-unpaced',
    ]);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { plan, groups } = parsed.value;
    expect(groups).toEqual(['ctrl-c']);
    expect(plan.renderers).toEqual(['webgl']);
    expect(plan.floods).toEqual(['yes']);
    expect(plan.ctrlCRuns).toMatchObject({ ripcord: 6, peer: 6, floor: 6, experiment: 6, plain: 6 });
    expect(plan).toMatchObject({
      throughputRuns: 6,
      panesRuns: 6,
      findTerm: 'x',
      profile: true,
      trace: true,
      transcriptsOff: true,
      panesUnpaced: true,
      quick: false,
    });
  });

  it('no flags: the full plan of every group', () => {
    const parsed = parseBenchArgs([]);
    expect(parsed.ok && parsed.value.groups).toEqual(['start', 'exit', 'ctrl-c', 'throughput', 'keys', 'panes']);
    expect(parsed.ok && parsed.value.plan.quick).toBe(false);
    // the record shows the panes rows with pacing on and off
    expect(parsed.ok && parsed.value.plan.panesUnpaced).toBe(true);
    const quick = parseBenchArgs(['--quick']);
    expect(quick.ok && quick.value.plan.panesUnpaced).toBe(false);
  });
});
