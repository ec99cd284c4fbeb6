// What a host can ask about and do to its running session besides typing (issue #16): the
// process view, the process count, stopping the foreground job or one process's subtree.
// Membership comes from the session's container (its cgroup, or the process scan).
import type { ProcessView } from '../../preload/api';
import type { EventLog } from './event-log';
import { foregroundJobGroup, type MembershipSource, stopForegroundJob, stopProcessTree, type StopResult } from './job-stop';
import { ProcessSampler } from './process-details';
import type { ProcessIdentity, ProcessTable } from './process-table';

export interface SessionControlOptions {
  root: ProcessIdentity;
  table: ProcessTable;
  killGraceMs: number;
  log: EventLog;
  /** who belongs to the session: its container (DESIGN §4) */
  members: MembershipSource;
  /** the session's transcript file, shown in the view */
  transcript?: string | null;
}

export class SessionControl {
  readonly members: MembershipSource;
  private readonly sampler = new ProcessSampler();

  constructor(private readonly options: SessionControlOptions) {
    this.members = options.members;
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
