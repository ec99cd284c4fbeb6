// Which containment a session gets on this machine, and why (DESIGN §4). A session plans from
// what can be read at once — the cgroup2 mount and this process's own cgroup — and its root's
// own join into its session cgroup is the trial: a root that cannot join falls back (to a
// systemd user scope, else the process scan) before the program runs. `ripcord doctor` probes
// in full: a trial move of a throwaway child into a fresh child cgroup (owning the files is not
// enough: systemd forbids sub-cgroups of undelegated units, and a move needs write access to the
// common ancestor), whether the kernel has cgroup.kill, and whether a systemd user manager runs.
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { removeLeftoverCgroups } from './cgroup-leftovers';
import {
  CGROUP_PREFIX,
  CgroupDir,
  locateCgroup,
  locateOwnCgroupNow,
  parseOwnCgroup,
  readText,
  type CgroupLocation,
  type Result,
} from './cgroup';

export type ContainmentKind = 'cgroup' | 'systemd-scope' | 'process-scan';
export const CONTAINMENT_KINDS: readonly ContainmentKind[] = ['cgroup', 'systemd-scope', 'process-scan'];

/** Forces a containment (tests, or a user working around a broken machine). */
export const CONTAINMENT_ENV = 'RIPCORD_CONTAINMENT';
/** Puts session cgroups below this directory instead of ripcord's own cgroup (tests). */
export const CGROUP_PARENT_ENV = 'RIPCORD_CGROUP_PARENT';
/** Bound on the trial move: a throwaway `sleep` started, moved, checked and killed. */
const TRIAL_TIMEOUT_MS = 3_000;

export interface ContainmentFacts {
  platform: NodeJS.Platform;
  cgroup2Mount?: string;
  ownCgroup?: string;
  /** where session cgroups would be created */
  parent?: string;
  delegation: { ok: boolean; detail: string };
  cgroupKill: boolean;
  systemdUserManager: { present: boolean; detail: string };
  forced?: string;
}

export interface ContainmentPlan {
  kind: ContainmentKind;
  reason: string;
  facts: ContainmentFacts;
  /** what this containment cannot catch, as the docs state it */
  limits: string[];
}

const OTHER_MANAGERS =
  "processes another manager starts on the session's behalf: a command sent to an already-running tmux server, systemd-run --user, D-Bus activation, xdg-open handing a URL to a running browser, sudo with pam_systemd";
const SAME_USER =
  'code of the same user that kills ripcord and its reaper at the same instant (the reaper then never runs; with a cgroup the processes stay contained in it, without one they are lost)';
const HIDDEN_MIGRANTS =
  "a process that leaves the session's cgroup (or the scan's sight) and also clears its environment or makes itself non-dumpable: the sweep for migrants cannot read its RIPCORD_SESSION tag";
const ROOT = 'root inside the session can escape anything';
export const LIMITS: Record<ContainmentKind, string[]> = {
  cgroup: [HIDDEN_MIGRANTS, OTHER_MANAGERS, SAME_USER, ROOT],
  'systemd-scope': [HIDDEN_MIGRANTS, OTHER_MANAGERS, SAME_USER, ROOT],
  'process-scan': [
    HIDDEN_MIGRANTS,
    'a process that leaves the session (setsid, double fork) and whose parent dies between two scans (every 25 ms while the session is young or its root has ended, every second otherwise), and processes in another PID namespace once their link is gone: only the sweep for migrants finds them, by their tag, after the kill',
    OTHER_MANAGERS,
    SAME_USER,
    ROOT,
  ],
};

let cached: Promise<ContainmentPlan> | undefined;

/** The plan for this process's sessions, made on the first call. */
export function containmentPlan(): Promise<ContainmentPlan> {
  cached ??= planContainment();
  return cached;
}

/**
 * A session's plan, from what can be read at once: a session cgroup below this process's own
 * cgroup, whose trial is the root's own join (a root that cannot join falls back before the
 * program runs: planWithoutCgroup); without a cgroup2 hierarchy, a systemd user scope, else the
 * process scan. A start waits for no trial process.
 */
export async function planContainment(env: NodeJS.ProcessEnv = process.env): Promise<ContainmentPlan> {
  const facts = newFacts(env, "not tried: the session root's own join into its cgroup is the trial");
  // read at once: the session's start waits for the plan
  if (process.platform === 'linux') useLocation(facts, env, locateOwnCgroupNow());
  return choose(
    facts,
    env,
    facts.parent === undefined
      ? undefined
      : `session cgroups go below ${facts.parent}; the session root's join into its own cgroup is the trial move`,
  );
}

/** A session whose root could not join its cgroup: a systemd user scope, else the process scan. */
export function planWithoutCgroup(why: string, env: NodeJS.ProcessEnv = process.env): Promise<ContainmentPlan> {
  return choose(newFacts({}, why), env, undefined);
}

/** `ripcord doctor`: every fact, the cgroup proved by a trial move of a throwaway process. */
export async function probeContainment(env: NodeJS.ProcessEnv = process.env): Promise<ContainmentPlan> {
  const facts = newFacts(env, 'not tried');
  facts.systemdUserManager = await systemdUserManager(env);
  if (process.platform === 'linux') await probeCgroup(facts, env);
  return choose(facts, env, facts.delegation.ok ? `a child cgroup of ${facts.parent} takes processes (trial move succeeded)` : undefined);
}

/** The systemd user manager is looked for only when no cgroup applies. */
const NOT_CHECKED = { present: false, detail: 'not checked: a session cgroup comes first' } as const;

function newFacts(env: NodeJS.ProcessEnv, delegation: string): ContainmentFacts {
  const facts: ContainmentFacts = {
    platform: process.platform,
    delegation: { ok: false, detail: process.platform === 'linux' ? delegation : `no cgroups on ${process.platform}` },
    cgroupKill: false,
    systemdUserManager: NOT_CHECKED,
  };
  const forced = env[CONTAINMENT_ENV];
  if (forced) facts.forced = forced;
  return facts;
}

/** `cgroupReason`: why a session cgroup applies; undefined when none does. */
async function choose(facts: ContainmentFacts, env: NodeJS.ProcessEnv, cgroupReason: string | undefined): Promise<ContainmentPlan> {
  const plan = (kind: ContainmentKind, reason: string): ContainmentPlan => ({ kind, reason, facts, limits: LIMITS[kind] });
  const { forced } = facts;
  if (forced && (CONTAINMENT_KINDS as readonly string[]).includes(forced)) {
    return plan(forced as ContainmentKind, `forced by ${CONTAINMENT_ENV}=${forced}`);
  }
  const unknown = forced ? ` (${CONTAINMENT_ENV}=${forced} is not one of ${CONTAINMENT_KINDS.join(', ')}; ignored)` : '';
  if (cgroupReason !== undefined) return plan('cgroup', `${cgroupReason}${unknown}`);
  if (facts.systemdUserManager === NOT_CHECKED) facts.systemdUserManager = await systemdUserManager(env);
  if (facts.systemdUserManager.present)
    return plan('systemd-scope', `own cgroup not delegated (${facts.delegation.detail}); a systemd user manager runs${unknown}`);
  return plan(
    'process-scan',
    `no cgroup: ${facts.delegation.detail}; no systemd user manager (${facts.systemdUserManager.detail})${unknown}`,
  );
}

/** The cgroup2 mount, this process's cgroup, and where session cgroups go; false when there is none. */
function useLocation(facts: ContainmentFacts, env: NodeJS.ProcessEnv, located: Result<CgroupLocation>): boolean {
  if (!located.ok) {
    facts.delegation.detail = located.error;
    return false;
  }
  facts.cgroup2Mount = located.value.mount;
  facts.ownCgroup = located.value.own;
  facts.parent = env[CGROUP_PARENT_ENV] || located.value.dir;
  return true;
}

async function probeCgroup(facts: ContainmentFacts, env: NodeJS.ProcessEnv): Promise<void> {
  if (!useLocation(facts, env, await locateCgroup()) || facts.parent === undefined) return;
  await removeLeftoverCgroups(facts.parent);
  // made as a session's cgroup is made (a fresh random name), so doctor finds what a session would
  const created = await CgroupDir.createUnique(facts.parent, `${CGROUP_PREFIX}${process.pid}-probe`);
  if (!created.ok) {
    facts.delegation.detail = created.error;
    return;
  }
  const trial = created.value;
  try {
    facts.cgroupKill = await exists(path.join(trial.dir, 'cgroup.kill'));
    facts.delegation = await trialMove(trial);
  } finally {
    await trial.remove();
  }
}

/** Starts a throwaway process, moves it into `trial`, and checks the kernel agrees it moved. */
async function trialMove(trial: CgroupDir): Promise<{ ok: boolean; detail: string }> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), TRIAL_TIMEOUT_MS);
  try {
    if (child.pid === undefined) return { ok: false, detail: 'cannot start a trial process (sleep)' };
    const joined = await trial.join(child.pid);
    if (!joined.ok) return { ok: false, detail: `trial move into ${trial.dir} failed: ${joined.error}` };
    const text = await readText(`/proc/${child.pid}/cgroup`);
    const now = text.ok ? parseOwnCgroup(text.value) : undefined;
    if (now === undefined || !trial.dir.endsWith(now)) {
      return { ok: false, detail: `trial move into ${trial.dir} did not take (the process is in ${now ?? 'an unknown cgroup'})` };
    }
    return { ok: true, detail: `trial move into ${trial.dir} succeeded` };
  } finally {
    child.kill('SIGKILL');
    await exited;
    clearTimeout(timer);
  }
}

async function systemdUserManager(env: NodeJS.ProcessEnv): Promise<{ present: boolean; detail: string }> {
  const runtime = env.XDG_RUNTIME_DIR || (process.getuid ? `/run/user/${process.getuid()}` : undefined);
  if (!runtime) return { present: false, detail: 'no XDG_RUNTIME_DIR' };
  const socket = path.join(runtime, 'systemd', 'private');
  if (!(await exists(socket))) return { present: false, detail: `no ${socket}` };
  if (!(await onPath('systemd-run', env.PATH ?? ''))) return { present: false, detail: 'systemd-run is not on PATH' };
  return { present: true, detail: `${socket} exists` };
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

async function onPath(program: string, searchPath: string): Promise<boolean> {
  for (const dir of searchPath.split(':').filter((d) => d !== '')) {
    if (await exists(path.join(dir, program))) return true;
  }
  return false;
}
