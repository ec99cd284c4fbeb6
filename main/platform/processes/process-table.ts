// The process-table types every reader of the process list shares: /proc (process-tree.ts),
// `ps` (ps-process-table.ts) and the tests' snapshots. Types only, so no reader imports another.

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgrp: number;
  sid: number;
  /** foreground process group of the process's controlling terminal (-1/0 when none) */
  tpgid: number;
  /** one-letter state of /proc/<pid>/stat: R, S, D, Z, T, ... */
  state: string;
  /** field 22 of /proc/<pid>/stat (clock ticks since boot); macOS: seconds since the epoch */
  startTime: number;
}

export interface ProcessIdentity {
  pid: number;
  startTime: number;
}

export interface ProcessTable {
  snapshot(): Promise<ProcessInfo[]>;
  /** the process with this pid right now, or undefined when there is none */
  lookup(pid: number): Promise<ProcessInfo | undefined>;
}

/** How /proc is read. The main process reads asynchronously; the reaper and the session's start
 * read at once (kernel-reads.ts), several times faster on a loaded machine. */
export interface ProcReader {
  readdir(dir: string): Promise<string[]>;
  readFile(file: string): Promise<string>;
}
