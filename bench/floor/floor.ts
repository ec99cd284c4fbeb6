// The contained floor of a start (issue 17): what any host that keeps the start's rules must do
// before the program runs — the root joins a cgroup of its own and stops (ripcord's join shim), a
// reaper outside it (ripcord's sh stub) confirms it holds that cgroup, then the root is continued —
// and nothing else: no settings, log, Ctrl+C machine or transcript. The bench's start rows put
// its first prompt beside ripcord's and the naive host's: what the rules cost, and what ripcord's
// own code adds to them. Two hosts run it: host.ts alone, settings-host.ts after the steps a
// ripcord start cannot skip either.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as pty from 'node-pty';
import { formatCommand, LineSplitter, parseContained } from '../../contracts/reaper-pipe';
import { reaperStubArgv } from '../../main/platform/reaper-client/reaper-stub';
import { HOLD_SCRIPT, JOIN_SCRIPT } from '../../main/platform/containment/root-shim';
import { procStatNow } from '../../main/platform/processes/proc-files';

/** How often the root is looked at until it stopped itself: ripcord's own poll period. */
const STOP_POLL_MS = 1;
/** At the end, how long the emptied cgroup may take to report itself empty before it is left. */
const REMOVE_WAIT_MS = 1_000;

/**
 * Runs the program in a pty the floor's way until it ends, then exits with its code. Its root's
 * cgroup goes below `parent`; without one (none is writable) the root is held until the stub
 * confirms, no more.
 */
export function runFloor(program: { file: string; args: string[]; env?: Record<string, string> }, parent: string | undefined): void {
  // named as ripcord's session cgroups are (CGROUP_PREFIX, the host's pid): a run that leaves one
  // behind has it removed by ripcord's stale-cgroup cleanup
  const cgroup = parent ? path.join(parent, `ripcord-${process.pid}-floor`) : undefined;
  if (cgroup) mkdirSync(cgroup);
  const shim = cgroup ? ['-c', JOIN_SCRIPT, 'ripcord-join', path.join(cgroup, 'cgroup.procs')] : ['-c', HOLD_SCRIPT, 'ripcord-hold'];
  const child = pty.spawn('/bin/sh', [...shim, program.file, ...program.args], {
    name: 'xterm-256color',
    cols: process.stdout.columns || 80,
    rows: process.stdout.rows || 24,
    cwd: process.env.HOME ?? process.cwd(),
    env: { ...(process.env as Record<string, string>), ...program.env },
  });
  // As in `ripcord run`: the stub is spawned beside the root's start. At the pipe's end it would
  // exec the Node reaper; here `true` (this host kills its cgroup itself).
  const reaper = spawn('/bin/sh', reaperStubArgv('true', '', []), { stdio: ['pipe', 'pipe', 'ignore'], detached: true });
  reaper.stdin.write(formatCommand({ kind: 'contain', cgroup: cgroup ?? '-' }));

  let contained = false;
  let stopped = false;
  const release = (): void => {
    if (contained && stopped) process.kill(child.pid, 'SIGCONT');
  };
  const lines = new LineSplitter();
  reaper.stdout.on('data', (chunk: Buffer) => {
    if (contained || !lines.push(chunk.toString('utf8')).some((line) => parseContained(line) !== undefined)) return;
    contained = true;
    release();
  });
  const pollStopped = (): void => {
    if (processState(child.pid) === 'T') {
      stopped = true;
      release();
    } else {
      setTimeout(pollStopped, STOP_POLL_MS);
    }
  };
  pollStopped();

  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  process.stdin.on('data', (chunk: Buffer) => child.write(chunk.toString('utf8')));
  child.onData((data) => process.stdout.write(data));
  child.onExit(({ exitCode }) => {
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
    reaper.stdin.end();
    if (!cgroup) process.exit(exitCode);
    writeFileSync(path.join(cgroup, 'cgroup.kill'), '1');
    const deadline = performance.now() + REMOVE_WAIT_MS;
    const remove = (): void => {
      if (/^populated 1$/m.test(readFileSync(path.join(cgroup, 'cgroup.events'), 'utf8')) && performance.now() < deadline) {
        setTimeout(remove, STOP_POLL_MS);
        return;
      }
      try {
        rmdirSync(cgroup);
      } catch {
        /* still populated: left to ripcord's stale-cgroup cleanup */
      }
      process.exit(exitCode);
    };
    remove();
  });
}

function processState(pid: number): string | undefined {
  return procStatNow(pid)?.state;
}
