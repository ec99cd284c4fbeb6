import xtermHeadless from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { CANCEL_SEQUENCE, TerminalModeScanner } from '../core/terminal-mode-scanner';
import { freshLine, HIDE_HINT_TITLE, restoreSequence, SHOW_HINT_TITLE } from './terminal-sequences';

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
    expect(SHOW_HINT_TITLE).toBe('\x1b[22;0t\x1b]2;Press Ctrl+C again to quit\x07');
    expect(HIDE_HINT_TITLE).toBe('\x1b[23;0t');
  });
});

describe('the restore on a real xterm.js', () => {
  const { Terminal } = xtermHeadless;
  const COLUMNS = 20;
  const write = (term: InstanceType<typeof Terminal>, data: string): Promise<void> => new Promise((resolve) => term.write(data, resolve));

  /** The child's output, then the restore; the row the next prompt would be drawn on. */
  async function promptRowAfter(output: string): Promise<{ row: number; column: number; screen: string }> {
    const term = new Terminal({ cols: COLUMNS, rows: 12, allowProposedApi: true });
    const scanner = new TerminalModeScanner();
    scanner.feed(output);
    await write(term, output);
    await write(term, restoreSequence({ modes: scanner, hintTitleShown: false, columns: COLUMNS }));
    const buffer = term.buffer.active;
    const screen = buffer.type;
    term.dispose();
    return { row: buffer.cursorY, column: buffer.cursorX, screen };
  }

  // A full-screen program that quit (less: save cursor + alternate screen, then back), then output.
  const LESS_THEN_SEQ = 'old\r\n$ less\x1b[?1049h\x1b[Hpage\x1b[?1049l\r\n1\r\n2\r\n3\r\n4\r\n5\r\n$ /exit';

  it('after a full-screen program that already quit, the prompt lands below the last output', async () => {
    expect(await promptRowAfter(LESS_THEN_SEQ)).toEqual({ row: 8, column: 0, screen: 'normal' });
  });

  it('a child still on the alternate screen is taken back to the main screen and its saved cursor', async () => {
    expect(await promptRowAfter('$ prog\x1b[?1049h\x1b[5;1Hfull screen')).toEqual({ row: 1, column: 0, screen: 'normal' });
  });

  it('a cursor mid-line moves to the start of the next line', async () => {
    expect(await promptRowAfter('partial')).toEqual({ row: 1, column: 0, screen: 'normal' });
  });
});
