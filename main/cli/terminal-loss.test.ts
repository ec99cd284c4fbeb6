import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { holdsForeground, parseOwnership } from './terminal-loss';

describe('parseOwnership', () => {
  it('reads ppid, pgrp and tpgid even when the command name holds spaces and parentheses', () => {
    const stat = '4242 (a) b (c d) S 17 4242 17 34817 4242 4194560 113 0 0 0';
    expect(parseOwnership(stat)).toEqual({ ppid: 17, pgrp: 4242, tpgid: 4242 });
    expect(holdsForeground({ ppid: 17, pgrp: 4242, tpgid: 4242 })).toBe(true);
    expect(holdsForeground({ ppid: 17, pgrp: 4242, tpgid: 17 })).toBe(false);
  });

  it('gives -1 as the tpgid of a process without a terminal, and undefined for nonsense', () => {
    expect(parseOwnership('1 (init) S 0 1 1 0 -1 4194560')?.tpgid).toBe(-1);
    expect(parseOwnership('')).toBeUndefined();
  });

  it('matches this process as the kernel reports it', async () => {
    const ownership = parseOwnership(await readFile('/proc/self/stat', 'utf8'));
    expect(ownership).toMatchObject({ ppid: process.ppid, pgrp: expect.any(Number) as number });
  });
});
