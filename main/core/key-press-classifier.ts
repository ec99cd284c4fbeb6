// DESIGN §2: a double press is two presses in a row. Any key the user presses between two
// Ctrl+C ends the double-press window; what else travels on the input stream does not.

const ESC = '\x1b';
/** kitty keyboard protocol event types (the sub-parameter of the modifiers) that are not a press */
const KITTY_REPEAT = 2;
const KITTY_RELEASE = 3;
/** kitty's key codes for lone modifiers (LEFT_SHIFT … ISO_LEVEL5_SHIFT) and lock keys. */
const KITTY_MODIFIER_FIRST = 57441;
const KITTY_MODIFIER_LAST = 57452;
const KITTY_LOCKS = new Set([57358, 57359, 57360]); // caps, scroll, num lock
const PASTE_START = '200';
/** Finals of CSI sequences that are a terminal's reports or replies, never a key. */
const REPORT_FINALS = new Set([
  'I', 'O', // focus in / out (mode 1004), only without parameters
  'R', // cursor position report (DSR 6)
  'n', // device status report
  't', // window reports
  'c', // device attributes (with ? > = prefixes)
  'y', // DECRPM mode report (with $)
]);

/**
 * Whether an input chunk holds at least one key press: text, Enter, Tab, an editing or
 * function key, Alt+key, a paste. Not presses: focus and mouse reports, replies to a program's
 * queries (DA, DSR/CPR, DECRPM, window reports, OSC colour, DCS, APC), and kitty keyboard
 * protocol key releases, repeats and lone modifier keys.
 */
export function containsKeyPress(chunk: string): boolean {
  let i = 0;
  while (i < chunk.length) {
    if (chunk[i] !== ESC) return true; // a character or control key
    const next = chunk[i + 1];
    if (next === undefined) return true; // the Escape key
    if (next === '[') {
      const csi = readCsi(chunk, i + 2);
      if (csi === undefined) return true; // cut short: cannot be a reply we know
      if (isKeyPress(csi)) return true;
      i = csi.end;
      if (csi.final === 'M' && csi.params === '') i += 3; // X10 mouse: three raw bytes follow
    } else if (next === ']' || next === 'P' || next === '_' || next === '^' || next === 'X') {
      i = stringEnd(chunk, i + 2); // OSC / DCS / APC / PM / SOS: replies, never keys
    } else {
      return true; // SS3 keys (ESC O P) and Alt+key
    }
  }
  return false;
}

interface Csi {
  params: string;
  intermediates: string;
  final: string;
  end: number;
}

function readCsi(chunk: string, start: number): Csi | undefined {
  let i = start;
  while (i < chunk.length && isParam(chunk.charCodeAt(i))) i++;
  const paramsEnd = i;
  while (i < chunk.length && isIntermediate(chunk.charCodeAt(i))) i++;
  if (i >= chunk.length) return undefined;
  return { params: chunk.slice(start, paramsEnd), intermediates: chunk.slice(paramsEnd, i), final: chunk.charAt(i), end: i + 1 };
}

function isKeyPress({ params, intermediates, final }: Csi): boolean {
  if (final === 'M' || final === 'm') {
    // SGR mouse (CSI < b;x;y M/m), urxvt mouse (CSI b;x;y M), X10 mouse (CSI M bxy)
    if (params.startsWith('<') || params === '' || /^\d+;\d+;\d+$/.test(params)) return false;
  }
  if (REPORT_FINALS.has(final)) {
    if ((final === 'I' || final === 'O') && params !== '') return true;
    if (final === 'y' && intermediates !== '$') return true;
    return false;
  }
  if (final === '~' && params === PASTE_START) return true; // a paste is the user's text
  if (final === 'u' && /^[?]/.test(params)) return false; // kitty flags reply (CSI ? flags u)
  const [key = '', modifiers = ''] = params.split(';');
  const event = Number(modifiers.split(':')[1] ?? '1');
  if (event === KITTY_REPEAT || event === KITTY_RELEASE) return false;
  if (final === 'u') {
    const code = Number(key.split(':')[0]);
    if ((code >= KITTY_MODIFIER_FIRST && code <= KITTY_MODIFIER_LAST) || KITTY_LOCKS.has(code)) return false;
  }
  return true;
}

/** The index after a string sequence's terminator (BEL or ST), or the chunk's end. */
function stringEnd(chunk: string, start: number): number {
  for (let i = start; i < chunk.length; i++) {
    if (chunk[i] === '\x07') return i + 1;
    if (chunk[i] === ESC && chunk[i + 1] === '\\') return i + 2;
  }
  return chunk.length;
}

function isParam(code: number): boolean {
  return code >= 0x30 && code <= 0x3f;
}

function isIntermediate(code: number): boolean {
  return code >= 0x20 && code <= 0x2f;
}
