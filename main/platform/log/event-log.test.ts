import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FileEventLog } from './event-log';
import { fullDiskUnavailable, mountSmallDisk } from '../files/full-disk.test-support';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-event-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("FileEventLog (the reaper's log)", () => {
  it('appends JSON lines in order to a 0600 file', async () => {
    const file = path.join(dir, 'r.log');
    const log = new FileEventLog(file, () => 5);
    log.event('a', { pid: 1 });
    log.warn('b');
    await log.flushed();
    expect(
      (await readFile(file, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { name: string; level: string }),
    ).toMatchObject([
      { t: 5, level: 'info', name: 'a', pid: 1 },
      { level: 'warn', name: 'b' },
    ]);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('a symlink at its path is not followed: the target is unchanged and the log is off', async () => {
    const target = path.join(dir, 'victim');
    await writeFile(target, 'precious\n');
    const file = path.join(dir, 'r.log');
    await symlink(target, file);
    const log = new FileEventLog(file);
    log.event('a');
    await log.flushed();
    expect(log.failed).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('precious\n');
  });

  const noDisk = fullDiskUnavailable();
  if (noDisk) console.info(`full-disk reaper log test skipped: ${noDisk}`);
  it.skipIf(noDisk !== undefined)('on a full disk the first failed write turns it off, and flushed() still resolves', async () => {
    const disk = await mountSmallDisk();
    try {
      await disk.fill();
      const log = new FileEventLog(path.join(disk.dir, 'r.log'));
      for (let i = 0; i < 50; i++) log.event('line', { i, pad: 'x'.repeat(200) });
      await log.flushed();
      expect(log.failed).toBe(true);
    } finally {
      await disk.dispose();
    }
  });
});
