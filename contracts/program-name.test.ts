import { describe, expect, it } from 'vitest';
import { checkedProgramName, MAX_PROGRAM_NAME } from './renderer-checks';

describe('checkedProgramName', () => {
  it("passes a program's name and drops what is not one short line of text", () => {
    expect(checkedProgramName('top')).toBe('top');
    expect(checkedProgramName('x'.repeat(MAX_PROGRAM_NAME))).toBe('x'.repeat(MAX_PROGRAM_NAME));
    for (const bad of ['', 'x'.repeat(MAX_PROGRAM_NAME + 1), 'a\u001b]0;b', 'a\nb', 'a\u009bb', '/bin/top', 42, null, undefined, ['top']]) {
      expect(checkedProgramName(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});
