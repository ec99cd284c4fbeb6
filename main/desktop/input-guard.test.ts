// The desktop's adapter of the key entry: before-input-event in, preventDefault out. What the
// entry decides for each key is main/desktop/key-entry.test.ts's.
import { Keymap } from '../core/actions';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../platform/log/log';
import { installInputGuard } from './input-guard';
import { FakeWebContents } from './wiring.test-support';

function guarded(): { page: FakeWebContents; presses: () => number; others: () => number } {
  const page = new FakeWebContents(1);
  let presses = 0;
  let others = 0;
  installInputGuard(
    page,
    { pressCtrlC: () => (presses += 1), keyPressed: () => (others += 1), runAction: () => undefined, keymap: new Keymap({}, 'other') },
    silentLogger,
  );
  return { page, presses: () => presses, others: () => others };
}

describe('input guard (before-input-event)', () => {
  it('registers a Ctrl+C key-down once and keeps it from the page', () => {
    const { page, presses } = guarded();
    const event = page.key({ key: 'c', control: true });
    expect(presses()).toBe(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it('keeps auto-repeat and the key-up from the page without counting them', () => {
    const { page, presses } = guarded();
    page.key({ key: 'c', control: true });
    const repeat = page.key({ key: 'c', control: true, isAutoRepeat: true });
    const up = page.key({ key: 'c', control: true, type: 'keyUp' });
    expect(presses()).toBe(1);
    expect([repeat.defaultPrevented, up.defaultPrevented]).toEqual([true, true]);
  });

  it('gives every other key to the page, and tells the session of a real press', () => {
    const { page, presses, others } = guarded();
    const events = [page.key({ key: 'l' }), page.key({ key: 'C', control: true, shift: true }), page.key({ key: 'l', type: 'keyUp' })];
    expect(events.map((e) => e.defaultPrevented)).toEqual([false, false, false]);
    expect(others()).toBe(2);
    expect(presses()).toBe(0);
  });

  it('stops listening when disposed', () => {
    const page = new FakeWebContents(1);
    const guard = installInputGuard(
      page,
      { pressCtrlC: () => undefined, keyPressed: () => undefined, runAction: () => undefined, keymap: new Keymap({}, 'other') },
      silentLogger,
    );
    expect(page.listenerCount('before-input-event')).toBe(1);
    guard.dispose();
    expect(page.listenerCount('before-input-event')).toBe(0);
  });
});
