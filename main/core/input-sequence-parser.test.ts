import { describe, expect, it } from 'vitest';
import { type InputEvent, InputSequenceParser } from './input-sequence-parser';

const ST = '\x1b\\';
const BEL = '\x07';

/** Replies, reports and non-press key events as xterm, tmux, kitty and VTE send them. */
const notPresses: [string, string][] = [
  ['DSR 6 cursor position (xterm, tmux, VTE)', '\x1b[24;80R'],
  ['DECXCPR (xterm)', '\x1b[?24;80;1R'],
  ['DSR 5 status', '\x1b[0n'],
  ['colour-scheme report (kitty, VTE)', '\x1b[?997;1n'],
  ['DA1 (xterm)', '\x1b[?64;1;2;6;9;15;16;17;18;21;22;28c'],
  ['DA1 (tmux)', '\x1b[?1;2c'],
  ['DA1 (kitty)', '\x1b[?62;c'],
  ['DA1 (VTE)', '\x1b[?65;1;9c'],
  ['DA2 (xterm)', '\x1b[>41;388;0c'],
  ['DA2 (tmux)', '\x1b[>84;0;0c'],
  ['DA2 (VTE)', '\x1b[>65;7600;1c'],
  ['DA3 (xterm, VTE)', `\x1bP!|7E565445${ST}`],
  ['XTVERSION (tmux)', `\x1bP>|tmux 3.3a${ST}`],
  ['XTVERSION (kitty)', `\x1bP>|kitty(0.26.5)${ST}`],
  ['DECRQSS SGR reply', `\x1bP1$r0m${ST}`],
  ['DECRQSS invalid', `\x1bP0$r${ST}`],
  ['XTGETTCAP reply (kitty)', `\x1bP1+r544e=787465726d2d6b69747479${ST}`],
  ['DECRQM private mode (xterm)', '\x1b[?2004;1$y'],
  ['DECRQM ANSI mode', '\x1b[4;2$y'],
  ['DECRQM synchronized output (kitty)', '\x1b[?2026;2$y'],
  ['OSC 4 palette reply (BEL)', `\x1b]4;1;rgb:cdcd/0000/0000${BEL}`],
  ['OSC 4 palette reply (ST)', `\x1b]4;15;rgb:ffff/ffff/ffff${ST}`],
  ['OSC 10 foreground reply', `\x1b]10;rgb:d0d0/d0d0/d0d0${ST}`],
  ['OSC 11 background reply (BEL)', `\x1b]11;rgb:0000/0000/0000${BEL}`],
  ['OSC 52 clipboard reply', `\x1b]52;c;aGVsbG8gd29ybGQ=${ST}`],
  ['window size report', '\x1b[8;24;80t'],
  ['window pixels report', '\x1b[4;600;800t'],
  ['title report', `\x1b]lripcord${ST}`],
  ['kitty flags reply', '\x1b[?31u'],
  ['kitty graphics reply', `\x1b_Gi=1;OK${ST}`],
  ['focus in', '\x1b[I'],
  ['focus out', '\x1b[O'],
  ['SGR mouse press', '\x1b[<0;10;5M'],
  ['SGR mouse release', '\x1b[<0;10;5m'],
  ['SGR mouse motion', '\x1b[<35;120;40M'],
  ['urxvt mouse', '\x1b[32;10;5M'],
  ['X10 mouse', '\x1b[M !!'],
  ['kitty: a release', '\x1b[97;1:3u'],
  ['kitty: Ctrl+C released', '\x1b[99;5:3u'],
  ['kitty: a repeat', '\x1b[97;1:2u'],
  ['kitty: an arrow released', '\x1b[1;1:3A'],
  ['kitty: Delete released', '\x1b[3;1:3~'],
  ['kitty: lone Ctrl pressed', '\x1b[57442;5u'],
  ['kitty: lone Shift released', '\x1b[57441;2:3u'],
  ['kitty: Caps Lock', '\x1b[57358u'],
  ['several replies in one read', '\x1b[I\x1b[?62;22c\x1b[12;1R\x1b]11;rgb:0/0/0\x07'],
  ['the flood: DSR and DA replies back to back', '\x1b[24;1R\x1b[?1;2c'.repeat(4)],
];

const presses: [string, string][] = [
  ['text', 'ls'],
  ['Enter', '\r'],
  ['Tab', '\t'],
  ['Backspace', '\x7f'],
  ['Ctrl+U', '\x15'],
  ['Up', '\x1b[A'],
  ['Up (application mode)', '\x1bOA'],
  ['F1', '\x1bOP'],
  ['Delete', '\x1b[3~'],
  ['Alt+b', '\x1bb'],
  ['F5', '\x1b[15~'],
  ['Shift+Tab', '\x1b[Z'],
  ['Ctrl+Up', '\x1b[1;5A'],
  ['a paste', '\x1b[200~pasted\x1b[201~'],
  ['kitty: a press', '\x1b[97u'],
  ['kitty: a press with event type', '\x1b[97;1:1u'],
  ['kitty: Enter', '\x1b[13u'],
  ['kitty: Escape', '\x1b[27u'],
  ['kitty: text with the key', '\x1b[97;;97u'],
  ['a reply, then a key', '\x1b[?62;22cx'],
  ['a key, then a reply', 'x\x1b[24;1R'],
  ['Escape, Escape', '\x1b\x1b'],
  ['Escape, then Enter', '\x1b\r'],
];

function run(chunks: string[], splitPresses = true): InputEvent[] {
  const parser = new InputSequenceParser(splitPresses);
  return [...chunks.flatMap((chunk) => parser.feed(chunk)), ...parser.flush()];
}

const typed = (events: InputEvent[]): boolean => events.some((e) => e.kind === 'text' && e.typed);
const sent = (events: InputEvent[]): string => events.map((e) => (e.kind === 'text' ? e.text : '<^C>')).join('');

/** The input cut at every offset into two reads, and into single characters. */
function splits(text: string): string[][] {
  const cuts = [[text], [...text]];
  for (let at = 1; at < text.length; at++) cuts.push([text.slice(0, at), text.slice(at)]);
  return cuts;
}

describe('InputSequenceParser', () => {
  describe.each(notPresses)('%s', (_name, reply) => {
    it('is never a press, however the reads split it, and reaches the program unchanged', () => {
      for (const chunks of splits(reply)) {
        const events = run(chunks);
        expect(typed(events), JSON.stringify(chunks)).toBe(false);
        expect(
          events.some((e) => e.kind === 'ctrl-c'),
          JSON.stringify(chunks),
        ).toBe(false);
        expect(sent(events)).toBe(reply);
      }
    });
  });

  describe.each(presses)('%s', (_name, key) => {
    it('is a press, however the reads split it', () => {
      for (const chunks of splits(key)) {
        const events = run(chunks);
        expect(typed(events), JSON.stringify(chunks)).toBe(true);
        expect(sent(events)).toBe(key);
      }
    });
  });

  it('a lone ESC at the end of a read goes on at once; what follows says it was the Escape key', () => {
    const parser = new InputSequenceParser();
    expect(parser.feed('\x1b')).toEqual([{ kind: 'text', text: '\x1b', typed: false }]);
    expect(parser.holding).toBe(false);
    expect(parser.feed('\x03')).toEqual([{ kind: 'text', text: '', typed: true }, { kind: 'ctrl-c' }]);
  });

  it('...or the start of a reply', () => {
    const parser = new InputSequenceParser();
    parser.feed('\x1b');
    expect(parser.feed('[24;1R')).toEqual([{ kind: 'text', text: '[24;1R', typed: false }]);
  });

  it('holds a CSI sequence cut by a read until the next read or a flush', () => {
    const parser = new InputSequenceParser();
    expect(parser.feed('a\x1b[2')).toEqual([{ kind: 'text', text: 'a', typed: true }]);
    expect(parser.holding).toBe(true);
    expect(parser.feed('4;')).toEqual([]);
    expect(parser.flush()).toEqual([{ kind: 'text', text: '\x1b[24;', typed: false }]);
    expect(parser.feed('1R')).toEqual([{ kind: 'text', text: '1R', typed: false }]);
  });

  it('takes every Ctrl+C press out, also between replies and in the kitty and modifyOtherKeys encodings', () => {
    expect(run(['\x03\x03'])).toEqual([{ kind: 'ctrl-c' }, { kind: 'ctrl-c' }]);
    expect(sent(run(['\x1b[?1;2c\x03\x1b[?1;2c']))).toBe('\x1b[?1;2c<^C>\x1b[?1;2c');
    for (const press of ['\x1b[99;5u', '\x1b[99;5:1u', '\x1b[27;5;99~', '\x1b[99;69u', '\x1b[99;133u', '\x1b[99:67;69u']) {
      for (const chunks of splits(`a${press}`)) {
        // an ESC that ends a read went on alone at once (the Escape key must not wait)
        const escapeAlone = chunks.some((chunk) => chunk.endsWith('\x1b'));
        expect(sent(run(chunks)), JSON.stringify(chunks)).toBe(escapeAlone ? 'a\x1b<^C>' : 'a<^C>');
      }
    }
  });

  it('a Ctrl+C inside an unterminated reply is still a press', () => {
    expect(sent(run(['\x1b]11;rgb:00', '\x03']))).toBe('\x1b]11;rgb:00<^C>');
  });

  it('leaves Ctrl+Shift+C, Ctrl+Alt+C, plain c and kitty repeats and releases of Ctrl+C to the program', () => {
    const keys = '\x1b[99;6u\x1b[99;70u\x1b[99;7u\x1b[99;65u\x1b[27;6;99~\x1b[99;5:2u\x1b[99;5:3u';
    expect(sent(run([keys]))).toBe(keys);
  });

  it('keeps a bracketed paste whole, also across reads', () => {
    expect(sent(run(['\x1b[200~a\x03b', 'c\x03\x1b[2', '01~\x03']))).toBe('\x1b[200~a\x03bc\x03\x1b[201~<^C>');
  });

  it('without splitting (the desktop), a Ctrl+C stays in the text', () => {
    expect(run(['a\x03'], false)).toEqual([{ kind: 'text', text: 'a\x03', typed: true }]);
  });

  it('bounds a CSI sequence: past the bound it is typed text, not held', () => {
    const parser = new InputSequenceParser();
    const events = parser.feed(`\x1b[${'1'.repeat(300)}`);
    expect(parser.holding).toBe(false);
    expect(typed(events)).toBe(true);
  });
});
