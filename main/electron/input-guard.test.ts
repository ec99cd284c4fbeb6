import { describe, expect, it } from 'vitest';
import { silentLogger } from '../platform/log/log';
import { classifyKey, installInputGuard } from './input-guard';
import { FakeWebContents, keyInput } from './wiring.test-support';

function guarded(): { page: FakeWebContents; presses: () => number } {
  const page = new FakeWebContents(1);
  let presses = 0;
  installInputGuard(
    page,
    () => {
      presses += 1;
    },
    silentLogger,
  );
  return { page, presses: () => presses };
}

describe('input guard (before-input-event)', () => {
  it('registers a Ctrl+C key-down once and keeps it from the page', () => {
    const { page, presses } = guarded();
    const event = page.key({ key: 'c', control: true });
    expect(presses()).toBe(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it('ignores auto-repeat as a press but still keeps it from the page', () => {
    const { page, presses } = guarded();
    page.key({ key: 'c', control: true });
    const repeats = [1, 2, 3].map(() => page.key({ key: 'c', control: true, isAutoRepeat: true }));
    expect(presses()).toBe(1);
    expect(repeats.every((e) => e.defaultPrevented)).toBe(true);
  });

  it('swallows the key-up without counting it', () => {
    const { page, presses } = guarded();
    const up = page.key({ key: 'c', control: true, type: 'keyUp' });
    expect(presses()).toBe(0);
    expect(up.defaultPrevented).toBe(true);
  });

  it.each([
    ['Ctrl+Shift+C (copy)', { key: 'C', control: true, shift: true }],
    ['Ctrl+Alt+C', { key: 'c', control: true, alt: true }],
    ['Ctrl+Meta+C', { key: 'c', control: true, meta: true }],
    ['plain c', { key: 'c' }],
    ['Ctrl+D', { key: 'd', control: true }],
    ['Ctrl on a Dvorak J (physical KeyC)', { key: 'j', code: 'KeyC', control: true }],
  ])('lets %s through untouched', (_name, input) => {
    const { page, presses } = guarded();
    const event = page.key(input);
    expect(presses()).toBe(0);
    expect(event.defaultPrevented).toBe(false);
  });

  it.each([
    ['Caps Lock (key "C", no Shift)', { key: 'C', control: true }],
    ['Dvorak c (physical KeyI)', { key: 'c', code: 'KeyI', control: true }],
    ['a Cyrillic layout (key "с" on KeyC)', { key: 'с', code: 'KeyC', control: true }],
    ["Chromium's rawKeyDown", { key: 'c', control: true, type: 'rawKeyDown' }],
  ])('counts Ctrl+C on %s', (_name, input) => {
    expect(classifyKey(keyInput(input))).toBe('press');
  });

  it.each([
    ['a letter', { key: 'l' }, 1],
    ['Enter', { key: 'Enter' }, 1],
    ['Backspace', { key: 'Backspace' }, 1],
    ['Ctrl+Up (prompt jump; still reaches the page)', { key: 'ArrowUp', control: true }, 1],
    ['a key release', { key: 'l', type: 'keyUp' }, 0],
    ['an auto-repeat', { key: 'l', isAutoRepeat: true }, 0],
    ['Control alone', { key: 'Control', control: true }, 0],
    ['Shift alone', { key: 'Shift', shift: true }, 0],
    ['Ctrl+C (a press, not another key)', { key: 'c', control: true }, 0],
  ])('reports %s as another key press %d time(s), never keeping it from the page', (_name, input, count) => {
    const page = new FakeWebContents(1);
    let others = 0;
    installInputGuard(page, () => undefined, silentLogger, () => (others += 1));
    const event = page.key(input);
    expect(others).toBe(count);
    if (input.key !== 'c') expect(event.defaultPrevented).toBe(false);
  });

  it('passes the font zoom keys (Ctrl or Cmd with =, +, -, 0) to the page, whose key handler zooms as in the harness', () => {
    const { page, presses } = guarded();
    for (const input of [{ key: '=', control: true }, { key: '+', control: true, shift: true }, { key: '-', control: true }, { key: '0', control: true }, { key: '=', meta: true }]) {
      expect(page.key(input).defaultPrevented).toBe(false);
    }
    expect(presses()).toBe(0);
  });

  it('stops listening when disposed', () => {
    const page = new FakeWebContents(1);
    const guard = installInputGuard(page, () => undefined, silentLogger);
    expect(page.listenerCount('before-input-event')).toBe(1);
    guard.dispose();
    expect(page.listenerCount('before-input-event')).toBe(0);
  });
});
