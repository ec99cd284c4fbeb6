import xtermHeadless from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { CANCEL_SEQUENCE, MOUSE_MODES, TerminalModeScanner } from './terminal-mode-scanner';

const { Terminal } = xtermHeadless;
type Term = InstanceType<typeof Terminal>;

function terminal(): Term {
  return new Terminal({ cols: 40, rows: 5, allowProposedApi: true });
}

const write = (term: Term, data: string): Promise<void> => new Promise((resolve) => term.write(data, resolve));

function modesOf(term: Term): Record<string, unknown> {
  const { bracketedPasteMode, mouseTrackingMode, sendFocusMode, applicationCursorKeysMode, applicationKeypadMode, synchronizedOutputMode } =
    term.modes;
  return {
    screen: term.buffer.active.type,
    bracketedPasteMode,
    mouseTrackingMode,
    sendFocusMode,
    applicationCursorKeysMode,
    applicationKeypadMode,
    synchronizedOutputMode,
  };
}

const OFF = {
  screen: 'normal',
  bracketedPasteMode: false,
  mouseTrackingMode: 'none',
  sendFocusMode: false,
  applicationCursorKeysMode: false,
  applicationKeypadMode: false,
  synchronizedOutputMode: false,
};
const EVERYTHING_ON = `\x1b[?1049h\x1b[?2026h\x1b[?1h\x1b=\x1b[?2004;1004h\x1b[?${MOUSE_MODES.join(';')}h\x1b[?25l\x1b[>1u\x1b[5 q`;

describe('reset sequences on a real xterm.js', () => {
  it('resetSequence() turns off exactly what the program turned on', async () => {
    const term = terminal();
    const scanner = new TerminalModeScanner();
    scanner.feed(EVERYTHING_ON);
    await write(term, EVERYTHING_ON);
    expect(modesOf(term)).not.toEqual(OFF);
    await write(term, scanner.resetSequence());
    expect(modesOf(term)).toEqual(OFF);
    term.dispose();
  });

  it('resetSequence() turns everything off even from inside a cut sequence', async () => {
    const term = terminal();
    const scanner = new TerminalModeScanner();
    const cut = `${EVERYTHING_ON}\x1b]0;a title cut sho`;
    scanner.feed(cut);
    await write(term, cut);
    await write(term, scanner.resetSequence());
    expect(modesOf(term)).toEqual(OFF);
    term.dispose();
  });
});

describe('the cut-stream prompt of DESIGN §6 on a real xterm.js', () => {
  const cut = 'flood flood\x1b';
  const echoAndPrompt = '^C\r\n$ ';

  const lines = (term: Term): string[] => Array.from({ length: 3 }, (_, y) => term.buffer.active.getLine(y)?.translateToString(true) ?? '');

  it('without CAN the echoed ^C opens a string sequence that swallows the prompt', async () => {
    const term = terminal();
    await write(term, cut + echoAndPrompt);
    expect(lines(term)).toEqual(['flood flood', '', '']);
    term.dispose();
  });

  it('the scanner spots the cut, and the CAN it calls for lets the prompt show clean', async () => {
    const term = terminal();
    const scanner = new TerminalModeScanner();
    scanner.feed(cut);
    expect(scanner.inUnterminatedSequence).toBe(true);
    await write(term, cut + CANCEL_SEQUENCE + echoAndPrompt);
    expect(lines(term)).toEqual(['flood flood^C', '$ ', '']);
    term.dispose();
  });
});
