import { describe, expect, it } from 'vitest';
import { replayForTerminal, withoutQueries } from './terminal-replay';

const ESC = '\x1b';
const CSI = `${ESC}[`;
const ST = `${ESC}\\`;

describe('withoutQueries', () => {
  it('keeps text, colours, cursor moves, charsets and hyperlinks as recorded', () => {
    const drawing = `plain ${CSI}1;31mred${CSI}0m ${CSI}2J${CSI}10;5H${ESC}(0q${ESC}(B ${ESC}]8;;https://example.invalid\x07link${ESC}]8;;${ST} ünï ✓\r\n`;
    expect(withoutQueries(drawing)).toBe(drawing);
  });

  it.each([
    ['DSR (cursor position)', `${CSI}6n`],
    ['DSR (status)', `${CSI}5n`],
    ['DA1', `${CSI}c`],
    ['DA2', `${CSI}>c`],
    ['DA3', `${CSI}=c`],
    ['a title report', `${CSI}21t`],
    ['a window resize', `${CSI}8;50;100t`],
    ['DECRQM', `${CSI}?2004$p`],
    ['kitty keyboard query', `${CSI}?u`],
    ['XTVERSION', `${CSI}>q`],
    ['DECREQTPARM', `${CSI}x`],
    ['DECRQSS', `${ESC}P$qm${ST}`],
    ['XTGETTCAP', `${ESC}P+q544e${ST}`],
    ['OSC 52 clipboard write', `${ESC}]52;c;aGk=\x07`],
    ['OSC 52 clipboard read', `${ESC}]52;c;?${ST}`],
    ['a colour query', `${ESC}]11;?\x07`],
    ['a palette change', `${ESC}]4;1;#ff0000\x07`],
    ['a title', `${ESC}]0;title\x07`],
    ['a kitty graphics query (APC)', `${ESC}_Gi=1,a=q;AAAA${ST}`],
    ['DECID', `${ESC}Z`],
    ['ENQ', '\x05'],
    ['an 8-bit CSI DSR', '\x9b6n'],
  ])('drops %s', (_name, sequence) => {
    expect(withoutQueries(`before${sequence}after`)).toBe('beforeafter');
  });

  it('drops an unfinished last sequence (a transcript cut inside it)', () => {
    expect(withoutQueries(`text${CSI}?10`)).toBe('text');
    expect(withoutQueries(`text${ESC}]52;c;aGk`)).toBe('text');
    expect(withoutQueries(`text${ESC}`)).toBe('text');
  });

  it('an ESC inside a string aborts it and starts its own sequence, as a terminal parses it', () => {
    expect(withoutQueries(`${ESC}]0;title${CSI}1mbold`)).toBe(`${CSI}1mbold`);
  });
});

describe('replayForTerminal', () => {
  it('turns off what the replay left on: modifyOtherKeys, bracketed paste, the alternate screen', () => {
    const replay = replayForTerminal(`${CSI}?1049h${CSI}>4;2m${CSI}?2004hscreen`);
    expect(replay.startsWith(`${CSI}?1049h${CSI}>4;2m${CSI}?2004hscreen`)).toBe(true);
    const reset = replay.slice(`${CSI}?1049h${CSI}>4;2m${CSI}?2004hscreen`.length);
    expect(reset).toContain(`${CSI}?1049l`);
    expect(reset).toContain(`${CSI}?2004l`);
    expect(reset).toContain(`${CSI}>4;m`);
  });

  it('adds nothing when nothing was left on', () => {
    expect(replayForTerminal(`${CSI}?2004hx${CSI}?2004l`)).toBe(`${CSI}?2004hx${CSI}?2004l`);
  });
});
