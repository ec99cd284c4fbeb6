import { describe, expect, it } from 'vitest';
import { visibleLines, visibleText } from './visible-text';

describe('visibleText', () => {
  it('makes ESC, BEL and every other C0 control visible', () => {
    expect(visibleText('\x1b]0;PWNED\x07')).toBe('\\x1b]0;PWNED\\x07');
    expect(visibleText('a\nb\r\tc\x00')).toBe('a\\x0ab\\x0d\\x09c\\x00');
  });

  it('makes DEL and C1 controls (0x9b is CSI on some terminals) visible', () => {
    expect(visibleText('\x7f\x9b31m\x85')).toBe('\\x7f\\x9b31m\\x85');
  });

  it('makes bidi overrides and Unicode line separators visible', () => {
    expect(visibleText('abc\u202edef\u2066\u2028')).toBe('abc\\u202edef\\u2066\\u2028');
  });

  it('leaves printable text, non-Latin scripts and emoji alone', () => {
    const text = 'config.json: theme.foreground: must be a color, got "#zz" — Grüße, 日本語, 🎉';
    expect(visibleText(text)).toBe(text);
  });

  it('leaves no control byte behind, whatever the input', () => {
    let all = '';
    for (let code = 0; code < 0x3000; code++) all += String.fromCharCode(code);
    // eslint-disable-next-line no-control-regex
    expect(visibleText(all)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });
});

describe('visibleLines', () => {
  it('keeps line breaks and shows every other control', () => {
    expect(visibleLines('Error: \x1b[2J\r\n    at x (\x07)')).toBe('Error: \\x1b[2J\n    at x (\\x07)');
  });
});
