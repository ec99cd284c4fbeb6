import { describe, expect, it } from 'vitest';
import { PressSplitter } from './press-splitter';

const split = (...chunks: string[]) => {
  const splitter = new PressSplitter();
  return chunks.map((chunk) => splitter.split(chunk));
};

describe('PressSplitter', () => {
  it('passes input without a press through as it came', () => {
    expect(split('ls -la\r')).toEqual([['ls -la\r']]);
  });

  it('makes each of several presses in one read a chunk of its own', () => {
    expect(split('\x03\x03')).toEqual([['\x03', '\x03']]);
  });

  it("cuts a press out of a terminal's reply that arrived in the same read", () => {
    expect(split('\x1b[?1;2c\x03\x1b[?1;2c')).toEqual([['\x1b[?1;2c', '\x03', '\x1b[?1;2c']]);
  });

  it('recognises Ctrl+C in the kitty keyboard protocol and in modifyOtherKeys', () => {
    expect(split('\x1b[99;5u', 'a\x1b[99;5:1u', '\x1b[27;5;99~')).toEqual([['\x03'], ['a', '\x03'], ['\x03']]);
  });

  it('recognises kitty Ctrl+C with any combination of Caps Lock (64) and Num Lock (128)', () => {
    // wire value = 1 + ctrl 4 + locks
    expect(split('\x1b[99;69u', '\x1b[99;133u', '\x1b[99;197u', '\x1b[99;69:1u', '\x1b[99:67;69u')).toEqual([['\x03'], ['\x03'], ['\x03'], ['\x03'], ['\x03']]);
  });

  it('leaves Ctrl+Shift+C, Ctrl+Alt+C and plain c to the program, with or without locks', () => {
    // shift 1, alt 2: 1 + 4 + 1 = 6; 1 + 4 + 2 = 7; 1 + 64 = 65 (c with Caps Lock)
    expect(split('\x1b[99;6u\x1b[99;70u\x1b[99;7u\x1b[99;65u\x1b[27;6;99~')).toEqual([['\x1b[99;6u\x1b[99;70u\x1b[99;7u\x1b[99;65u\x1b[27;6;99~']]);
  });

  it('leaves kitty repeat and release events of the key to the program', () => {
    expect(split('\x1b[99;5:2u\x1b[99;5:3u\x1b[99;69:2u\x1b[99;133:3u')).toEqual([['\x1b[99;5:2u\x1b[99;5:3u\x1b[99;69:2u\x1b[99;133:3u']]);
  });

  it('keeps a bracketed paste whole, also across reads', () => {
    expect(split('\x1b[200~a\x03b', 'c\x03\x1b[201~\x03')).toEqual([['\x1b[200~a\x03b'], ['c\x03\x1b[201~', '\x03']]);
  });
});
