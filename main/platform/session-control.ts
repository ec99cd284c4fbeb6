// What a host can ask about and do to its running session besides typing (issue #16): the
// process view, the process count, stopping the foreground job or one process's subtree.
// Membership is behind MembershipSource so the session's cgroup can replace the process table.
import type { ProcessView } from '../../preload/api';
import type { EventLog } from './event-log';
import { foregroundJobGroup, type MembershipSource, stopForegroundJob, stopProcessTree, type StopResult } from './job-stop';
import { ProcessSampler } from './process-details';
import type { ProcessIdentity, ProcessTable } from './process-table';
import { SessionMembers } from './process-tree';

export interface SessionControlOptions {
  root: ProcessIdentity;
  /** read at full speed: the stops (a user waits on them) */
  table: ProcessTable;
  /** read for the view and the count (default: table) */
  viewTable?: ProcessTable;
  killGraceMs: number;
  log: EventLog;
  /** default: the process table, as the reaper sees the session (DESIGN §4 fallback) */
  members?: MembershipSource;
  /** the session's transcript file, shown in the view */
  transcript?: string | null;
}

/** The session's members from the process table: the root's session and every descendant. */
export function processTableMembership(root: ProcessIdentity, table: ProcessTable): MembershipSource {
  const members = new SessionMembers(root);
  let scan: Promise<number[]> | undefined;
  return {
    // concurrent askers share one scan of /proc
    listMembers: () => {
      scan ??= table.snapshot().then((snapshot) => members.update(snapshot).map((p) => p.pid)).finally(() => (scan = undefined));
      return scan;
    },
  };
}

export class SessionControl {
  readonly members: MembershipSource;
  private readonly sampler = new ProcessSampler();

  constructor(private readonly options: SessionControlOptions) {
    this.members = options.members ?? processTableMembership(options.root, options.viewTable ?? options.table);
  }

  get sessionPid(): number {
    return this.options.root.pid;
  }

  async view(): Promise<ProcessView> {
    const [pids, group] = await Promise.all([this.members.listMembers(), foregroundJobGroup(this.options.root, this.options.table)]);
    const foregroundPgrp = group ?? null;
    return { sessionPid: this.options.root.pid, foregroundPgrp, rows: await this.sampler.sample(pids, foregroundPgrp), transcript: this.options.transcript ?? null };
  }

  async count(): Promise<number> {
    return (await this.members.listMembers()).length;
  }

  stopJob(): Promise<StopResult> {
    return stopForegroundJob(this.jobStopOptions());
  }

  stopProcess(pid: number): Promise<StopResult> {
    return stopProcessTree(this.jobStopOptions(), pid);
  }

  private jobStopOptions() {
    const { root, table, killGraceMs, log } = this.options;
    return { root, table, killGraceMs, log, members: this.members };
  }
}
