// `ripcord last --raw` at a terminal (docs/security.md): the recorded bytes replayed into the
// user's own terminal must not make it answer — a reply to a recorded query (DSR, DA, DECRQSS,
// a title or colour report) would arrive as the user's input, typed into their shell — nor write
// their clipboard or settings, nor leave a mode on (modifyOtherKeys left on turns the next
// Ctrl+C into CSI 27;5;99~). Text and the sequences that only draw pass as recorded; the modes
// the replay left on are then turned off by the mode scanner's own reset. Piped or redirected,
// the bytes go out as recorded.
import { TerminalModeScanner } from '../core/terminal-mode-scanner';

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
/** ENQ: the terminal sends its answerback message. */
const ENQ = 0x05;
/** 8-bit C1 controls (U+0080–U+009F), which a terminal may honour as ESC + (code − 0x40). */
const C1_FIRST = 0x80;
const C1_LAST = 0x9f;
const ST_8BIT = 0x9c;

/** CSI finals that ask for a report or act on the window: DSR (n), DA (c), XTWINOPS (t), DECREQTPARM (x). */
const QUERY_CSI_FINALS = new Set(['n', 'c', 't', 'x']);
/** CSIs that ask with a prefix or intermediate: DECRQM (`$p`), DECRQPSR (`$w`), DECRQTSR (`$u`), kitty keys (`?u`), XTVERSION (`>q`), XTSMGRAPHICS (`?S`). */
const QUERY_CSI_SHAPES = new Set(['$p', '$w', '$u', '?u', '>q', '?S']);
/** The one OSC kept: hyperlinks (8) only draw. Titles, colours, the clipboard (52), cwd (7) change or ask the user's terminal. */
const KEPT_OSC = new Set(['8']);

/** The replay for a live terminal: its queries and side effects taken out, its modes turned off at the end. */
export function replayForTerminal(recorded: string): string {
  const kept = withoutQueries(recorded);
  const scanner = new TerminalModeScanner();
  scanner.feed(kept);
  return kept + scanner.resetSequence();
}

/** `recorded` without the sequences that make a terminal answer or change beyond its screen; an unfinished last sequence is dropped. */
export function withoutQueries(recorded: string): string {
  let out = '';
  let text = 0; // start of the text not copied yet
  let i = 0;
  while (i < recorded.length) {
    const code = recorded.charCodeAt(i);
    const introducer =
      code === ESC && i + 1 < recorded.length ? recorded.charCodeAt(i + 1) : code >= C1_FIRST && code <= C1_LAST ? code - 0x40 : undefined;
    if (code === ENQ) {
      out += recorded.slice(text, i);
      text = ++i;
      continue;
    }
    if (introducer === undefined) {
      if (code === ESC) break; // a lone ESC at the very end: unfinished
      i++;
      continue;
    }
    const bodyAt = i + (code === ESC ? 2 : 1);
    const sequence = sequenceAt(recorded, bodyAt, introducer);
    out += recorded.slice(text, i);
    if (sequence.end === undefined) return out; // cut inside it: dropped
    if (sequence.keep) out += recorded.slice(i, sequence.end);
    i = text = sequence.end;
  }
  return out + recorded.slice(text, i);
}

/** The sequence whose body starts at `from` (after ESC x or its C1): where it ends, and whether it only draws. */
function sequenceAt(s: string, from: number, introducer: number): { end: number | undefined; keep: boolean } {
  switch (String.fromCharCode(introducer)) {
    case '[': {
      let i = from;
      while (i < s.length && s.charCodeAt(i) >= 0x20 && s.charCodeAt(i) <= 0x3f) i++;
      if (i >= s.length) return { end: undefined, keep: false };
      const body = s.slice(from, i);
      const final = s.charAt(i);
      const prefix = /^[<=>?]/.test(body) ? body.charAt(0) : '';
      const intermediate = /[\x20-\x2f]$/.test(body) ? body.slice(-1) : '';
      const query = QUERY_CSI_FINALS.has(final) || QUERY_CSI_SHAPES.has(prefix + final) || QUERY_CSI_SHAPES.has(intermediate + final);
      return { end: i + 1, keep: !query };
    }
    case ']': // OSC: ends in BEL or ST
    case 'P': // DCS (DECRQSS, XTGETTCAP, images): all dropped
    case '_': // APC (kitty graphics, which can query)
    case '^': // PM
    case 'X': {
      // SOS
      const end = stringEnd(s, from, introducer === 0x5d);
      if (end === undefined) return { end: undefined, keep: false };
      const osc = introducer === 0x5d ? (/^\d*/.exec(s.slice(from, from + 8))?.[0] ?? '') : undefined;
      return { end, keep: osc !== undefined && KEPT_OSC.has(osc) };
    }
    case 'Z': // DECID: answers as DA does
      return { end: from, keep: false };
    default: {
      // ESC with intermediates, then a final (charset designations, DECKPAM, RIS…): drawing state only
      let i = from - 1;
      while (i < s.length && s.charCodeAt(i) >= 0x20 && s.charCodeAt(i) <= 0x2f) i++;
      return i < s.length ? { end: i + 1, keep: true } : { end: undefined, keep: false };
    }
  }
}

/**
 * Where a string ends, as a terminal's parser sees it: after BEL (OSC) or ST, after CAN/SUB that
 * abort it, or before an ESC that is not ST (it aborts the string and begins a sequence of its
 * own). Undefined when it never ends.
 */
function stringEnd(s: string, from: number, isOsc: boolean): number | undefined {
  for (let i = from; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if ((code === BEL && isOsc) || code === ST_8BIT || code === CAN || code === SUB) return i + 1;
    if (code === ESC) {
      if (i + 1 >= s.length) return undefined;
      return s.charCodeAt(i + 1) === 0x5c ? i + 2 : i;
    }
  }
  return undefined;
}
