// Stopping one job of a session without ending the session (issues #16, #29): the staged kill
// of DESIGN §4 on "the job" plus every descendant, or on one process's subtree — never on the
// session's root, which keeps the terminal and the session alive. The job, under a root that is
// a job-control shell (as it runs now), is the foreground job's process group; under any other
// root (`npm run dev`, `sh -c …`) it is every process of the session but the root.
import { isInteractiveShellCommandLine } from '../../core/interactive-shell';
import type { EventLog } from '../log/event-log';
import { readCommandLine } from './proc-files';
import { STAGED_SIGNALS } from '../../core/kill-schedule';
import { visibleText } from '../../core/visible-text';
import type { ProcessIdentity, ProcessInfo, ProcessTable } from './process-table';
import { isAlive, sameProcess } from './process-tree';
import { StagedKill } from './staged-kill';

/** Where the session's members come from: the process table today, the session's cgroup later. */
export interface MembershipSource {
  listMembers(): Promise<number[]>;
}

export type StopResult = { ok: true; message: string; stopped: number[]; survivors: number[]; ms: number } | { ok: false; message: string };

export interface JobStopOptions {
  root: ProcessIdentity;
  table: ProcessTable;
  members: MembershipSource;
  killGraceMs: number;
  log: EventLog;
  /** the stop chose its targets: what it stops, in words (`job 1234 (sleep 1000)`) */
  began?: (what: string) => void;
}

/**
 * The processes a stop covers: the seeds, every process in a seed's process group while one of
 * its known members lives (a job's group id cannot be reused meanwhile), and every descendant
 * of a member (a child counts only if it started after its parent). The root is never one.
 */
export class SubtreeMembers {
  private readonly known = new Map<number, ProcessInfo>();
  private readonly groups: Set<number>;

  constructor(
    seeds: readonly ProcessInfo[],
    private readonly spared: ProcessIdentity,
  ) {
    for (const seed of seeds) if (!sameProcess(seed, spared)) this.known.set(seed.pid, seed);
    this.groups = new Set([...this.known.values()].map((p) => p.pgrp).filter((g) => g !== spared.pid));
  }

  /** every member ever admitted, by pid */
  get pids(): number[] {
    return [...this.known.keys()];
  }

  update(snapshot: readonly ProcessInfo[]): ProcessInfo[] {
    const byPid = new Map<number, ProcessInfo>();
    const byParent = new Map<number, ProcessInfo[]>();
    for (const p of snapshot) {
      if (!isAlive(p) || p.pid === this.spared.pid) continue;
      byPid.set(p.pid, p);
      byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
    }
    const alive: ProcessInfo[] = [];
    for (const [pid, member] of this.known) {
      const now = byPid.get(pid);
      if (now && now.startTime === member.startTime) alive.push(now);
    }
    const liveGroups = new Set(alive.map((p) => p.pgrp).filter((g) => this.groups.has(g)));
    const admitted = new Set(alive.map((p) => p.pid));
    const queue = [...alive];
    const admit = (p: ProcessInfo): void => {
      if (admitted.has(p.pid)) return;
      admitted.add(p.pid);
      this.known.set(p.pid, p);
      alive.push(p);
      queue.push(p);
    };
    for (const p of byPid.values()) if (liveGroups.has(p.pgrp) && p.startTime >= this.spared.startTime) admit(p);
    while (queue.length > 0) {
      const member = queue.shift() as ProcessInfo;
      for (const child of byParent.get(member.pid) ?? []) if (child.startTime >= member.startTime) admit(child);
    }
    return alive;
  }
}

/** Members of the session as process-table rows, root included. */
async function memberInfos(options: JobStopOptions): Promise<ProcessInfo[]> {
  const [pids, snapshot] = await Promise.all([options.members.listMembers(), options.table.snapshot()]);
  const wanted = new Set(pids);
  return snapshot.filter((p) => wanted.has(p.pid) && isAlive(p));
}

/** The process group holding the session's terminal when it is not the root's, else undefined. */
export async function foregroundJobGroup(root: ProcessIdentity, table: ProcessTable): Promise<number | undefined> {
  const now = await table.lookup(root.pid);
  if (!now || !sameProcess(now, root) || now.tpgid <= 0 || now.tpgid === now.pgrp) return undefined;
  return now.tpgid;
}

/** The stop key's and `ripcord stop --job`'s one definition of the job (see the top of this file). */
export async function stopJob(options: JobStopOptions): Promise<StopResult> {
  const rootArgv = await readCommandLine(options.root.pid);
  // without /proc (macOS) what runs now is unknown: the foreground job, as a shell's
  if (rootArgv && !isInteractiveShellCommandLine(rootArgv)) return stopAllButRoot(options, rootArgv);
  const group = await foregroundJobGroup(options.root, options.table);
  if (group === undefined) return { ok: false, message: 'no foreground job: the shell holds the terminal, nothing was stopped' };
  const seeds = (await memberInfos(options)).filter((p) => p.pgrp === group);
  if (seeds.length === 0)
    return { ok: false, message: `the foreground job (group ${group}) is not one of the session's processes; nothing was stopped` };
  return run(options, seeds, `job ${group} (${await describe(seeds)})`);
}

/** Under a root that is not a shell, its job is everything it started: setsid'd and double-forked processes included. */
async function stopAllButRoot(options: JobStopOptions, rootArgv: readonly string[]): Promise<StopResult> {
  const root = visibleText(rootArgv.join(' '));
  const seeds = (await memberInfos(options)).filter((p) => p.pid !== options.root.pid);
  if (seeds.length === 0)
    return {
      ok: false,
      message: `${root} runs no other process; nothing was stopped (stopping the root itself would end the session: quit instead)`,
    };
  return run(options, seeds, `the processes of ${root} (${await describe(seeds)})`);
}

/** How many of a stop's first processes are named in its message. */
const NAMED_PROCESSES = 3;
/** A named command line is cut here: the message is one line. */
const NAMED_COMMAND_CHARS = 40;

async function describe(seeds: readonly ProcessInfo[]): Promise<string> {
  const named = await Promise.all(
    seeds.slice(0, NAMED_PROCESSES).map(async (p) => {
      const argv = visibleText((await readCommandLine(p.pid))?.join(' ') ?? '?');
      return `${p.pid} ${argv.length > NAMED_COMMAND_CHARS ? `${argv.slice(0, NAMED_COMMAND_CHARS - 1)}…` : argv}`;
    }),
  );
  const more = seeds.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

export async function stopProcessTree(options: JobStopOptions, pid: number): Promise<StopResult> {
  if (pid === options.root.pid)
    return { ok: false, message: `process ${pid} is the session's root; stopping it would end the session (quit instead)` };
  const target = (await memberInfos(options)).find((p) => p.pid === pid);
  if (!target) return { ok: false, message: `process ${pid} is not a member of this session; nothing was stopped` };
  return run(options, [target], `process ${pid}`);
}

async function run(options: JobStopOptions, seeds: ProcessInfo[], what: string): Promise<StopResult> {
  const members = new SubtreeMembers(seeds, options.root);
  options.log.event('stop.begin', { what, seeds: seeds.map((s) => s.pid) });
  options.began?.(what);
  const result = await new StagedKill([members], { table: options.table, killGraceMs: options.killGraceMs, log: options.log }).run();
  const survivors = result.survivors.map((s) => s.pid);
  const stopped = members.pids.filter((pid) => !survivors.includes(pid));
  options.log.event('stop.done', { what, stopped: stopped.length, survivors: survivors.length, ms: result.ms });
  const signals = STAGED_SIGNALS.filter((s) => result.killedBy[s] > 0).map((s) => `${result.killedBy[s]} by ${s}`);
  const message =
    survivors.length > 0
      ? `${what}: ${survivors.length} process(es) survived the staged kill: ${survivors.join(' ')}`
      : `${what} stopped: ${stopped.length} process(es) in ${result.ms} ms${signals.length > 0 ? ` (${signals.join(', ')})` : ''}`;
  return { ok: survivors.length === 0, message, stopped, survivors, ms: result.ms };
}
