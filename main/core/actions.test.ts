import { describe, expect, it } from 'vitest';
import { ACTION_IDS, ACTIONS, keybindingProblems, Keymap } from './actions';
import { validateConfig } from './config-validation';
import { chordOf, isCtrlC, sameChord } from './keys';
import { press } from './keys.test-support';

describe('the action table', () => {
  it('gives no two actions one key, and none Ctrl+C', () => {
    const all = ACTION_IDS.flatMap((id) => ACTIONS[id].keys.map((text) => ({ id, chord: chordOf(text, 'other') })));
    for (const a of all) {
      expect(isCtrlC(a.chord)).toBe(false);
      const others = all.filter((b) => b.id !== a.id && sameChord(a.chord, b.chord)).map((b) => b.id);
      expect(others, a.id).toEqual([]);
    }
  });

  it('has the palette on Ctrl+Shift+P and the process view on a key of its own', () => {
    const keymap = new Keymap({}, 'other');
    expect(keymap.action(press({ key: 'P', code: 'KeyP', ctrl: true, shift: true }), 'terminal')).toBe('commandPalette');
    expect(keymap.labels('toggleProcesses')).toEqual(['Ctrl+Shift+J']);
  });

  it('reads a key where its action applies only', () => {
    const keymap = new Keymap({}, 'other');
    const ctrlShiftT = press({ key: 'T', code: 'KeyT', ctrl: true, shift: true });
    expect(keymap.action(ctrlShiftT, 'main')).toBe('newTab');
    expect(keymap.action(ctrlShiftT, 'terminal')).toBeUndefined();
    const ctrlShiftK = press({ key: 'K', code: 'KeyK', ctrl: true, shift: true });
    expect(keymap.action(ctrlShiftK, 'process-view')).toBe('stopJob');
    expect(keymap.action(ctrlShiftK, 'notices')).toBeUndefined();
  });

  it('lays the bindings over the defaults: a rebound key, an unbound action', () => {
    const keymap = new Keymap({ find: 'Ctrl+Alt+F', copy: null }, 'other');
    expect(keymap.action(press({ key: 'f', code: 'KeyF', ctrl: true, alt: true }), 'terminal')).toBe('find');
    expect(keymap.action(press({ key: 'F', code: 'KeyF', ctrl: true, shift: true }), 'terminal')).toBeUndefined();
    expect(keymap.labels('copy')).toEqual([]);
  });
});

describe('the keybindings setting', () => {
  const problems = (bindings: Record<string, unknown>, shortcut: string | null = 'CommandOrControl+Alt+Q') =>
    keybindingProblems(bindings, shortcut);

  it('accepts a new key, a swap and an unbinding', () => {
    expect(problems({ find: 'Ctrl+Alt+F', copy: null, paste: 'none' })).toEqual([]);
    expect(problems({ find: 'Ctrl+Shift+C', copy: 'Ctrl+Shift+F' })).toEqual([]);
    expect(problems({ find: 'Ctrl+Shift+C', copy: null })).toEqual([]);
  });

  it.each(['Ctrl+C', 'ctrl+c', 'Control+C', 'CmdOrCtrl+C'])('refuses Ctrl+C as %s', (key) => {
    expect(problems({ find: key })).toEqual([{ key: 'keybindings.find', message: expect.stringContaining('Ctrl+C cannot be bound') }]);
  });

  it('refuses a key another action has, and the later of two bindings on one key', () => {
    expect(problems({ find: 'Ctrl+Shift+T' })).toEqual([
      { key: 'keybindings.find', message: expect.stringContaining('Ctrl+Shift+T is already the key of newTab') },
    ]);
    expect(problems({ find: 'Ctrl+Alt+X', copy: 'Ctrl+Alt+X' })).toEqual([
      { key: 'keybindings.copy', message: expect.stringContaining('already the key of find') },
    ]);
  });

  it("refuses the global shortcut's key and a key that does not parse", () => {
    expect(problems({ find: 'Ctrl+Alt+Q' })).toEqual([
      { key: 'keybindings.find', message: expect.stringContaining('is the global shortcut') },
    ]);
    expect(problems({ find: 'Ctrl+Alt+Q' }, null)).toEqual([]);
    expect(problems({ find: 'Ctrl+Nope' })).toEqual([{ key: 'keybindings.find', message: expect.stringContaining('is not a key') }]);
  });

  it('in the settings file: each refused binding a problem, its action keeping its default keys', () => {
    const { config, problems: found } = validateConfig({
      keybindings: { find: 'Ctrl+C', copy: 'Ctrl+Alt+C', nope: 'Ctrl+Alt+N', paste: 'Hyper+V', zoomReset: 'none' },
    });
    const message = (key: string): string | undefined => found.find((p) => p.key === key)?.message;
    expect(found.map((p) => p.key).sort()).toEqual(['keybindings.find', 'keybindings.nope', 'keybindings.paste']);
    expect(message('keybindings.nope')).toMatch(/^unknown action/);
    expect(message('keybindings.paste')).toMatch(/must be a key like/);
    expect(config.keybindings).toEqual({ copy: 'Ctrl+Alt+C', zoomReset: null });
  });
});
