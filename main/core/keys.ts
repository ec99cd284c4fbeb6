// The one parser and matcher of keys (issue #45): a key as the settings and the docs write it
// ("Ctrl+Shift+T", the global shortcut's "CommandOrControl+Alt+Q"), and whether a key event —
// main's before-input-event or the page's KeyboardEvent, both as a KeyPress — is that key. The
// action table (actions.ts) and every key handler of both processes match keys through here:
// no other file compares a key event's key or code (build/keys-only-in-table.test.ts).
import type { Result } from '../../contracts/result';
import { canonicalKey, DIGIT, LATIN_LETTER, MODIFIERS, NAMED_KEYS } from './key-names';

/** A key event as both processes see it: the layout's character (`key`), the physical key (`code`), the modifiers held. */
export interface KeyPress {
  key: string;
  code: string;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  meta: boolean;
}

/** A parsed key: the modifiers and one key by its canonical name (`A`, `5`, `PageUp`, `=`). */
export interface Chord {
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  meta: boolean;
  key: string;
}

export type KeyParse = Result<Chord>;

/** Where the keys are read: CmdOrCtrl is Cmd on macOS, Ctrl elsewhere. */
export type KeyPlatform = 'mac' | 'other';

/** The key platform of a Node platform name (process.platform). */
export function keyPlatformOf(platform: string): KeyPlatform {
  return platform === 'darwin' ? 'mac' : 'other';
}

/** Parses "Ctrl+Shift+T", "Alt+Shift+Plus", "CommandOrControl+Alt+Q" (case-insensitive). */
export function parseKey(text: string, platform: KeyPlatform): KeyParse {
  // "+" as the key itself: "Ctrl++"
  const parts = text.endsWith('++') ? [...text.slice(0, -2).split('+'), '+'] : text.split('+');
  const last = parts.pop() ?? '';
  const key = canonicalKey(last.trim());
  if (key === undefined)
    return { ok: false, error: `"${last}" is not a key (a letter, a digit, F1-F24, or a name such as Tab, PageUp, Left, Plus)` };
  const chord: Chord = { ctrl: false, shift: false, alt: false, meta: false, key };
  for (const part of parts) {
    const modifier = MODIFIERS[part.trim().toLowerCase()];
    if (modifier === undefined) return { ok: false, error: `"${part}" is not a modifier (Ctrl, Shift, Alt, Meta, CmdOrCtrl)` };
    if (modifier === 'cmdOrCtrl') chord[platform === 'mac' ? 'meta' : 'ctrl'] = true;
    else chord[modifier] = true;
  }
  return { ok: true, value: chord };
}

/** "Ctrl+Shift+T": how the docs, the palette and the menus show a key. */
export function keyLabel(chord: Chord): string {
  const names = [chord.ctrl && 'Ctrl', chord.meta && 'Cmd', chord.alt && 'Alt', chord.shift && 'Shift'].filter(
    (name): name is string => typeof name === 'string',
  );
  const key = chord.key === '=' ? 'Plus' : chord.key === '-' ? 'Minus' : chord.key;
  return [...names, key].join('+');
}

/** "Control+Shift+T": a key as aria-keyshortcuts names it. */
export function ariaKeyShortcut(chord: Chord): string {
  const names = [chord.ctrl && 'Control', chord.meta && 'Meta', chord.alt && 'Alt', chord.shift && 'Shift'].filter(
    (name): name is string => typeof name === 'string',
  );
  const key =
    chord.key === '='
      ? 'Plus'
      : chord.key === '-'
        ? 'Minus'
        : chord.key === 'Up' || chord.key === 'Down' || chord.key === 'Left' || chord.key === 'Right'
          ? `Arrow${chord.key}`
          : chord.key;
  return [...names, key].join('+');
}

/** Whether the browser pastes by itself on this key (Ctrl+Shift+V, its "paste as plain text"), as xterm expects a paste to come. */
export function browserPastes(press: KeyPress): boolean {
  return matches(press, BROWSER_PASTE);
}

/** The same key (conflicts): modifiers and key alike. */
export function sameChord(a: Chord, b: Chord): boolean {
  return a.ctrl === b.ctrl && a.shift === b.shift && a.alt === b.alt && a.meta === b.meta && a.key === b.key;
}

/**
 * Whether `press` is `chord`. A letter is matched by the character the layout produces ('t' on
 * QWERTY, Dvorak, AZERTY …), on layouts without Latin letters (Cyrillic, Greek) by the physical
 * key, as terminals do; a digit by its physical key (Shift+5 gives '%').
 */
export function matches(press: KeyPress, chord: Chord): boolean {
  if (press.ctrl !== chord.ctrl || press.shift !== chord.shift || press.alt !== chord.alt || press.meta !== chord.meta) return false;
  return isKey(press, chord.key);
}

/** Whether `press` is the key `key` (a canonical name), whatever the modifiers. */
function isKey(press: KeyPress, key: string): boolean {
  if (LATIN_LETTER.test(key)) return LATIN_LETTER.test(press.key) ? press.key.toUpperCase() === key : press.code === `Key${key}`;
  if (DIGIT.test(key)) return press.code === `Digit${key}`;
  const named = NAMED_KEYS[key];
  if (named === undefined) return press.key === key;
  return (named.codes?.includes(press.code) ?? false) || (named.values?.includes(press.key) ?? false);
}

/** Ctrl+C without Shift/Alt/Meta (Ctrl+Shift+C is copy): the key the double-press machine owns (DESIGN §2), never an action. */
export const CTRL_C: Chord = { ctrl: true, shift: false, alt: false, meta: false, key: 'C' };

/** Whether `chord` is Ctrl+C, however it was spelled ("ctrl+c", "Control+C", "CmdOrCtrl+C" off macOS). */
export function isCtrlC(chord: Chord): boolean {
  return sameChord(chord, CTRL_C);
}

const BROWSER_PASTE: Chord = { ctrl: true, shift: true, alt: false, meta: false, key: 'V' };

/** Keys that are only ever held with another one: alone they are no press (DESIGN §2). */
const MODIFIER_KEYS = new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'OS',
  'Super',
  'Hyper',
  'Fn',
  'CapsLock',
  'NumLock',
  'ScrollLock',
]);

export function isModifierKey(press: KeyPress): boolean {
  return MODIFIER_KEYS.has(press.key);
}

/** The keys inside a dialog, list or box (the palette, menus, the search box, the tab bar): fixed, as every desktop's are. */
export type WidgetKey =
  | 'dismiss'
  | 'accept'
  | 'accept-back'
  | 'next'
  | 'previous'
  | 'first'
  | 'last'
  | 'left'
  | 'right'
  | 'tab'
  | 'tab-back'
  | 'activate'
  | 'match-case'
  | 'whole-word'
  | 'regex'
  | 'delete'
  | 'rename';

const WIDGET_KEYS: ReadonlyArray<[string, WidgetKey]> = [
  ['Escape', 'dismiss'],
  ['Enter', 'accept'],
  ['Shift+Enter', 'accept-back'],
  ['Down', 'next'],
  ['Up', 'previous'],
  ['Home', 'first'],
  ['End', 'last'],
  ['Left', 'left'],
  ['Right', 'right'],
  ['Tab', 'tab'],
  ['Shift+Tab', 'tab-back'],
  ['Space', 'activate'],
  // the find box's toggles, VS Code's; Delete closes a focused tab, F2 renames it
  ['Alt+C', 'match-case'],
  ['Alt+W', 'whole-word'],
  ['Alt+R', 'regex'],
  ['Delete', 'delete'],
  ['F2', 'rename'],
];
const WIDGET_CHORDS = WIDGET_KEYS.map(([text, name]) => [chordOf(text, 'other'), name] as const);

/** Which of the widgets' keys `press` is, if any. */
export function widgetKey(press: KeyPress): WidgetKey | undefined {
  return WIDGET_CHORDS.find(([chord]) => matches(press, chord))?.[1];
}

/** The widgets' keys as the docs list them. */
export const WIDGET_KEY_LABELS: ReadonlyArray<[string, WidgetKey]> = WIDGET_KEYS;

/** A key the code itself writes (the table's defaults): parsed, or a programming error. */
export function chordOf(text: string, platform: KeyPlatform): Chord {
  const parsed = parseKey(text, platform);
  if (!parsed.ok) throw new Error(`bad built-in key ${text}: ${parsed.error}`);
  return parsed.value;
}

/** The press of a page's KeyboardEvent. */
export function pressOfEvent(event: {
  key: string;
  code: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}): KeyPress {
  return { key: event.key, code: event.code, ctrl: event.ctrlKey, shift: event.shiftKey, alt: event.altKey, meta: event.metaKey };
}

/** The press of main's before-input-event input (contracts' KeyInput). */
export function pressOfInput(input: {
  key: string;
  code: string;
  control: boolean;
  shift: boolean;
  alt: boolean;
  meta: boolean;
}): KeyPress {
  return { key: input.key, code: input.code, ctrl: input.control, shift: input.shift, alt: input.alt, meta: input.meta };
}
