import { describe, expect, it } from 'vitest';
import type { KeyInput } from '../../contracts/renderer';
import { classifyKey, enterKey } from './key-entry';
import { Keymap, type MainActionId } from '../core/actions';

const keymap = new Keymap({}, 'other');

/** A key-down of `key` on its own physical key, no modifier, unless said otherwise. */
function key(input: Partial<KeyInput> & Pick<KeyInput, 'key'>): KeyInput {
  return {
    type: 'keyDown',
    code: `Key${input.key.toUpperCase()}`,
    control: false,
    shift: false,
    alt: false,
    meta: false,
    isAutoRepeat: false,
    ...input,
  };
}

/** The key entry on a session that counts what reaches it, and a log that keeps its event names. */
function entry(): {
  enter: (input: KeyInput) => string;
  presses: () => number;
  others: () => number;
  logged: string[];
  actions: MainActionId[];
} {
  let presses = 0;
  let others = 0;
  const logged: string[] = [];
  const actions: MainActionId[] = [];
  const target = {
    keymap,
    pressCtrlC: () => (presses += 1),
    keyPressed: () => (others += 1),
    runAction: (action: MainActionId) => void actions.push(action),
  };
  const log = { event: (name: string) => void logged.push(name) };
  return { enter: (input) => enterKey(input, target, log), presses: () => presses, others: () => others, logged, actions };
}

describe('the key entry', () => {
  it('takes a Ctrl+C key-down as one press, logged as key.ctrl-c, kept from the page', () => {
    const e = entry();
    expect(e.enter(key({ key: 'c', control: true }))).toBe('press');
    expect(e.presses()).toBe(1);
    expect(e.others()).toBe(0);
    expect(e.logged).toEqual(['key.ctrl-c']);
  });

  it('swallows auto-repeat and the key-up without a press', () => {
    const e = entry();
    e.enter(key({ key: 'c', control: true }));
    const repeats = [1, 2, 3].map(() => e.enter(key({ key: 'c', control: true, isAutoRepeat: true })));
    expect(repeats).toEqual(['swallow', 'swallow', 'swallow']);
    expect(e.enter(key({ key: 'c', control: true, type: 'keyUp' }))).toBe('swallow');
    expect(e.presses()).toBe(1);
    expect(e.logged).toEqual(['key.ctrl-c']);
  });

  it.each([
    ['Ctrl+Shift+C (copy)', { key: 'C', control: true, shift: true }],
    ['Ctrl+Alt+C', { key: 'c', control: true, alt: true }],
    ['Ctrl+Meta+C', { key: 'c', control: true, meta: true }],
    ['plain c', { key: 'c' }],
    ['Ctrl+D', { key: 'd', control: true }],
    ['Ctrl on a Dvorak J (physical KeyC)', { key: 'j', code: 'KeyC', control: true }],
  ])('passes %s to the page, no press', (_name, input) => {
    const e = entry();
    expect(e.enter(key(input))).toBe('pass');
    expect(e.presses()).toBe(0);
    expect(e.logged).toEqual([]);
  });

  it.each([
    ['Caps Lock (key "C", no Shift)', { key: 'C', control: true }],
    ['Dvorak c (physical KeyI)', { key: 'c', code: 'KeyI', control: true }],
    ['a Cyrillic layout (key "с" on KeyC)', { key: 'с', code: 'KeyC', control: true }],
    ["Chromium's rawKeyDown", { key: 'c', control: true, type: 'rawKeyDown' }],
  ])('counts Ctrl+C on %s', (_name, input) => {
    expect(classifyKey(key(input), keymap)).toBe('press');
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
  ])('reports %s as another key press %d time(s) and passes it to the page', (_name, input, count) => {
    const e = entry();
    expect(e.enter(key(input))).toBe('pass');
    expect(e.others()).toBe(count);
    expect(e.presses()).toBe(0);
  });

  it('passes the font zoom keys (Ctrl or Cmd with =, +, -, 0) to the page, whose key handler zooms', () => {
    const e = entry();
    for (const input of [
      { key: '=', control: true },
      { key: '+', control: true, shift: true },
      { key: '-', control: true },
      { key: '0', control: true },
      { key: '=', meta: true },
    ]) {
      expect(e.enter(key(input))).toBe('pass');
    }
    expect(e.presses()).toBe(0);
  });

  it.each<[string, Partial<KeyInput> & Pick<KeyInput, 'key'>, MainActionId]>([
    ['Ctrl+Shift+T', { key: 'T', control: true, shift: true }, 'newTab'],
    ['Ctrl+Shift+W', { key: 'W', control: true, shift: true }, 'closeTab'],
    ['Ctrl+Tab', { key: 'Tab', code: 'Tab', control: true }, 'nextTab'],
    ['Ctrl+Shift+Tab', { key: 'Tab', code: 'Tab', control: true, shift: true }, 'previousTab'],
    ['Ctrl+PageDown', { key: 'PageDown', code: 'PageDown', control: true }, 'nextTab'],
    ['Ctrl+PageUp', { key: 'PageUp', code: 'PageUp', control: true }, 'previousTab'],
    ['Alt+3', { key: '3', code: 'Digit3', alt: true }, 'goToTab3'],
    ['Ctrl+Shift+5', { key: '%', code: 'Digit5', control: true, shift: true }, 'splitRight'],
    ['Alt+Shift+Plus', { key: '+', code: 'Equal', alt: true, shift: true }, 'splitRight'],
    ['Alt+Shift+Minus', { key: '_', code: 'Minus', alt: true, shift: true }, 'splitDown'],
    ['Alt+Left', { key: 'ArrowLeft', code: 'ArrowLeft', alt: true }, 'focusLeft'],
    ['Alt+Down', { key: 'ArrowDown', code: 'ArrowDown', alt: true }, 'focusDown'],
    ['Ctrl+Shift+T on a Cyrillic layout', { key: 'Е', code: 'KeyT', control: true, shift: true }, 'newTab'],
  ])('takes %s for the window: once per press, never for the page', (_name, input, action) => {
    const e = entry();
    expect(e.enter(key(input))).toBe('window');
    expect(e.enter(key({ ...input, isAutoRepeat: true }))).toBe('swallow');
    expect(e.enter(key({ ...input, type: 'keyUp' }))).toBe('swallow');
    expect(e.actions).toEqual([action]);
    expect(e.presses()).toBe(0);
  });

  it('leaves Alt+letters, Ctrl+T and plain arrows to the program', () => {
    const e = entry();
    for (const input of [
      { key: 'b', alt: true },
      { key: 't', control: true },
      { key: 'ArrowLeft', code: 'ArrowLeft' },
      { key: 'ArrowLeft', code: 'ArrowLeft', control: true },
      { key: '0', code: 'Digit0', alt: true },
    ]) {
      expect(e.enter(key(input))).toBe('pass');
    }
    expect(e.actions).toEqual([]);
  });

  it("follows the keymap: a rebound key is main's, the old one the program's, an unbound action has none", () => {
    const rebound = new Keymap({ newTab: 'Ctrl+Shift+Y', closeTab: null }, 'other');
    const classify = (input: Partial<KeyInput> & Pick<KeyInput, 'key'>): string => classifyKey(key(input), rebound);
    expect(classify({ key: 'Y', control: true, shift: true })).toBe('window');
    expect(classify({ key: 'T', control: true, shift: true })).toBe('pass');
    expect(classify({ key: 'W', control: true, shift: true })).toBe('pass');
    expect(classify({ key: 'c', control: true })).toBe('press');
  });
});
