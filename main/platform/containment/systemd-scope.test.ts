// The systemd user scope containment: its command line, and — where a user manager runs —
// the real thing (this machine has none; the test says so).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { probeContainment } from './containment-probe';
import { isScopeCgroup, systemdScopeLauncher } from './systemd-scope';

describe('systemdScopeLauncher', () => {
  it('starts the program in a transient, delegated, collected user scope of its own name', () => {
    expect(systemdScopeLauncher('ripcord-42-1')).toEqual([
      'systemd-run',
      '--user',
      '--scope',
      '--quiet',
      '--collect',
      '-p',
      'Delegate=yes',
      '--unit=ripcord-42-1.scope',
      '--',
    ]);
  });

  it('recognises the scope in /proc/<pid>/cgroup', () => {
    expect(isScopeCgroup('/user.slice/user-1000.slice/user@1000.service/app.slice/ripcord-42-1.scope', 'ripcord-42-1')).toBe(true);
    expect(isScopeCgroup('/user.slice/user-1000.slice/session-2.scope', 'ripcord-42-1')).toBe(false);
    expect(isScopeCgroup('/ripcord-42-10.scope', 'ripcord-42-1')).toBe(false);
  });

  it('runs a program inside the scope where a systemd user manager runs', async (ctx) => {
    const plan = await probeContainment();
    if (!plan.facts.systemdUserManager.present) ctx.skip(`no systemd user manager (${plan.facts.systemdUserManager.detail})`);
    const unit = `ripcord-${process.pid}-scope-test`;
    const [file = '', ...args] = [...systemdScopeLauncher(unit), 'cat', '/proc/self/cgroup'];
    const { stdout: out } = await promisify(execFile)(file, args);
    expect(out.split('\n').some((line) => line.startsWith('0::') && isScopeCgroup(line.slice(3), unit))).toBe(true);
  });
});
