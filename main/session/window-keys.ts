// The window's keys for tabs and panes (issue #33; the table in docs/usage.md), read in the key
// entry before the page sees a key: main decides what they do, and the page and the program
// never get them. The conventional keys of VS Code's terminal, Windows Terminal and browsers.
import type { KeyInput } from '../../contracts/renderer';
import type { FocusDirection, SplitDirection } from './pane-layout';

export type WindowKeyAction =
  | { kind: 'new-tab' }
  | { kind: 'close-tab' }
  | { kind: 'cycle-tab'; delta: 1 | -1 }
  | { kind: 'go-to-tab'; number: number }
  | { kind: 'split'; direction: SplitDirection }
  | { kind: 'move-focus'; direction: FocusDirection };

interface Modifiers { control: boolean; shift: boolean; alt: boolean }

const ARROWS: Record<string, FocusDirection> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
const LATIN_LETTER = /^[a-z]$/i;

function held(input: KeyInput, wanted: Modifiers): boolean {
  return !input.meta && input.control === wanted.control && input.shift === wanted.shift && input.alt === wanted.alt;
}

/** A letter key by the character the layout gives, or by the physical key on layouts without Latin letters (as Ctrl+C). */
function isLetter(input: KeyInput, letter: string): boolean {
  return LATIN_LETTER.test(input.key) ? input.key.toLowerCase() === letter : input.code === `Key${letter.toUpperCase()}`;
}

/** The window's action for this key, whatever its type (down, repeat, up); undefined: not one of the window's keys. */
export function windowKey(input: KeyInput): WindowKeyAction | undefined {
  const ctrlShift = held(input, { control: true, shift: true, alt: false });
  const ctrl = held(input, { control: true, shift: false, alt: false });
  const alt = held(input, { control: false, shift: false, alt: true });
  const altShift = held(input, { control: false, shift: true, alt: true });
  if (ctrlShift && isLetter(input, 't')) return { kind: 'new-tab' };
  if (ctrlShift && isLetter(input, 'w')) return { kind: 'close-tab' };
  if ((ctrl && input.code === 'Tab') || (ctrl && input.code === 'PageDown')) return { kind: 'cycle-tab', delta: 1 };
  if ((ctrlShift && input.code === 'Tab') || (ctrl && input.code === 'PageUp')) return { kind: 'cycle-tab', delta: -1 };
  const digit = /^Digit([1-9])$/.exec(input.code)?.[1];
  if (alt && digit) return { kind: 'go-to-tab', number: Number(digit) };
  // VS Code's split (Ctrl+Shift+5), Windows Terminal's (Alt+Shift+Plus right, Alt+Shift+Minus down)
  if ((ctrlShift && input.code === 'Digit5') || (altShift && (input.code === 'Equal' || input.code === 'NumpadAdd'))) return { kind: 'split', direction: 'right' };
  if (altShift && (input.code === 'Minus' || input.code === 'NumpadSubtract')) return { kind: 'split', direction: 'down' };
  const arrow = ARROWS[input.code];
  if (alt && arrow) return { kind: 'move-focus', direction: arrow };
  return undefined;
}
