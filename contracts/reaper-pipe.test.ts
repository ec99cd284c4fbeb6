import { describe, expect, it } from 'vitest';
import { formatCommand, formatRegistered, parseCommand, parseRegistered, type ReaperCommand } from './reaper-pipe';

describe('reaper protocol: containers', () => {
  it('round-trips cgroup commands, paths with spaces included', () => {
    const commands: ReaperCommand[] = [
      { kind: 'contain', cgroup: '/sys/fs/cgroup/ripcord-1-1' },
      { kind: 'contain', cgroup: '/mnt/my cgroups/ripcord-1-3', sessionId: '4242-3' },
      { kind: 'root', pid: 42, cgroup: '/mnt/my cgroups/ripcord-1-2' },
      { kind: 'release', cgroup: '/sys/fs/cgroup/a%b' },
      { kind: 'register', pid: 7, startTime: 1234 },
      { kind: 'grace', ms: 2500 },
      { kind: 'end', pid: 4321 },
    ];
    for (const command of commands) {
      const line = formatCommand(command);
      expect(line.trim().split(' ').length).toBeLessThanOrEqual(3);
      expect(parseCommand(line)).toEqual(command);
    }
  });

  it('rejects relative paths, bad encodings and extra words', () => {
    expect(parseCommand('contain relative/dir')).toBeUndefined();
    expect(parseCommand('contain %E0%A4%A')).toBeUndefined();
    expect(parseCommand('root x /a')).toBeUndefined();
    expect(parseCommand('end 12 13')).toBeUndefined();
    expect(parseCommand('end -1')).toBeUndefined();
    expect(parseCommand('release /a /b')).toBeUndefined();
    expect(parseCommand('contain /a bad/id')).toBeUndefined();
    expect(parseCommand('contain /a 1-1 extra')).toBeUndefined();
    expect(parseCommand('grace -5')).toBeUndefined();
    expect(parseCommand('grace 5 6')).toBeUndefined();
  });

  it('acknowledges a registration', () => {
    expect(parseRegistered(formatRegistered(99))).toBe(99);
    expect(parseRegistered('dead 99')).toBeUndefined();
  });
});

describe('reaper protocol: the outer terminal', () => {
  it('round-trips the terminal commands: any bytes, a path with spaces, termios or none', () => {
    const commands: ReaperCommand[] = [
      { kind: 'terminal', path: '/dev/pts/3', rdev: 34819, termios: '500:5:bf:8a3b:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0' },
      { kind: 'terminal', path: '/dev/my tty', rdev: 1 },
      { kind: 'terminal-restore', bytes: '\x1b[?1049l\x1b[?25h  \r\x1b[K é' },
      { kind: 'terminal-restore', bytes: '' },
      { kind: 'terminal-done' },
    ];
    for (const command of commands) {
      const line = formatCommand(command);
      expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n')).toBe(true);
      expect(parseCommand(line)).toEqual(command);
    }
  });

  it('rejects a relative path, a bad device number, bad base64 and extra words', () => {
    expect(parseCommand('terminal dev/pts/3 1')).toBeUndefined();
    expect(parseCommand('terminal /dev/pts/3 x')).toBeUndefined();
    expect(parseCommand('terminal /dev/pts/3 1 a b')).toBeUndefined();
    expect(parseCommand('terminal-restore !!')).toBeUndefined();
    expect(parseCommand('terminal-done now')).toBeUndefined();
  });
});
