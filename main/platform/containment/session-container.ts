// What holds a session's processes (DESIGN §4), for code that needs the membership: the
// reaper's kill, the process view. With a cgroup the members are exactly cgroup.procs; with
// the fallback they are what the /proc (or ps) scan can link to the root.
import { CgroupDir } from './cgroup';
import type { ContainmentKind } from './containment-probe';
import type { ProcessIdentity, ProcessTable } from '../processes/process-table';
import { SessionMembers } from '../processes/process-tree';

export interface SessionContainer {
  readonly kind: ContainmentKind;
  /** the session cgroup's directory; undefined for the process scan */
  readonly cgroup: string | undefined;
  /** why this containment was chosen (logged as containment.chosen) */
  readonly reason: string;
  /** pids of the session's live processes right now (no zombies) */
  members(): Promise<number[]>;
}

export class CgroupContainer implements SessionContainer {
  private readonly dir: CgroupDir;

  constructor(
    readonly kind: 'cgroup' | 'systemd-scope',
    readonly cgroup: string,
    readonly reason: string,
  ) {
    this.dir = new CgroupDir(cgroup);
  }

  members(): Promise<number[]> {
    return this.dir.procs();
  }
}

export class ScanContainer implements SessionContainer {
  readonly kind = 'process-scan';
  readonly cgroup = undefined;
  private readonly tracked: SessionMembers;

  constructor(
    root: ProcessIdentity,
    private readonly table: ProcessTable,
    readonly reason: string,
  ) {
    this.tracked = new SessionMembers(root);
  }

  async members(): Promise<number[]> {
    return this.tracked.update(await this.table.snapshot()).map((p) => p.pid);
  }
}
