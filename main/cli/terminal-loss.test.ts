import { describe, expect, it } from 'vitest';
import { holdsForeground, ownershipNow, readOwnership } from './terminal-loss';

describe('terminal ownership', () => {
  it("holds the foreground when the terminal's foreground group is its own", () => {
    expect(holdsForeground({ ppid: 17, pgrp: 4242, tpgid: 4242 })).toBe(true);
    expect(holdsForeground({ ppid: 17, pgrp: 4242, tpgid: 17 })).toBe(false);
  });

  it('matches this process as the kernel reports it, read at once or asynchronously', async () => {
    const ownership = await readOwnership();
    expect(ownership).toMatchObject({ ppid: process.ppid, pgrp: expect.any(Number) as number });
    expect(ownershipNow()).toMatchObject({ ppid: process.ppid, pgrp: ownership?.pgrp });
  });
});
