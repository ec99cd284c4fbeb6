import { describe, expect, it } from 'vitest';
import { giveUpAtMs, KILL_SETTLE_MS, KillTally, nextStageStartMs, reaches, stageAt, stageStartMs } from './kill-schedule';

describe('the staged kill schedule', () => {
  it('sends HUP at once, TERM at half the grace and KILL at the grace', () => {
    expect([stageStartMs('HUP', 2_000), stageStartMs('TERM', 2_000), stageStartMs('KILL', 2_000)]).toEqual([0, 1_000, 2_000]);
    expect([stageAt(0, 2_000), stageAt(999, 2_000), stageAt(1_000, 2_000), stageAt(1_999, 2_000), stageAt(2_000, 2_000)]).toEqual([
      'HUP',
      'HUP',
      'TERM',
      'TERM',
      'KILL',
    ]);
  });

  it('names when the next stage starts, none after KILL, and when the kill gives up', () => {
    expect(nextStageStartMs(10, 2_000)).toBe(1_000);
    expect(nextStageStartMs(1_500, 2_000)).toBe(2_000);
    expect(nextStageStartMs(2_500, 2_000)).toBe(Infinity);
    expect(giveUpAtMs(2_000)).toBe(2_000 + KILL_SETTLE_MS);
  });

  it('a signal reaches its own stage and the earlier ones', () => {
    expect(reaches('TERM', 'HUP')).toBe(true);
    expect(reaches('TERM', 'TERM')).toBe(true);
    expect(reaches('TERM', 'KILL')).toBe(false);
  });
});

describe('KillTally', () => {
  it('counts each member that went by the last signal it was sent, or as exited unsignalled', () => {
    const tally = new KillTally<number>();
    tally.alive([1, 2, 3, 4]);
    tally.signalled(1, 'HUP');
    tally.signalled(2, 'HUP');
    tally.signalled(2, 'TERM');
    tally.alive([3, 4]);
    expect(tally.killedBy).toEqual({ HUP: 1, TERM: 1, KILL: 0 });
    expect(tally.lastSignal(3)).toBeUndefined();
    tally.signalled(4, 'KILL');
    tally.alive([]);
    expect(tally.killedBy).toEqual({ HUP: 1, TERM: 1, KILL: 1 });
    expect(tally.exitedUnsignalled).toBe(1);
  });
});
