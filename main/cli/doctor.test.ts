// `ripcord doctor` on this machine, through the real probe (a trial move into a real cgroup).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeContainment } from '../platform/containment/containment-probe';
import { FileEventLog } from '../platform/log/event-log';
import { describePlan, describeSessions, sessionsFromLog } from './doctor';

describe('ripcord doctor', () => {
  it('names the containment, the reason, every fact it rests on, and what it cannot catch', async () => {
    const plan = await probeContainment({ ...process.env, RIPCORD_CONTAINMENT: '' });
    const text = describePlan(plan);
    expect(text).toContain(`containment: ${plan.kind}`);
    for (const label of [
      'cgroup2 mount:',
      'own cgroup:',
      'delegated (trial move):',
      'kernel has cgroup.kill:',
      'systemd user manager:',
      'cannot catch:',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('a command sent to an already-running tmux server');
  });

  it('follows RIPCORD_CONTAINMENT, and says a forced fallback is what it is', async () => {
    const plan = await probeContainment({ ...process.env, RIPCORD_CONTAINMENT: 'process-scan' });
    expect(plan.kind).toBe('process-scan');
    expect(plan.reason).toBe('forced by RIPCORD_CONTAINMENT=process-scan');
    expect(describePlan(plan)).toContain('between two scans');
  });

  it('falls back, with the reason, when the cgroup cannot be created', async () => {
    const plan = await probeContainment({ ...process.env, RIPCORD_CONTAINMENT: '', RIPCORD_CGROUP_PARENT: '/nonexistent/ripcord' });
    expect(plan.facts.delegation.ok).toBe(false);
    expect(plan.facts.delegation.detail).toContain('cannot create /nonexistent/ripcord/ripcord-');
    expect(plan.kind).not.toBe('cgroup');
  });

  it('counts the sessions the reaper ended, their migrants and survivors, from the log the reaper wrote', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-doctor-'));
    try {
      const file = path.join(dir, 'ripcord.log');
      expect(describeSessions(await sessionsFromLog(file))).toBe(`sessions ended by the reaper: not known — no log yet (${file})`);
      const reaperLog = new FileEventLog(file);
      reaperLog.event('reaper-session-dead', {
        pid: 21,
        cgroup: 'ripcord-21-1-0123456789abcdef',
        ms: 30,
        survivors: 0,
        migrated: 2,
        movedBack: 2,
        removed: true,
      });
      reaperLog.event('reaper-session-dead', { pid: 22, ms: 2050, survivors: 1, migrated: 1, movedBack: 0 });
      await reaperLog.flushed();
      const sessions = await sessionsFromLog(file);
      expect(sessions).toMatchObject({ ok: true, value: { count: 2, migrated: 3, movedBack: 2, survivors: 1, withSurvivors: 1 } });
      expect(describeSessions(sessions)).toMatch(
        /^sessions ended by the reaper: 2; migrants swept: 3 \(2 moved back into their container\); survivors: 1 in 1 session, the last at 20/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
