import { describe, expect, it } from 'vitest';
import {
  isExiting,
  parseCommandLine,
  parseProcStat,
  parseProcStatus,
  procStatNow,
  procStatusNow,
  readCommandLine,
  readProcStat,
  readProcStatus,
} from './proc-files';

/** A /proc/<pid>/stat line with 52 fields; comm may contain anything. */
function statLine(
  pid: number,
  comm: string,
  f: { ppid: number; pgrp: number; sid: number; tpgid: number; flags: number; utime: number; stime: number; start: number },
): string {
  const fields: (string | number)[] = ['S', f.ppid, f.pgrp, f.sid, 34816, f.tpgid, f.flags]; // fields 3..9
  while (fields.length < 11) fields.push(0); // fields 10..13
  fields.push(f.utime, f.stime); // fields 14, 15
  while (fields.length < 17) fields.push(0); // fields 16..19
  fields.push(3, 0); // fields 20 (threads), 21
  fields.push(f.start); // field 22
  while (fields.length < 50) fields.push(0); // up to field 52
  return `${pid} (${comm}) ${fields.join(' ')}\n`;
}

describe('parseProcStat', () => {
  it('reads the fields after the last parenthesis, whatever the command name holds', () => {
    const stat = parseProcStat(
      statLine(4321, 'evil) S 1 2 3 (name', {
        ppid: 17,
        pgrp: 4321,
        sid: 4000,
        tpgid: -1,
        flags: 0x400004,
        utime: 7,
        stime: 5,
        start: 987654,
      }),
    );
    expect(stat).toEqual({
      pid: 4321,
      comm: 'evil) S 1 2 3 (name',
      state: 'S',
      ppid: 17,
      pgrp: 4321,
      sid: 4000,
      tpgid: -1,
      flags: 0x400004,
      cpuTicks: 12,
      threads: 3,
      startTime: 987654,
    });
    expect(stat && isExiting(stat)).toBe(true);
  });

  it('rejects what is not a whole stat line', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('not a stat line')).toBeUndefined();
    expect(parseProcStat('12 (x) S a b c')).toBeUndefined();
    expect(parseProcStat('1 (init) S 0 1 1 0 -1 4194560')).toBeUndefined();
  });
});

describe('parseProcStatus', () => {
  it('reads the state, the real uid, the resident memory and the signal sets', () => {
    const text =
      'Name:\tx\nState:\tT (stopped)\nUid:\t1000\t1000\t1000\t1000\nVmRSS:\t   2048 kB\nRssFile:\t  512 kB\nSigBlk:\t0000000000000002\nSigIgn:\t0000000000004001\nSigCgt:\t0000000100000000\n';
    expect(parseProcStatus(text)).toEqual({
      state: 'T',
      realUid: 1000,
      rssKb: 2048,
      rssFileKb: 512,
      blocked: 2n,
      ignored: 0x4001n,
      caught: 0x100000000n,
    });
  });

  it('leaves out what the text lacks or garbles', () => {
    expect(parseProcStatus('Name:\tkthreadd\nSigIgn:\tzz\n')).toEqual({});
  });
});

describe('parseCommandLine', () => {
  it('splits at NUL and drops the empty tail', () => {
    expect(parseCommandLine('bash\0-c\0echo a b\0')).toEqual(['bash', '-c', 'echo a b']);
    expect(parseCommandLine('')).toEqual([]);
  });
});

describe('the readers (real /proc)', () => {
  it('read this process, at once and asynchronously', async () => {
    const stat = await readProcStat(process.pid);
    expect(stat).toMatchObject({ pid: process.pid, ppid: process.ppid });
    expect(stat?.startTime).toBeGreaterThan(0);
    expect(procStatNow('self')?.startTime).toBe(stat?.startTime);
    expect((await readProcStatus(process.pid))?.realUid).toBe(process.getuid?.());
    expect(procStatusNow('self')?.state).toBe('R');
    expect((await readCommandLine(process.pid))?.length).toBeGreaterThan(0);
  });

  it('answer undefined for a pid that does not exist', async () => {
    const none = 2 ** 30;
    expect(await readProcStat(none)).toBeUndefined();
    expect(procStatNow(none)).toBeUndefined();
    expect(await readProcStatus(none)).toBeUndefined();
    expect(procStatusNow(none)).toBeUndefined();
    expect(await readCommandLine(none)).toBeUndefined();
  });
});
