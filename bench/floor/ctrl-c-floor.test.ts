import { describe, expect, it } from 'vitest';
import { promptAfterInterrupt } from './ctrl-c-floor';

const PROMPT = 'bench$ ';

describe('promptAfterInterrupt', () => {
  it("sees bash's prompt after the echoed ^C, as bash writes it (bracketed paste on before it)", () => {
    expect(promptAfterInterrupt('y\r\ny\r\ny^C\r\n\x1b[?2004hbench$ ', PROMPT)).toBe(true);
    expect(promptAfterInterrupt('^C\r\n\x1b[?2004hbench$ ', PROMPT)).toBe(true);
  });

  it('waits while the ^C or the prompt after it is missing, or something follows the prompt', () => {
    expect(promptAfterInterrupt('y\r\ny\r\n', PROMPT)).toBe(false);
    expect(promptAfterInterrupt('y\r\ny^C\r\n', PROMPT)).toBe(false);
    expect(promptAfterInterrupt('bench$ y\r\n', PROMPT)).toBe(false);
    expect(promptAfterInterrupt('bench$ ^C', PROMPT)).toBe(false);
    expect(promptAfterInterrupt('^C\r\nbench$ y', PROMPT)).toBe(false);
  });
});
