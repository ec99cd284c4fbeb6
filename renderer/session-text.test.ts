import { describe, expect, it } from 'vitest';
import { isWebLink, sessionEndText } from './session-text';

describe('sessionEndText', () => {
  it('shows the host message on a fresh line, dimmed', () => {
    expect(sessionEndText({ exitCode: 127, message: 'cannot run /nope: no such file' })).toBe(
      '\r\n\x1b[0m\x1b[90m[ripcord] cannot run /nope: no such file\x1b[0m\r\n',
    );
  });

  it('falls back to the exit code', () => {
    expect(sessionEndText({ exitCode: 3 })).toContain('[ripcord] session ended with code 3');
    expect(sessionEndText({ exitCode: 3, message: '  ' })).toContain('session ended with code 3');
  });

  it("says where an ended pane's output is kept and how the pane closes", () => {
    expect(sessionEndText({ exitCode: 3, transcript: '/s/t/1', closesOnKey: true })).toContain(
      '[ripcord] session ended with code 3 · its output is in /s/t/1 (ripcord last) · any key closes this pane',
    );
  });

  it('makes control characters visible and keeps line breaks as CRLF', () => {
    const text = sessionEndText({ exitCode: 1, message: 'bad\x1b]52;c;eA==\x07 dir\nsecond' });
    expect(text).toContain('[ripcord] bad\\x1b]52;c;eA==\\x07 dir\r\nsecond');
    expect(text).not.toContain('\x07');
  });
});

describe('isWebLink', () => {
  it.each(['http://example.com', 'https://example.com/a?b#c', 'HTTPS://EXAMPLE.COM'])('accepts %s', (uri) => {
    expect(isWebLink(uri)).toBe(true);
  });
  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'ftp://x', 'not a url', ''])('rejects %j', (uri) => {
    expect(isWebLink(uri)).toBe(false);
  });
});
