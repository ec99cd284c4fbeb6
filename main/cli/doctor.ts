// `ripcord doctor [--json]`: which containment a session would get on this machine, why, and
// what that containment cannot catch (DESIGN §4). The desktop app logs the same plan at start.
import { probeContainment, type ContainmentPlan } from '../platform/containment/containment-probe';
import { usageError } from './usage-error';
import { makeNonDumpable, type GuardResult } from '../platform/processes/process-guard';
import { defaultLogPath } from '../platform/log/log';
import { electronPackageDir, findElectron } from './desktop-launcher';
import { describeShortcut, lastShortcutState } from './shortcut-report';
import type { LauncherFacts } from './launcher-env';
import { gatherStartFacts, type StartFacts } from './start-facts';
import { openRuntimeDir } from '../platform/control/runtime-dir';
import { describeVerdict, startVerdict, type StartVerdict } from './start-verdict';
import { describeEndedSessions, summarizeFile } from './stats';
import type { EndedSessions } from '../platform/log/log-summarizer';

export const DOCTOR_USAGE = `Usage: ripcord doctor [--json]

Prints which containment a ripcord session gets on this machine and why: the cgroup2
mount, ripcord's own cgroup, the result of a trial move into a child cgroup, whether the
kernel has cgroup.kill, whether a systemd user manager runs — and what that containment
cannot catch; whether ripcord and its reaper can keep same-user processes from ptracing
them (prctl PR_SET_DUMPABLE, tried on doctor itself); and whether the desktop app can start
here, as \`ripcord\` would decide before starting it (Chromium's sandbox: chrome-sandbox, the
user-namespace probe in the Electron binary, the sysctls and AppArmor profile that decide it);
whether the desktop's last start could register the global exit shortcut (from the log),
with the ways out that need none; whether a session's control socket (ripcord ps,
ripcord stop) can be published; and, from the log, how many sessions the reaper ended, the
migrants it swept and the survivors it counted. --json prints the same as one JSON object.`;

export async function runDoctor(args: string[], launcher: LauncherFacts = { packagedElectron: undefined }): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) return print(DOCTOR_USAGE);
  const unknown = args.find((a) => a !== '--json');
  if (unknown !== undefined) return usageError('doctor', `unknown option '${unknown}'`);
  const plan = await probeContainment();
  // tried the way the host and the reaper do it at their start
  const guard = makeNonDumpable();
  const desktop = await desktopStart(launcher);
  const shortcut = await lastShortcutState(defaultLogPath());
  const controlSocket = await probeControlSocket();
  const sessions = await sessionsFromLog(defaultLogPath());
  return print(
    args.includes('--json')
      ? JSON.stringify({ ...plan, guard, desktop, shortcut, controlSocket, sessions }, null, 2)
      : [
          describePlan(plan),
          describeGuard(guard),
          describeDesktopStart(desktop),
          describeShortcut(shortcut),
          describeControlSocket(controlSocket),
          describeSessions(sessions),
        ].join('\n'),
  );
}

type SessionsFromLog = { ok: true; value: EndedSessions } | { ok: false; why: string };

/** The reaper's reports in the log (log-summarizer.ts), or why they cannot be read. */
export async function sessionsFromLog(file: string): Promise<SessionsFromLog> {
  try {
    return { ok: true, value: (await summarizeFile(file)).sessions };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, why: code === 'ENOENT' ? `no log yet (${file})` : `cannot read ${file}: ${code ?? String(error)}` };
  }
}

export function describeSessions(sessions: SessionsFromLog): string {
  return sessions.ok
    ? describeEndedSessions(sessions.value).replace(/^Sessions/, 'sessions')
    : `sessions ended by the reaper: not known — ${sessions.why}`;
}

/** Where a session's control socket would go, checked (and made) as a session does at its start. */
export async function probeControlSocket(): Promise<{ ok: boolean; detail: string }> {
  const opened = await openRuntimeDir({ create: true });
  return opened.ok ? { ok: true, detail: `sockets go in ${opened.value}` } : { ok: false, detail: opened.error };
}

export function describeControlSocket(socket: { ok: boolean; detail: string }): string {
  return `control socket (ripcord ps, ripcord stop): ${socket.ok ? 'yes' : 'no'} — ${socket.detail}`;
}

type DesktopStart = { electron: undefined } | { electron: string; facts: StartFacts; verdict: StartVerdict };

/** The verdict `ripcord` with no command reaches before it starts Electron (desktop-launcher.ts). */
async function desktopStart(launcher: LauncherFacts): Promise<DesktopStart> {
  const lookup = launcher.packagedElectron
    ? { ok: true as const, executable: launcher.packagedElectron }
    : await findElectron(process.env, electronPackageDir());
  if (!lookup.ok) return { electron: undefined };
  const facts = await gatherStartFacts({
    electron: lookup.executable,
    packaged: launcher.packagedElectron !== undefined,
    args: [],
    env: process.env,
  });
  return { electron: lookup.executable, facts, verdict: startVerdict(facts) };
}

export function describeDesktopStart(desktop: DesktopStart): string {
  if (desktop.electron === undefined)
    return 'desktop app: no Electron binary here yet (`ripcord` downloads it on its first start; `ripcord run` needs none)';
  const { facts, verdict } = desktop;
  const sysctls =
    Object.entries(facts.sysctls)
      .map(([name, value]) => `${name} = ${value}`)
      .join(', ') || 'none of the user-namespace sysctls';
  return [
    `desktop app (${facts.format}, ${facts.electron}): ${verdict.start ? `can start — ${verdict.how}` : 'cannot start'}`,
    `  chrome-sandbox: ${facts.sandboxHelper.state}${facts.sandboxHelper.setuidRoot ? ' (setuid root)' : ''}`,
    `  user namespaces in the Electron binary: ${facts.userns.ok ? 'work' : `fail — ${facts.userns.error}`}`,
    `  sysctls: ${sysctls}`,
    `  AppArmor profile ${facts.apparmorProfile.path}: ${facts.apparmorProfile.present ? (facts.apparmorProfile.grantsUserns ? 'allows user namespaces' : 'present, without userns') : 'none'}`,
    ...(verdict.start
      ? []
      : describeVerdict(verdict)
          .split('\n')
          .map((line) => `  ${line.replace(/^ripcord: /, '').trimStart()}`)),
  ].join('\n');
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
    "  not covered: the reaper's first stage (a sh stub) until it execs the Node reaper; the user's own terminal device, which any process of the user can open",
  ].join('\n');
}

function print(text: string): number {
  process.stdout.write(`${text}\n`);
  return 0;
}
