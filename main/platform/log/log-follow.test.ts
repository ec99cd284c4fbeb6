// `ripcord stats --follow` on a real file that grows and rotates as the log does (renamed to
// .1, a new file begun): each event is shown once, in order, across the rotation.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { followLog, LogFollower } from './log-follow';

const WAIT_MS = 10_000;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-follow-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const hostLine = (t: number, name: string, fields: Record<string, unknown> = {}): string =>
  `${JSON.stringify({ level: 'info', t, wall: `2026-12-06T10:00:00.${String(t).padStart(3, '0')}Z`, pid: 4242, ...fields, name })}\n`;

async function until(lines: string[], predicate: (all: string) => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!predicate(lines.join('\n'))) {
    if (Date.now() > deadline) throw new Error(`not shown within ${WAIT_MS} ms:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** followLog on `file`: the lines it shows, its stop, its end, and its first look (the tests append once it has looked). */
function follow(file: string): { lines: string[]; stop: AbortController; followed: Promise<void>; firstLook: Promise<string> } {
  const lines: string[] = [];
  const stop = new AbortController();
  let looked: (state: string) => void = () => undefined;
  const firstLook = new Promise<string>((resolve) => {
    looked = resolve;
  });
  const followed = followLog(file, { line: (text) => lines.push(text), firstLook: looked }, stop.signal);
  return { lines, stop, followed, firstLook };
}

describe('LogFollower', () => {
  it('shows a press, its decision, the cancel answer and each exit stage with its time after the trigger, then the running numbers', () => {
    const lines: string[] = [];
    const follower = new LogFollower({ line: (text) => lines.push(text) });
    follower.push(hostLine(100, 'trigger', { kind: 'ctrl-c', action: 'cancel' }));
    follower.push(hostLine(130, 'cancel.handled'));
    follower.push(hostLine(400, 'trigger', { kind: 'ctrl-c', action: 'exit' }));
    follower.push(hostLine(401, 'exit.begin', { code: 130, reason: 'double ctrl-c' }));
    follower.push(hostLine(410, 'exit.end'));
    follower.push(
      `${JSON.stringify({ t: 5, wall: '2026-12-06T10:00:01.000Z', level: 'info', name: 'reaper-session-dead', pid: 77, survivors: 0, migrated: 1 })}\n`,
    );
    follower.push('not json\n');
    expect(lines).toEqual([
      '10:00:00.100 host 4242  ctrl-c → cancel',
      '10:00:00.130 host 4242  cancel answered +30.0 ms after ctrl-c',
      '  so far, cancel after ctrl-c: median 30.0 ms, p99 30.0 ms over 1',
      '10:00:00.400 host 4242  ctrl-c → exit',
      '10:00:00.401 host 4242  exit.begin +1.0 ms after ctrl-c (code 130, double ctrl-c)',
      '10:00:00.410 host 4242  exit.end +10.0 ms after ctrl-c',
      '  so far, exit after ctrl-c: median 10.0 ms, p99 10.0 ms over 1',
      '10:00:01.000 reaper  session 77 dead: survivors 0, migrated 1',
    ]);
  });
});

describe('followLog', () => {
  it('shows what is appended, not what was there; waits for a missing file; follows a rotation', async () => {
    const file = path.join(dir, 'ripcord.log');
    await writeFile(file, hostLine(1, 'trigger', { kind: 'sigterm', action: 'exit' }));
    const { lines, stop, followed, firstLook } = follow(file);
    try {
      // appended once the follower has looked: what was there before is not shown, this is
      expect(await firstLook).toBe('following');
      await appendFile(file, hostLine(10, 'trigger', { kind: 'ctrl-c', action: 'cancel' }));
      await until(lines, (all) => all.includes('ctrl-c → cancel'));
      // the logger's rotation: the last line lands in the old file, which is renamed; a new file begins
      await appendFile(file, hostLine(20, 'trigger', { kind: 'ctrl-c', action: 'exit' }).slice(0, 30));
      await appendFile(file, hostLine(20, 'trigger', { kind: 'ctrl-c', action: 'exit' }).slice(30));
      await rename(file, `${file}.1`);
      await writeFile(file, hostLine(21, 'exit.begin', { code: 130, reason: 'double ctrl-c' }));
      await until(lines, (all) => all.includes('exit.begin'));
      await appendFile(file, hostLine(30, 'exit.end'));
      await until(lines, (all) => all.includes('exit.end'));
    } finally {
      stop.abort();
      await followed;
    }
    expect(lines.filter((line) => !line.startsWith('  so far'))).toEqual([
      '10:00:00.010 host 4242  ctrl-c → cancel',
      '10:00:00.020 host 4242  ctrl-c → exit',
      '10:00:00.021 host 4242  exit.begin +1.0 ms after ctrl-c (code 130, double ctrl-c)',
      '10:00:00.030 host 4242  exit.end +10.0 ms after ctrl-c',
    ]);
  });

  it('a file that appears later is read from its start', async () => {
    const file = path.join(dir, 'later.log');
    const { lines, stop, followed: following, firstLook } = follow(file);
    try {
      // made once the follower has looked and found nothing: a file that appears later
      expect(await firstLook).toBe('waiting');
      await writeFile(file, hostLine(5, 'main-loop-stall', { ms: 312 }));
      await until(lines, (all) => all.includes('stalled'));
    } finally {
      stop.abort();
      await following;
    }
    expect(lines).toEqual(['10:00:00.005 host 4242  main loop stalled 312 ms (watchdog)']);
  });
});
