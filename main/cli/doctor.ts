// `ripcord doctor [--json]`: which containment a session would get on this machine, why, and
// what that containment cannot catch (DESIGN §4). The desktop app logs the same plan at start.
import { probeContainment, type ContainmentPlan } from '../platform/containment/containment-probe';
import { makeNonDumpable, type GuardResult } from '../platform/processes/process-guard';
import { openRuntimeDir } from '../platform/control/runtime-dir';

export const DOCTOR_USAGE = `Usage: ripcord doctor [--json]

Prints which containment a ripcord session gets on this machine and why: the cgroup2
mount, ripcord's own cgroup, the result of a trial move into a child cgroup, whether the
kernel has cgroup.kill, whether a systemd user manager runs — and what that containment
cannot catch; and whether ripcord and its reaper can keep same-user processes from ptracing
them (prctl PR_SET_DUMPABLE, tried on doctor itself); and whether a session's control socket
(ripcord ps, ripcord stop) can be published. --json prints the same as one JSON object.`;

export async function runDoctor(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) return print(DOCTOR_USAGE);
  const unknown = args.find((a) => a !== '--json');
  if (unknown !== undefined) {
    process.stderr.write(`ripcord: doctor: unknown option ${JSON.stringify(unknown)}\nTry "ripcord doctor --help".\n`);
    return 2;
  }
  const plan = await probeContainment();
  // tried the way the host and the reaper do it at their start
  const guard = makeNonDumpable();
  const controlSocket = await probeControlSocket();
  return print(args.includes('--json') ? JSON.stringify({ ...plan, guard, controlSocket }, null, 2) : `${describePlan(plan)}\n${describeGuard(guard)}\n${describeControlSocket(controlSocket)}`);
}

/** Where a session's control socket would go, checked (and made) as a session does at its start. */
export async function probeControlSocket(): Promise<{ ok: boolean; detail: string }> {
  const opened = await openRuntimeDir({ create: true });
  return opened.ok ? { ok: true, detail: `sockets go in ${opened.dir}` } : { ok: false, detail: opened.error };
}

export function describeControlSocket(socket: { ok: boolean; detail: string }): string {
  return `control socket (ripcord ps, ripcord stop): ${socket.ok ? 'yes' : 'no'} — ${socket.detail}`;
}

export function describePlan(plan: ContainmentPlan): string {
  const { facts } = plan;
  const yes = (b: boolean): string => (b ? 'yes' : 'no');
  return [
    `containment: ${plan.kind}`,
    `  why: ${plan.reason}`,
    `platform: ${facts.platform}`,
    `cgroup2 mount: ${facts.cgroup2Mount ?? 'none'}`,
    `own cgroup: ${facts.ownCgroup ?? 'unknown'}`,
    `session cgroups go in: ${facts.parent ?? '-'}`,
    `delegated (trial move): ${yes(facts.delegation.ok)} — ${facts.delegation.detail}`,
    `kernel has cgroup.kill: ${yes(facts.cgroupKill)}`,
    `systemd user manager: ${yes(facts.systemdUserManager.present)} — ${facts.systemdUserManager.detail}`,
    ...(facts.forced ? [`forced by RIPCORD_CONTAINMENT: ${facts.forced}`] : []),
    'cannot catch:',
    ...plan.limits.map((limit) => `  - ${limit}`),
  ].join('\n');
}

export function describeGuard(guard: GuardResult): string {
  return [
    `same-user ptrace guard (host, reaper): ${guard.ok ? 'yes — prctl(PR_SET_DUMPABLE, 0) works' : `no — ${guard.error}`}`,
    '  not covered: the reaper\'s first stage (a sh stub) until it execs the Node reaper; the user\'s own terminal device, which any process of the user can open',
  ].join('\n');
}

function print(text: string): number {
  process.stdout.write(`${text}\n`);
  return 0;
}
