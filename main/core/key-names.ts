// The names a key can be written with (issue #45): the modifiers, the named keys with how an
// event shows each, their other spellings, and the forms of a key the settings' schema checks.
// keys.ts parses and matches keys by these.

type Modifier = 'ctrl' | 'shift' | 'alt' | 'meta' | 'cmdOrCtrl';
/** Modifier names, as Electron's accelerators spell them (case-insensitive). */
export const MODIFIERS: Record<string, Modifier> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  shift: 'shift',
  alt: 'alt',
  option: 'alt',
  altgr: 'alt',
  meta: 'meta',
  super: 'meta',
  cmd: 'meta',
  command: 'meta',
  cmdorctrl: 'cmdOrCtrl',
  commandorcontrol: 'cmdOrCtrl',
};

/** How a named key is recognised in an event: by its physical key, or by the value the layout gives. */
interface KeyMatch {
  codes?: readonly string[];
  values?: readonly string[];
}

/** Named keys by canonical name (spelled as written here, any case), with Electron's other spellings as aliases. */
export const NAMED_KEYS: Record<string, KeyMatch> = {
  Tab: { codes: ['Tab'] },
  Space: { codes: ['Space'] },
  Enter: { values: ['Enter'] },
  Escape: { values: ['Escape'] },
  Backspace: { values: ['Backspace'] },
  Delete: { values: ['Delete'] },
  Insert: { values: ['Insert'] },
  Up: { codes: ['ArrowUp'] },
  Down: { codes: ['ArrowDown'] },
  Left: { codes: ['ArrowLeft'] },
  Right: { codes: ['ArrowRight'] },
  Home: { codes: ['Home'] },
  End: { codes: ['End'] },
  PageUp: { codes: ['PageUp'] },
  PageDown: { codes: ['PageDown'] },
  ContextMenu: { values: ['ContextMenu'] },
  PrintScreen: { codes: ['PrintScreen'] },
  CapsLock: { codes: ['CapsLock'] },
  NumLock: { codes: ['NumLock'] },
  ScrollLock: { codes: ['ScrollLock'] },
  VolumeUp: { codes: ['AudioVolumeUp'] },
  VolumeDown: { codes: ['AudioVolumeDown'] },
  VolumeMute: { codes: ['AudioVolumeMute'] },
  MediaNextTrack: { codes: ['MediaTrackNext'] },
  MediaPreviousTrack: { codes: ['MediaTrackPrevious'] },
  MediaStop: { codes: ['MediaStop'] },
  MediaPlayPause: { codes: ['MediaPlayPause'] },
  NumpadAdd: { codes: ['NumpadAdd'] },
  NumpadSubtract: { codes: ['NumpadSubtract'] },
  NumpadMultiply: { codes: ['NumpadMultiply'] },
  NumpadDivide: { codes: ['NumpadDivide'] },
  NumpadDecimal: { codes: ['NumpadDecimal'] },
  // Ctrl++ is Ctrl+Shift+= on US layouts and its own key on others: "=" is either
  '=': { codes: ['Equal'], values: ['=', '+'] },
  '-': { codes: ['Minus'], values: ['-'] },
  ',': { values: [','] },
  '.': { values: ['.'] },
  '/': { values: ['/'] },
  ';': { values: [';'] },
  "'": { values: ["'"] },
  '[': { values: ['['] },
  ']': { values: [']'] },
  '\\': { values: ['\\'] },
  '`': { values: ['`'] },
  ...Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`F${i + 1}`, { codes: [`F${i + 1}`] }])),
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`Numpad${i}`, { codes: [`Numpad${i}`] }])),
};
/** Other spellings (Electron's and the DOM's) of a canonical key. */
const KEY_ALIASES: Record<string, string> = {
  return: 'Enter',
  esc: 'Escape',
  arrowup: 'Up',
  arrowdown: 'Down',
  arrowleft: 'Left',
  arrowright: 'Right',
  plus: '=',
  '+': '=',
  equal: '=',
  minus: '-',
  comma: ',',
  period: '.',
  slash: '/',
  semicolon: ';',
  quote: "'",
  backslash: '\\',
  backquote: '`',
  numadd: 'NumpadAdd',
  numsub: 'NumpadSubtract',
  nummult: 'NumpadMultiply',
  numdiv: 'NumpadDivide',
  numdec: 'NumpadDecimal',
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`num${i}`, `Numpad${i}`])),
};
const CANONICAL = new Map(Object.keys(NAMED_KEYS).map((name) => [name.toLowerCase(), name]));
export const LATIN_LETTER = /^[a-z]$/i;
export const DIGIT = /^[0-9]$/;
/** Shifted punctuation Electron's accelerators allow for the global shortcut: matched by the character. */
const SHIFTED_PUNCTUATION = new Set([...')!@#$%^&*(:<_>?~{|}"']);

/** The canonical name of one key as written, or undefined. */
export function canonicalKey(text: string): string | undefined {
  if (LATIN_LETTER.test(text)) return text.toUpperCase();
  if (DIGIT.test(text) || SHIFTED_PUNCTUATION.has(text)) return text;
  const lower = text.toLowerCase();
  return CANONICAL.get(lower) ?? KEY_ALIASES[lower];
}

/** The forms of a key in the schema (its validator knows keys by these; parseKey then reads them): with any modifiers, or at least one (the global shortcut's). */
export const KEY_FORMAT = keyFormat('*');
export const SHORTCUT_FORMAT = keyFormat('+');

function keyFormat(modifiers: '*' | '+'): RegExp {
  const keys = [...CANONICAL.keys(), ...Object.keys(KEY_ALIASES)].map(escapeRegExp).join('|');
  const punctuation = [...SHIFTED_PUNCTUATION].map(escapeRegExp).join('');
  return new RegExp(`^(?:(?:${Object.keys(MODIFIERS).join('|')})\\+)${modifiers}(?:[a-z0-9]|${keys}|[${punctuation}])$`, 'i');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
