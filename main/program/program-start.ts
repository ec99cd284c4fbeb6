import type { Result } from '../../contracts/result';
import { LogEvent } from '../core/log-events';
import type { RipcordConfig } from '../core/config';
import type { Logger } from '../platform/log/log';
import { type CgroupMaker, type SpawnReaper, spawnContained } from '../platform/containment/containment-spawn';
import type { Session } from '../platform/pty/session';
import type { SessionContainer } from '../platform/containment/session-container';
import { prepareShellIntegration, type ShellIntegration } from './shell-integration/prepare';

export interface ProgramStartOptions {
  config: RipcordConfig;
  log: Logger;
  reaper: SpawnReaper;
  /** who makes the session's cgroup: this process (default), or main for the session host */
  makeCgroup?: CgroupMaker;
  cols: number;
  rows: number;
  /** overrides config.shell / config.args */
  command?: { file: string; args: string[] };
  /** overrides config.cwd */
  cwd?: string;
  /** `ripcord run`: the program keeps the outer terminal's TERM/COLORTERM */
  inheritTerminalType?: boolean;
}

/** A program spawned into its container, held there until `run` (containment-spawn.ts). */
export interface StartedProgram {
  session: Session;
  /** the session's processes (DESIGN §4): its cgroup, its systemd scope or the process scan */
  container: SessionContainer;
  /**
   * The program is held in its container until this is called (once the host listens to its
   * output): a start then gives the program a core of its own instead of one shared with the
   * host's wiring.
   */
  run: () => void;
  /** the shell integration injected into it, when one was (docs/shell-integration.md) */
  integration: ShellIntegration | undefined;
  /** the spawned program is a shell at its prompt: the answer where /proc cannot say what runs now */
  interactiveShell: boolean;
}

/**
 * The program's start: its shell integration prepared, then spawned into its container
 * (DESIGN §4). A program that cannot start is an error value, logged, with nothing left behind.
 */
export async function startProgram(options: ProgramStartOptions): Promise<Result<StartedProgram>> {
  const { config, log } = options;
  const prepared = prepareShellIntegration(
    { file: options.command?.file ?? config.shell, args: options.command?.args ?? config.args, env: config.env },
    { enabled: config.shellIntegration, exitCommands: config.exitCommands },
  );
  if (prepared.problem) log.warn('shell-integration.unavailable', { problem: prepared.problem });
  const spawned = await spawnContained({
    ...prepared.program,
    cwd: options.cwd ?? config.cwd,
    inheritTerminalType: options.inheritTerminalType,
    cols: options.cols,
    rows: options.rows,
    log,
    reaper: options.reaper,
    makeCgroup: options.makeCgroup,
  });
  if (!spawned.ok) {
    prepared.integration?.dispose();
    log.error(LogEvent.sessionSpawnFailed, { error: spawned.error });
    return spawned;
  }
  log.event(LogEvent.sessionStarted, { sessionPid: spawned.session.pid, containment: spawned.container.kind });
  log.event('session.exit-commands', {
    by: prepared.integration ? `${prepared.integration.shell} integration` : "keys at a shell's prompt",
  });
  const { session, container, run } = spawned;
  return { ok: true, value: { session, container, run, integration: prepared.integration, interactiveShell: prepared.interactiveShell } };
}
