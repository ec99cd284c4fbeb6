// What a host can ask about and do to its running session besides typing (issue #16): the
// process view, the process count, stopping the foreground job or one process's subtree.
// Membership comes from the session's container (its cgroup, or the process scan).
import path from 'node:path';
import type { ProcessView } from '../../../contracts/renderer';
import { visibleText } from '../../core/visible-text';
import { readCommandLine } from '../../platform/processes/proc-files';
import type { EventLog } from '../../platform/log/event-log';
import {
  foregroundJobGroup,
  type JobStopOptions,
  type MembershipSource,
  stopJob,
  stopProcessTree,
  type StopResult,
} from '../../platform/processes/job-stop';
import { ProcessSampler } from '../../platform/processes/process-details';
import type { ProcessIdentity, ProcessTable } from '../../platform/processes/process-table';

export interface SessionControlOptions {
  root: ProcessIdentity;
  table: ProcessTable;
  /** read when a stop starts: an edited killGraceMs applies from the next stop */
  killGraceMs: () => number;
  log: EventLog;
  /** who belongs to the session: its container (DESIGN §4) */
  members: MembershipSource;
  /** the session's transcript file, shown in the view */
  transcript?: string | null;
  /**
   * The root's command as the user started it (`/bin/bash -i`), shown while the root still runs
   * as ripcord spawned it: with the shell integration's arguments, which name `wrapperMark` (its
   * directory). After an `exec` the root shows what runs now.
   */
  rootCommand?: { asStarted: string; wrapperMark: string };
}

export class SessionControl {
  readonly members: MembershipSource;
  private readonly sampler = new ProcessSampler();
  private readonly stopping = new Set<string>();

  constructor(private readonly options: SessionControlOptions) {
    this.members = options.members;
  }

  get sessionPid(): number {
    return this.options.root.pid;
  }

  async view(): Promise<ProcessView> {
    const [pids, group] = await Promise.all([this.members.listMembers(), foregroundJobGroup(this.options.root, this.options.table)]);
    const foregroundPgrp = group ?? null;
    const rows = await this.sampler.sample(pids, foregroundPgrp);
    const { root, rootCommand } = this.options;
    const shown = rootCommand
      ? rows.map((row) =>
          row.pid === root.pid && row.command.includes(rootCommand.wrapperMark) ? { ...row, command: rootCommand.asStarted } : row,
        )
      : rows;
    return { sessionPid: root.pid, foregroundPgrp, rows: shown, transcript: this.options.transcript ?? null };
  }

  /** What ends with the session, by name: the program holding the terminal (the foreground job's, else the root's) and the other processes' number. */
  async whatEnds(): Promise<{ program: string; others: number } | undefined> {
    const [program, members] = await Promise.all([this.foreground(), this.members.listMembers()]);
    return program ? { program, others: Math.max(0, members.length - 1) } : undefined;
  }

  /** The program holding the terminal by name (the foreground job's leader, else the root): a tab's title and the hint's. */
  async foreground(): Promise<string | undefined> {
    const group = await foregroundJobGroup(this.options.root, this.options.table);
    const argv = await readCommandLine(group ?? this.options.root.pid);
    return argv?.[0] ? visibleText(path.basename(argv[0])) : undefined;
  }

  async count(): Promise<number> {
    return (await this.members.listMembers()).length;
  }

  /** What the stops still running stop, in words: what a stop the session's end overtook is told. */
  get stopsInProgress(): string[] {
    return [...this.stopping];
  }

  stopJob(): Promise<StopResult> {
    return this.tracked((options) => stopJob(options));
  }

  stopProcess(pid: number): Promise<StopResult> {
    return this.tracked((options) => stopProcessTree(options, pid));
  }

  private async tracked(stop: (options: JobStopOptions) => Promise<StopResult>): Promise<StopResult> {
    const { root, table, log } = this.options;
    const killGraceMs = this.options.killGraceMs();
    let what: string | undefined;
    try {
      return await stop({ root, table, killGraceMs, log, members: this.members, began: (w) => this.stopping.add((what = w)) });
    } finally {
      if (what !== undefined) this.stopping.delete(what);
    }
  }
}
