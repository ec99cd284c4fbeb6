import { describe, expect, it } from 'vitest';
import { containsKeyPress } from './key-press-classifier';

describe('containsKeyPress', () => {
  it.each([
    ['text', 'ls'], ['Enter', '\r'], ['Tab', '\t'], ['Backspace', '\x7f'], ['Ctrl+U', '\x15'], ['Escape', '\x1b'],
    ['Up', '\x1b[A'], ['Up (application mode)', '\x1bOA'], ['Delete', '\x1b[3~'], ['Alt+b', '\x1bb'], ['F5', '\x1b[15~'],
    ['a paste', '\x1b[200~pasted\x1b[201~'], ['kitty: a press', '\x1b[97u'], ['kitty: a press with event type', '\x1b[97;1:1u'],
    ['kitty: Enter', '\x1b[13u'], ['kitty: Ctrl+Up', '\x1b[1;5A'], ['a reply, then a key', '\x1b[?62;22cx'],
  ])('%s is a key press', (_name, chunk) => {
    expect(containsKeyPress(chunk)).toBe(true);
  });

  it.each([
    ['focus in', '\x1b[I'], ['focus out', '\x1b[O'], ['SGR mouse', '\x1b[<0;10;5M'], ['SGR mouse release', '\x1b[<0;10;5m'],
    ['X10 mouse', '\x1b[M !!'], ['urxvt mouse', '\x1b[32;10;5M'], ['DA1 reply', '\x1b[?62;22c'], ['DA2 reply', '\x1b[>41;354;0c'],
    ['cursor position report', '\x1b[12;40R'], ['status report', '\x1b[0n'], ['mode report', '\x1b[?2004;1$y'],
    ['window size report', '\x1b[8;24;80t'], ['OSC colour reply', '\x1b]11;rgb:0000/0000/0000\x1b\\'], ['OSC reply with BEL', '\x1b]10;rgb:ffff/ffff/ffff\x07'],
    ['DCS reply', '\x1bP1$r0m\x1b\\'], ['kitty flags reply', '\x1b[?31u'], ['kitty: a release', '\x1b[99;5:3u'], ['kitty: a repeat', '\x1b[97;1:2u'],
    ['kitty: an arrow released', '\x1b[1;1:3A'], ['kitty: lone Ctrl', '\x1b[57442;5u'], ['kitty: lone Shift released', '\x1b[57441;2:3u'],
    ['kitty: Caps Lock', '\x1b[57358u'], ['several replies in one chunk', '\x1b[I\x1b[?62;22c\x1b[12;1R'], ['nothing', ''],
  ])('%s is not', (_name, chunk) => {
    expect(containsKeyPress(chunk)).toBe(false);
  });
});
