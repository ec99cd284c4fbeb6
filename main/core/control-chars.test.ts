import { describe, expect, it } from 'vitest';
import { END_OF_FILE, endOfInput } from './control-chars';

describe('endOfInput', () => {
  it('is one EOT at a line start, two after an unfinished line (the first only hands the line over)', () => {
    expect(endOfInput('')).toBe(END_OF_FILE);
    expect(endOfInput('a line\n')).toBe(END_OF_FILE);
    expect(endOfInput('typed\r')).toBe(END_OF_FILE);
    expect(endOfInput('no newline at the end')).toBe(END_OF_FILE + END_OF_FILE);
  });
});
