import { describe, expect, it } from 'vitest';
import { formatCommand, formatRegistered, parseCommand, parseRegistered, type ReaperCommand } from './reaper-protocol';

describe('reaper protocol: containers', () => {
  it('round-trips cgroup commands, paths with spaces included', () => {
    const commands: ReaperCommand[] = [
      { kind: 'contain', cgroup: '/sys/fs/cgroup/ripcord-1-1' },
      { kind: 'contain', cgroup: '/mnt/my cgroups/ripcord-1-3', sessionId: '4242-3' },
      { kind: 'root', pid: 42, cgroup: '/mnt/my cgroups/ripcord-1-2' },
      { kind: 'release', cgroup: '/sys/fs/cgroup/a%b' },
      { kind: 'register', pid: 7, startTime: 1234 },
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
    expect(parseCommand('release /a /b')).toBeUndefined();
    expect(parseCommand('contain /a bad/id')).toBeUndefined();
    expect(parseCommand('contain /a 1-1 extra')).toBeUndefined();
  });

  it('acknowledges a registration', () => {
    expect(parseRegistered(formatRegistered(99))).toBe(99);
    expect(parseRegistered('dead 99')).toBeUndefined();
  });
});
