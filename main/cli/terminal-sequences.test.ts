import xtermHeadless from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { CANCEL_SEQUENCE, TerminalModeScanner } from '../core/terminal-mode-scanner';
import { freshLine, HIDE_HINT_TITLE, restoreSequence, showHintTitle } from './terminal-sequences';

describe('restoreSequence', () => {
  it('resets no mode the child did not turn on, and ends on a fresh line', () => {
    const text = restoreSequence({ modes: new TerminalModeScanner(), hintTitleShown: false, columns: 10 });
    expect(text).not.toContain('\x1b[?1049l');
    expect(text).not.toContain('\x1b[?2004l');
    expect(text.endsWith(freshLine(10))).toBe(true);
    expect(text).not.toContain(HIDE_HINT_TITLE);
  });

  it('first aborts a sequence the child was cut off inside, so the reset is not swallowed by it', () => {
    const scanner = new TerminalModeScanner();
    scanner.feed('\x1b]0;half a title');
    expect(scanner.inUnterminatedSequence).toBe(true);
    expect(restoreSequence({ modes: scanner, hintTitleShown: false, columns: 80 }).startsWith(CANCEL_SEQUENCE)).toBe(true);
  });

  it("undoes the child's own modes, alternate screen included when it is still on", () => {
    const scanner = new TerminalModeScanner();
    scanner.feed('\x1b[?1049h\x1b[?1002h');
    const text = restoreSequence({ modes: scanner, hintTitleShown: false, columns: 80 });
    expect(text.startsWith(scanner.resetSequence())).toBe(true);
    expect(text).toContain('\x1b[?1049l');
  });

  it.each([
    ['line drawing designated to G0 (ncurses smacs for xterm)', '\x1b(0'],
    ['line drawing in G1, shifted in', '\x1b)0\x0e'],
  ])('leaves the parent shell ASCII text after a program cut off inside %s (a real xterm.js)', async (_name, charset) => {
    const term = new xtermHeadless.Terminal({ cols: 20, rows: 3, allowProposedApi: true });
    const write = (data: string): Promise<void> => new Promise((resolve) => term.write(data, resolve));
    await write(`${charset}lqqk`);
    expect(term.buffer.active.getLine(0)?.translateToString(true)).toBe('┌──┐');
    await write(`${restoreSequence({ hintTitleShown: false, columns: 20 })}lqqk`);
    expect(term.buffer.active.getLine(1)?.translateToString(true)).toBe('lqqk');
    term.dispose();
  });

  it('puts the user title back when the hint is still showing', () => {
    expect(restoreSequence({ hintTitleShown: true, columns: 80 })).toContain(HIDE_HINT_TITLE);
  });
});

describe('freshLine', () => {
  it('writes exactly one full line of blanks, returns and erases it', () => {
    expect(freshLine(4)).toBe('    \r\x1b[K');
  });
});

describe('hint title', () => {
  it('pushes the title before setting the hint, and pops it to hide', () => {
    expect(showHintTitle('Press Ctrl+C again to quit', false)).toBe('\x1b[22;0t\x1b]2;Press Ctrl+C again to quit\x07');
    // a hint already shown changes its words without pushing the user's title again
    expect(showHintTitle('Ctrl+C again quits ripcord — sleep ends too', true)).toBe(
      '\x1b]2;Ctrl+C again quits ripcord — sleep ends too\x07',
    );
    expect(HIDE_HINT_TITLE).toBe('\x1b[23;0t');
  });
});
