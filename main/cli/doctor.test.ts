// `ripcord doctor` on this machine, through the real probe (a trial move into a real cgroup).
import { describe, expect, it } from 'vitest';
import { probeContainment } from '../platform/containment/containment-probe';
import { describePlan } from './doctor';

describe('ripcord doctor', () => {
  it('names the containment, the reason, every fact it rests on, and what it cannot catch', async () => {
    const plan = await probeContainment({ ...process.env, RIPCORD_CONTAINMENT: '' });
    const text = describePlan(plan);
    expect(text).toContain(`containment: ${plan.kind}`);
    for (const label of ['cgroup2 mount:', 'own cgroup:', 'delegated (trial move):', 'kernel has cgroup.kill:', 'systemd user manager:', 'cannot catch:']) {
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
});
