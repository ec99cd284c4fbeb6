// Which complete CSI sequences from a terminal are key presses (DESIGN §2). Replies to a
// program's queries, focus and mouse reports and kitty releases, repeats and lone modifiers
// are not.

export interface Csi {
  params: string;
  intermediates: string;
  final: string;
}

/** kitty keyboard protocol event types (the sub-parameter of the modifiers) that are not a press */
const KITTY_REPEAT = 2;
const KITTY_RELEASE = 3;
/** kitty's key codes for lone modifiers (LEFT_SHIFT … ISO_LEVEL5_SHIFT) and lock keys */
const KITTY_MODIFIER_FIRST = 57441;
const KITTY_MODIFIER_LAST = 57452;
const KITTY_LOCKS = new Set([57358, 57359, 57360]); // caps, scroll, num lock
const PASTE_START = '200';
/** Finals of CSI sequences that are a terminal's reports or replies, never a key. */
const REPORT_FINALS = new Set([
  'I',
  'O', // focus in / out (mode 1004), only without parameters
  'R', // cursor position report (DSR 6, DECXCPR)
  'n', // device status report (DSR 5, the colour-scheme report 997)
  't', // window reports
  'c', // device attributes (with ? > = prefixes)
  'y', // DECRPM mode report (with $)
]);

export function isKeySequence({ params, intermediates, final }: Csi): boolean {
  if (final === 'M' || final === 'm') {
    // SGR mouse (CSI < b;x;y M/m), urxvt mouse (CSI b;x;y M)
    if (params.startsWith('<') || /^\d+;\d+;\d+$/.test(params)) return false;
  }
  if (REPORT_FINALS.has(final)) {
    if ((final === 'I' || final === 'O') && params !== '') return true;
    if (final === 'y' && intermediates !== '$') return true;
    return false;
  }
  if (final === '~' && params === PASTE_START) return true; // a paste is the user's text
  if (final === 'u' && params.startsWith('?')) return false; // kitty flags reply (CSI ? flags u)
  const [key = '', modifiers = ''] = params.split(';');
  const event = Number(modifiers.split(':')[1] ?? '1');
  if (event === KITTY_REPEAT || event === KITTY_RELEASE) return false;
  if (final === 'u') {
    const code = Number(key.split(':')[0]);
    if ((code >= KITTY_MODIFIER_FIRST && code <= KITTY_MODIFIER_LAST) || KITTY_LOCKS.has(code)) return false;
  }
  return true;
}
