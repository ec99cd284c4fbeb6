import { describe, expect, it } from 'vitest';
import { Keymap } from '../main/core/actions';
import { pressOfEvent } from '../main/core/keys';

const key = (init: Partial<KeyboardEvent>): KeyboardEvent =>
  ({ key: '', code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init }) as KeyboardEvent;
/** The zoom action a key runs in the terminal, by the action table, on Linux or macOS. */
const zoomAction = (event: KeyboardEvent, isMac: boolean): string | undefined => {
  const id = new Keymap({}, isMac ? 'mac' : 'other').action(pressOfEvent(event), 'terminal');
  return id === 'zoomIn' ? 'in' : id === 'zoomOut' ? 'out' : id === 'zoomReset' ? 'reset' : undefined;
};

describe('the zoom keys', () => {
  it('Ctrl+= and Ctrl++ zoom in, Ctrl+- out, Ctrl+0 resets', () => {
    expect(zoomAction(key({ key: '=', code: 'Equal', ctrlKey: true }), false)).toBe('in');
    expect(zoomAction(key({ key: '+', code: 'Equal', ctrlKey: true, shiftKey: true }), false)).toBe('in');
    expect(zoomAction(key({ key: '-', code: 'Minus', ctrlKey: true }), false)).toBe('out');
    expect(zoomAction(key({ key: '0', code: 'Digit0', ctrlKey: true }), false)).toBe('reset');
    expect(zoomAction(key({ key: '+', code: 'NumpadAdd', ctrlKey: true }), false)).toBe('in');
  });

  it("on macOS the keys are Cmd, and Ctrl+= stays the program's", () => {
    expect(zoomAction(key({ key: '=', metaKey: true }), true)).toBe('in');
    expect(zoomAction(key({ key: '=', ctrlKey: true }), true)).toBeUndefined();
    expect(zoomAction(key({ key: '=', metaKey: true }), false)).toBeUndefined();
  });

  it('leaves other chords to the terminal: Ctrl+_ (undo), Alt, plain keys', () => {
    expect(zoomAction(key({ key: '_', code: 'Minus', ctrlKey: true, shiftKey: true }), false)).toBeUndefined();
    expect(zoomAction(key({ key: '=', ctrlKey: true, altKey: true }), false)).toBeUndefined();
    expect(zoomAction(key({ key: '=' }), false)).toBeUndefined();
    expect(zoomAction(key({ key: ')', code: 'Digit0', ctrlKey: true, shiftKey: true }), false)).toBeUndefined();
  });
});
