// The hint counts down the double-press interval on the Ctrl+C machine's own clock, so the fake
// clock that drives CtrlCState (the only fake the team rules allow) drives the hint too; its
// timers are real.
import { describe, expect, it } from 'vitest';
import type { HintState } from '../../contracts/renderer';
import { CtrlCState } from '../core/ctrl-c-state';
import { DoublePressHint } from './double-press-hint';

function hintOn(state: CtrlCState): { hint: DoublePressHint; shown: HintState[]; expired: () => number } {
  let expired = 0;
  const hint = new DoublePressHint(
    () => state.hintRemainingMs(),
    () => expired++,
  );
  const shown: HintState[] = [];
  hint.onHint((h) => shown.push(h));
  return { hint, shown, expired: () => expired };
}

describe('DoublePressHint', () => {
  it("tells the time left as the machine's clock has it when the press's answer is shown", () => {
    let now = 10_000;
    const state = new CtrlCState({ clock: () => now, intervalMs: 1000 });
    const { hint, shown, expired } = hintOn(state);
    try {
      expect(state.register()).toBe('cancel');
      hint.show();
      now += 400; // the answer reaches the screen 400 ms after the press, by the machine's clock
      hint.reveal();
      now += 100;
      hint.hide();
      expect(shown).toEqual([
        { visible: true, remainingMs: 600 },
        { visible: false, remainingMs: 0 },
      ]);
      expect(expired()).toBe(1);
    } finally {
      hint.dispose();
    }
  });

  it('hides itself once the interval the machine gave is over', async () => {
    const state = new CtrlCState({ clock: () => 0, debounceMs: 0, intervalMs: 20 });
    const { hint, shown, expired } = hintOn(state);
    try {
      expect(state.register()).toBe('cancel');
      const hidden = new Promise<void>((resolve) =>
        hint.onHint((h) => {
          if (!h.visible) resolve();
        }),
      );
      hint.show();
      await hidden;
      // nothing was printed: the hint went out on its own before it was hidden, with the whole interval
      expect(shown).toEqual([
        { visible: true, remainingMs: 20 },
        { visible: false, remainingMs: 0 },
      ]);
      expect(expired()).toBe(1);
    } finally {
      hint.dispose();
    }
  });
});
