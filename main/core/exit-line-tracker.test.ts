import { describe, expect, it } from 'vitest';
import { DEFAULT_EXIT_COMMANDS, ExitLineTracker, MAX_LINE_CHARS, PASTE_MIN_CHARS, type LineSubmission } from './exit-line-tracker';

const UNKNOWN = undefined;
type Expected = [line: string | undefined, isExitCommand: boolean];

/** Feeds the chunks in order and returns every submission they produced. */
function submissions(chunks: string[], tracker = new ExitLineTracker()): Expected[] {
  return chunks
    .map((chunk) => tracker.feed(chunk))
    .filter((s): s is LineSubmission => s !== undefined)
    .map((s) => [s.line, s.isExitCommand]);
}

describe('ExitLineTracker', () => {
  it.each<[string, string[], Expected[]]>([
    // typed and submitted
    ['typed key by key', ['e', 'x', 'i', 't', '\r'], [['exit', true]]],
    ['typed in one write', ['exit\r'], [['exit', true]]],
    [
      'every default command',
      ['/exit\r', '/quit\r', 'quit\r'],
      [
        ['/exit', true],
        ['/quit', true],
        ['quit', true],
      ],
    ],
    ['surrounding spaces are trimmed', ['  exit \r'], [['  exit ', true]]],
    ['LF submits like CR', ['exit\n'], [['exit', true]]],
    ['CR LF is one Enter', ['exit\r\n'], [['exit', true]]],
    [
      'CR then LF in separate chunks are two Enters',
      ['exit\r', '\n'],
      [
        ['exit', true],
        ['', false],
      ],
    ],
    ['a longer word is not the command', ['exits\r'], [['exits', false]]],
    ['a command inside a line is not the command', ['echo exit\r'], [['echo exit', false]]],
    ['no Enter, no submission', ['exit'], []],
    ['a bare Enter', ['\r'], [['', false]]],
    // editing we can follow
    ['Backspace (DEL)', ['exix', '\x7f', 't\r'], [['exit', true]]],
    ['Backspace (Ctrl+H)', ['exix', '\b', 't', '\r'], [['exit', true]]],
    ['Backspace on an empty line', ['\x7f', '\x7f', 'exit\r'], [['exit', true]]],
    ['Backspace and Enter in one chunk', ['exitt', '\x7f\r'], [['exit', true]]],
    ['Ctrl+U clears', ['echo hi', '\x15', 'exit\r'], [['exit', true]]],
    ['Ctrl+C clears', ['ls -l', '\x03', 'exit\r'], [['exit', true]]],
    [
      'a line starts fresh after Enter',
      ['ls\r', 'exit\r'],
      [
        ['ls', false],
        ['exit', true],
      ],
    ],
    ['focus reports do not edit the line', ['ex', '\x1b[I', 'i', '\x1b[O', 't\r'], [['exit', true]]],
    // editing we cannot follow
    ['cursor left', ['exit', '\x1b[D', '\r'], [[UNKNOWN, false]]],
    ['cursor keys around typing', ['ex', '\x1b[D', '\x1b[C', 'it\r'], [[UNKNOWN, false]]],
    ['history (up arrow), ESC split from the rest', ['\x1b', '[A', '\r'], [[UNKNOWN, false]]],
    ['Alt+key', ['\x1bb', 'exit\r'], [[UNKNOWN, false]]],
    ['Escape key', ['exit', '\x1b', '\r'], [[UNKNOWN, false]]],
    ['Tab completion', ['ex', '\t', '\r'], [[UNKNOWN, false]]],
    [
      'other control keys (Ctrl+A, Ctrl+W)',
      ['exit', '\x01', '\r', 'exit x', '\x17', '\r'],
      [
        [UNKNOWN, false],
        [UNKNOWN, false],
      ],
    ],
    ['an 8-bit control character', ['exit\u009b', '\r'], [[UNKNOWN, false]]],
    ['Ctrl+U cannot undo unseen cursor moves', ['ab', '\x1b[D', '\x15', 'exit\r'], [[UNKNOWN, false]]],
    ['Ctrl+C ends the unknown line', ['ab', '\x1b[D', '\x03', 'exit\r'], [['exit', true]]],
    [
      'unknown lasts until Enter, not beyond',
      ['\x1b[A', '\r', 'exit\r'],
      [
        [UNKNOWN, false],
        ['exit', true],
      ],
    ],
    // pastes
    ['bracketed paste', ['\x1b[200~exit\x1b[201~', '\r'], [[UNKNOWN, false]]],
    ['bracketed paste split across chunks', ['\x1b[20', '0~exi', 't\x1b[201~', '\r'], [[UNKNOWN, false]]],
    [
      'multi-line paste: its lines are unknown, the fresh line after it is not',
      ['ls\rexit\r', 'exit\r'],
      [
        [UNKNOWN, false],
        ['exit', true],
      ],
    ],
    [
      'multi-line paste ending in CR LF',
      ['ls\r\nexit\r\n', 'exit\r'],
      [
        [UNKNOWN, false],
        ['exit', true],
      ],
    ],
    [
      'a long line sent with its Enter in one write',
      ['echo a long line of text\r', 'exit\r'],
      [
        [UNKNOWN, false],
        ['exit', true],
      ],
    ],
    [
      'multi-line paste ending without a break',
      ['exit\rexit', '\r'],
      [
        [UNKNOWN, false],
        [UNKNOWN, false],
      ],
    ],
    ['a long chunk is a paste', ['x'.repeat(PASTE_MIN_CHARS + 1), '\x15', 'exit\r'], [[UNKNOWN, false]]],
    ['a chunk of exactly PASTE_MIN_CHARS is typing', ['x'.repeat(PASTE_MIN_CHARS), '\x15', 'exit\r'], [['exit', true]]],
    ['length counts characters, not UTF-16 units', ['😀'.repeat(PASTE_MIN_CHARS), '\x15', 'exit\r'], [['exit', true]]],
    // characters beyond ASCII
    ['Backspace removes a 2-byte character', ['é', '\x7f', 'exit\r'], [['exit', true]]],
    ['Backspace removes a 3-byte character', ['exit終', '\x7f', '\r'], [['exit', true]]],
    ['Backspace removes an astral character (surrogate pair) whole', ['exit😀', '\x7f', '\r'], [['exit', true]]],
    ['a surrogate pair split across chunks is still one character', ['exit\ud83d', '\ude00', '\x7f', '\r'], [['exit', true]]],
    ['Backspace removes one code point of a combining sequence', ['exit\u0301', '\x7f', '\r'], [['exit', true]]],
    ['multi-byte text is kept as typed', ['héllo wörld\r'], [['héllo wörld', false]]],
    // what is kept is bounded
    [
      'a typed line of MAX_LINE_CHARS is kept',
      [...Array<string>(MAX_LINE_CHARS / 4).fill('abcd'), '\r'],
      [['abcd'.repeat(MAX_LINE_CHARS / 4), false]],
    ],
    [
      'a longer typed line is unknown, even one that trims to a command',
      [...Array<string>(MAX_LINE_CHARS / 4).fill('    '), 'exit\r'],
      [[UNKNOWN, false]],
    ],
  ])('%s', (_name, chunks, expected) => {
    expect(submissions(chunks)).toEqual(expected);
  });

  it('defaults to /exit, /quit, exit and quit', () => {
    expect(DEFAULT_EXIT_COMMANDS).toEqual(['/exit', '/quit', 'exit', 'quit']);
  });

  it('uses a configured list, multi-byte commands included', () => {
    const tracker = new ExitLineTracker(['bye', '終了']);
    expect(submissions(['exit\r', 'bye\r', '終了\r'], tracker)).toEqual([
      ['exit', false],
      ['bye', true],
      ['終了', true],
    ]);
  });

  it('never exits with an empty list, and ignores blank entries', () => {
    expect(submissions(['exit\r'], new ExitLineTracker([]))).toEqual([['exit', false]]);
    expect(submissions(['\r', '  \r'], new ExitLineTracker(['', '  ']))).toEqual([
      ['', false],
      ['  ', false],
    ]);
  });

  it('clear() forgets the line and the unknown mark', () => {
    const tracker = new ExitLineTracker();
    tracker.feed('\x1b[Aexi');
    tracker.clear();
    expect(submissions(['exit\r'], tracker)).toEqual([['exit', true]]);
  });

  it('feed returns the submission only from the chunk with the Enter', () => {
    const tracker = new ExitLineTracker();
    expect(tracker.feed('exit')).toBeUndefined();
    expect(tracker.feed('\r')).toEqual({ line: 'exit', isExitCommand: true });
    expect(tracker.feed('x')).toBeUndefined();
  });

  it('keeps no text for input that never submits a line: replies to a query flood, typed-size chunks without an Enter', () => {
    const tracker = new ExitLineTracker();
    for (let i = 0; i < 100_000; i++) tracker.feed('\x1b[24;80R');
    expect((tracker as unknown as { text: string }).text).toBe('');
    expect(tracker.feed('\x03exit\r')).toEqual({ line: 'exit', isExitCommand: true });
  });
});
