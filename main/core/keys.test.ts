import { describe, expect, it } from 'vitest';
import { KEY_FORMAT, SHORTCUT_FORMAT } from './key-names';
import { CTRL_C, isCtrlC, keyLabel, matches, parseKey, widgetKey, type KeyPress } from './keys';
import { press } from './keys.test-support';

const parsed = (text: string, platform: 'mac' | 'other' = 'other') => {
  const result = parseKey(text, platform);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe('the key parser', () => {
  it.each([
    ['Ctrl+Shift+T', 'Ctrl+Shift+T'],
    ['ctrl+shift+t', 'Ctrl+Shift+T'],
    ['Control+Alt+Q', 'Ctrl+Alt+Q'],
    ['CommandOrControl+Alt+Q', 'Ctrl+Alt+Q'],
    ['Alt+Shift+Plus', 'Alt+Shift+Plus'],
    ['Alt+Shift+=', 'Alt+Shift+Plus'],
    ['Ctrl++', 'Ctrl+Plus'],
    ['Alt+Left', 'Alt+Left'],
    ['Alt+ArrowLeft', 'Alt+Left'],
    ['Shift+F10', 'Shift+F10'],
    ['Ctrl+,', 'Ctrl+,'],
    ['F5', 'F5'],
  ])('reads %s as %s', (text, label) => {
    expect(keyLabel(parsed(text))).toBe(label);
  });

  it('reads CmdOrCtrl as Cmd on macOS', () => {
    expect(keyLabel(parsed('CmdOrCtrl+0', 'mac'))).toBe('Cmd+0');
  });

  it.each([['Ctrl+Shift+'], ['Hyper+T'], ['Ctrl+Foo'], ['']])('refuses %j with a reason', (text) => {
    const result = parseKey(text, 'other');
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toMatch(/is not a (key|modifier)/);
  });

  it('has schema formats that agree with it', () => {
    for (const good of ['Ctrl+Shift+T', 'CommandOrControl+Alt+Q', 'Alt+Shift+Plus', 'Ctrl++', 'Shift+F10'])
      expect(KEY_FORMAT.test(good)).toBe(true);
    for (const bad of ['Ctrl+Foo', 'Hyper+T', 'Ctrl+Shift+']) expect(KEY_FORMAT.test(bad)).toBe(false);
    expect(KEY_FORMAT.test('F5')).toBe(true);
    expect(SHORTCUT_FORMAT.test('F5')).toBe(false);
    expect(SHORTCUT_FORMAT.test('Ctrl+F5')).toBe(true);
  });

  it('knows Ctrl+C however it is spelled, and only Ctrl+C', () => {
    for (const text of ['Ctrl+C', 'control+c', 'CmdOrCtrl+C']) expect(isCtrlC(parsed(text))).toBe(true);
    for (const text of ['Ctrl+Shift+C', 'Ctrl+Alt+C', 'Alt+C']) expect(isCtrlC(parsed(text))).toBe(false);
  });
});

describe('matching a key event', () => {
  it.each<[string, Partial<KeyPress> & Pick<KeyPress, 'key'>]>([
    ['Ctrl+Shift+T', { key: 'T', code: 'KeyT', ctrl: true, shift: true }],
    ['Ctrl+Shift+T', { key: 'Е', code: 'KeyT', ctrl: true, shift: true }],
    ['Ctrl+Shift+5', { key: '%', code: 'Digit5', ctrl: true, shift: true }],
    ['Alt+Shift+Plus', { key: '+', code: 'Equal', alt: true, shift: true }],
    ['Ctrl+Plus', { key: '+', code: 'BracketRight', ctrl: true }],
    ['Alt+Left', { key: 'ArrowLeft', code: 'ArrowLeft', alt: true }],
    ['Ctrl+C', { key: 'c', code: 'KeyI', ctrl: true }],
  ])('%s matches %j', (text, event) => {
    expect(matches(press(event), parsed(text))).toBe(true);
  });

  it("needs the exact modifiers, and the layout's letter over the physical key", () => {
    expect(matches(press({ key: 'c', code: 'KeyC', ctrl: true, shift: true }), CTRL_C)).toBe(false);
    expect(matches(press({ key: 'j', code: 'KeyC', ctrl: true }), CTRL_C)).toBe(false);
  });

  it("names the widgets' keys", () => {
    expect(widgetKey(press({ key: 'Escape', code: 'Escape' }))).toBe('dismiss');
    expect(widgetKey(press({ key: 'Enter', code: 'Enter', shift: true }))).toBe('accept-back');
    expect(widgetKey(press({ key: 'ArrowDown', code: 'ArrowDown' }))).toBe('next');
    expect(widgetKey(press({ key: 'a', code: 'KeyA' }))).toBeUndefined();
  });
});
