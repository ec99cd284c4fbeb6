import { describe, expect, it } from 'vitest';
import { CANCEL_SEQUENCE, MOUSE_MODES, TerminalModeScanner } from './terminal-mode-scanner';

interface Seen {
  modes: string[];
  unterminated: boolean;
  alt: boolean;
  reset: string;
}

function scan(chunks: string[]): Seen {
  const scanner = new TerminalModeScanner();
  for (const chunk of chunks) scanner.feed(chunk);
  return {
    modes: [...scanner.activeModes].sort(),
    unterminated: scanner.inUnterminatedSequence,
    alt: scanner.alternateScreen,
    reset: scanner.resetSequence(),
  };
}

/** Every way to cut `output`: at each position into two chunks, and one character at a time. */
function chunkings(output: string): string[][] {
  const cuts = Array.from({ length: output.length + 1 }, (_, i) => [output.slice(0, i), output.slice(i)]);
  return [...cuts, [...output.split('')]];
}

const ALL_MOUSE = MOUSE_MODES.map((m) => `mouse-${m}`);

// [name, output, active modes, stops inside a sequence]
const cases: Array<[string, string, string[], boolean]> = [
  ['nothing', '', [], false],
  ['plain multi-byte text', 'héllo wörld 日本 😀\r\n', [], false],
  ['alternate screen 1049', '\x1b[?1049h', ['alt-screen'], false],
  ['alternate screen 1047', '\x1b[?1047h', ['alt-screen'], false],
  ['alternate screen 47', '\x1b[?47h', ['alt-screen'], false],
  ['alternate screen left', '\x1b[?1049hfull screen\x1b[?1049l', [], false],
  ['any alternate-screen reset leaves it', '\x1b[?47h\x1b[?1049l', [], false],
  ['bracketed paste', '\x1b[?2004h', ['bracketed-paste'], false],
  ['focus events', '\x1b[?1004h', ['focus'], false],
  ['several modes in one sequence', '\x1b[?1000;1006h', ['mouse-1000', 'mouse-1006'], false],
  ['every mouse mode', `\x1b[?${MOUSE_MODES.join(';')}h`, ALL_MOUSE, false],
  ['mouse modes turned off again', '\x1b[?1002;1006h\x1b[?1002l\x1b[?1006l', [], false],
  ['hidden cursor', '\x1b[?25l', ['cursor-hidden'], false],
  ['cursor shown again', '\x1b[?25l\x1b[?25h', [], false],
  ['cursor shape', '\x1b[6 q', ['cursor-shape'], false],
  ['cursor shape back to default', '\x1b[6 q\x1b[ q', [], false],
  ['ANSI (non-private) mode set is not a DEC mode', '\x1b[2004h\x1b[4h', [], false],
  ['unknown private modes are ignored', '\x1b[?7h\x1b[?12h\x1b[?2027h', [], false],
  ['a frame of synchronized output cut off', '\x1b[?2026hframe', ['synchronized-output'], false],
  ['a whole frame of synchronized output', '\x1b[?2026hframe\x1b[?2026l', [], false],
  // what terminfo's smkx / rmkx send (less, vim, htop)
  ['keypad transmit on (smkx)', '\x1b[?1h\x1b=', ['application-cursor-keys', 'application-keypad'], false],
  ['keypad transmit off again (rmkx)', '\x1b[?1h\x1b=text\x1b[?1l\x1b>', [], false],
  ['a reset (RIS) turns the keypad back to digits', '\x1b=\x1bc', [], false],
  // xterm's modifyOtherKeys (vim sends CSI > 4 ; 2 m): Ctrl+C itself then arrives as CSI 27;5;99~
  ['modifyOtherKeys on', '\x1b[>4;2m', ['modify-other-keys'], false],
  ['modifyOtherKeys level 1', '\x1b[>4;1m', ['modify-other-keys'], false],
  ['modifyOtherKeys back to its default (what vim sends)', '\x1b[>4;2mtext\x1b[>4;m', [], false],
  ['modifyOtherKeys 0', '\x1b[>4;2m\x1b[>4;0m', [], false],
  ['all key modifier resources reset', '\x1b[>4;2m\x1b[>m', [], false],
  ['other key modifier resources are not followed', '\x1b[>1;2m\x1b[>2;2m', [], false],
  ['SGR is not a key modifier', '\x1b[4;2m\x1b[38;5;4m', [], false],
  ['an ESC = that ends a string unterminated still sets the keypad', '\x1b]0;a\x1b=b', ['application-keypad'], false],
  // kitty keyboard protocol
  ['kitty push', '\x1b[>1u', ['kitty-keyboard'], false],
  ['kitty push and pop', '\x1b[>1u\x1b[<u', [], false],
  ['kitty pop 1 of 2', '\x1b[>1u\x1b[>3u\x1b[<u', ['kitty-keyboard'], false],
  ['kitty pop 2 of 2', '\x1b[>1u\x1b[>3u\x1b[<2u', [], false],
  ['kitty pop more than pushed', '\x1b[>1u\x1b[<9u', [], false],
  ['kitty pop 0 pops nothing', '\x1b[>1u\x1b[<0u', ['kitty-keyboard'], false],
  ['kitty set flags', '\x1b[=1;1u', ['kitty-keyboard'], false],
  ['kitty set flags, default mode', '\x1b[=5u', ['kitty-keyboard'], false],
  ['kitty set then clear bits', '\x1b[=5;1u\x1b[=5;3u', [], false],
  ['kitty add bits to a pushed entry, then pop it', '\x1b[>1u\x1b[=2;2u\x1b[<u', [], false],
  ['kitty query and restore-cursor are not changes', '\x1b[?u\x1b[u', [], false],
  ['kitty stack of the alternate screen ends with it', '\x1b[?1049h\x1b[>1u\x1b[?1049l', [], false],
  ['kitty stack of the main screen survives the alternate screen', '\x1b[>1u\x1b[?1049h\x1b[<u\x1b[?1049l', ['kitty-keyboard'], false],
  // RIS
  ['RIS resets everything', '\x1b[?1049h\x1b[?2004;1000h\x1b[?25l\x1b[>1u\x1b[3 q\x1bc', [], false],
  // where the stream stops
  ['lone ESC', 'abc\x1b', [], true],
  ['ESC [', '\x1b[', [], true],
  ['CSI parameters', '\x1b[?104', [], true],
  ['ESC with an intermediate', '\x1b(', [], true],
  ['ESC with an intermediate, finished', '\x1b(B', [], false],
  ['OSC', '\x1b]0;title', [], true],
  ['OSC ended by BEL', '\x1b]0;title\x07', [], false],
  ['OSC ended by ST', '\x1b]0;title\x1b\\', [], false],
  ['OSC with half an ST', '\x1b]0;title\x1b', [], true],
  ['OSC with multi-byte text', '\x1b]2;日本 😀', [], true],
  ['DCS', '\x1bP1$r', [], true],
  ['DCS is not ended by BEL', '\x1bPq#0\x07', [], true],
  ['DCS ended by ST', '\x1bPq#0;2;0;0;0\x1b\\', [], false],
  ['APC (kitty graphics)', '\x1b_Gi=1;AAAA', [], true],
  ['PM', '\x1b^private', [], true],
  ['SOS', '\x1bXstring', [], true],
  ['a cut ESC turns the echoed ^C into a PM that swallows the line break (DESIGN §6)', 'flood\x1b^C\r\n$ ', [], true],
  ['8-bit CSI', '\u009b?1049h', ['alt-screen'], false],
  ['8-bit CSI, unfinished', '\u009b?10', [], true],
  ['8-bit OSC', '\u009d0;title', [], true],
  ['8-bit OSC ended by 8-bit ST', '\u009d0;title\u009c', [], false],
  ['8-bit DCS', '\u0090q', [], true],
  ['CAN aborts a CSI, which then changes nothing', '\x1b[?1049\x18h', [], false],
  ['SUB aborts an OSC', '\x1b]0;title\x1a', [], false],
  ['CAN aborts a DCS', '\x1bPq#0\x18', [], false],
  ['ESC inside an OSC starts a new sequence', '\x1b]0;title\x1b[?2004h', ['bracketed-paste'], false],
  ['C0 controls inside a CSI are executed, not the end', '\x1b[?10\n49h', ['alt-screen'], false],
  ['non-ASCII inside a CSI spoils it but it still ends at a final byte', '\x1b[?1049éh', [], false],
  ['an over-long CSI is scanned to its end', `\x1b[${'1;'.repeat(100)}m`, [], false],
  ['an over-long CSI is not interpreted', `\x1b[?${'0;'.repeat(40)}1049h`, [], false],
  [
    'modes between SGRs and cursor moves (skipped whole)',
    '\x1b[31mred\x1b[1;37m\x1b[?1049h\x1b[0m\x1b[2J\x1b[H\x1b[?25l\x1b[m',
    ['alt-screen', 'cursor-hidden'],
    false,
  ],
  ['an SGR whose final is missing is unfinished', '\x1b[1;31', [], true],
  ['modes among multi-byte text', 'résumé 😀\x1b[?1049h日本\x1b[?25lñ', ['alt-screen', 'cursor-hidden'], false],
];

describe('TerminalModeScanner', () => {
  it.each(cases)('%s', (_name, output, modes, unterminated) => {
    for (const chunks of chunkings(output)) {
      const seen = scan(chunks);
      expect(seen.modes, JSON.stringify(chunks)).toEqual([...modes].sort());
      expect(seen.unterminated, JSON.stringify(chunks)).toBe(unterminated);
      expect(seen.alt).toBe(modes.includes('alt-screen'));
    }
  });

  it('keeps going normally after an aborted sequence', () => {
    expect(scan(['\x1b]0;t', CANCEL_SEQUENCE, '\x1b[?2004h'])).toMatchObject({ modes: ['bracketed-paste'], unterminated: false });
  });
});

describe('TerminalModeScanner.resetSequence', () => {
  it.each<[string, string, string]>([
    ['nothing to reset', 'plain text', ''],
    ['alternate screen, left the way it was entered', '\x1b[?47h', '\x1b[?47l'],
    ['alternate screen 1049', '\x1b[?1049h', '\x1b[?1049l'],
    ['bracketed paste and focus', '\x1b[?1004;2004h', '\x1b[?2004l\x1b[?1004l'],
    ['mouse modes', '\x1b[?1006;1002h', '\x1b[?1002l\x1b[?1006l'],
    ['cursor', '\x1b[?25l\x1b[2 q', '\x1b[0 q\x1b[?25h'],
    ['keypad transmit (smkx): rmkx', '\x1b[?1h\x1b=', '\x1b[?1l\x1b>'],
    ['application keypad alone', '\x1b=', '\x1b>'],
    ['modifyOtherKeys', '\x1b[>4;2m', '\x1b[>4;m'],
    ['synchronized output ended first', '\x1b[?2004;2026h', '\x1b[?2026l\x1b[?2004l'],
    ['kitty pushes are popped, then the flags zeroed', '\x1b[>1u\x1b[>1u', '\x1b[<2u\x1b[=0;1u'],
    ['kitty flags set without a push are zeroed', '\x1b[=1u', '\x1b[=0;1u'],
    [
      'kitty on both screens: popped on each screen, before leaving the alternate one',
      '\x1b[>1u\x1b[?1049h\x1b[>1u\x1b[>3u',
      '\x1b[<2u\x1b[=0;1u\x1b[?1049l\x1b[<1u\x1b[=0;1u',
    ],
    ['a stream cut inside a sequence is cancelled first', '\x1b[?2004h\x1b]0;tit', '\x18\x1b[?2004l'],
    ['only a cancel when nothing else is on', 'abc\x1b', '\x18'],
  ])('%s', (_name, output, reset) => {
    expect(scan([output]).reset).toBe(reset);
  });

  it('turns everything off that a full-screen program turns on', () => {
    const reset = scan([
      `\x1b[?1049h\x1b[>4;2m\x1b[?1h\x1b=\x1b[?2004;1004h\x1b[?${MOUSE_MODES.join(';')}h\x1b[?25l\x1b[>1u\x1b[5 q`,
    ]).reset;
    const after = new TerminalModeScanner();
    after.feed(`\x1b[?1049h\x1b[>4;2m\x1b[?1h\x1b=\x1b[?2004;1004h\x1b[?${MOUSE_MODES.join(';')}h\x1b[?25l\x1b[>1u\x1b[5 q`);
    after.feed(reset);
    expect([...after.activeModes]).toEqual([]);
  });
});
