// GuardedSession.start's options as the program tests give them: what the test chooses, and the
// rest as a host with no tools would.
import type { RipcordConfig } from '../core/config';
import { toDisposable } from '../core/disposable';
import type { Logger } from '../platform/log/log';
import type { ReaperClient } from '../platform/reaper-client/reaper-client';
import type { ProgramDecisions, ProgramOptions } from './running-program';

/** An 80×24 program of `config`, decided by `decisions`; `more` overrides or adds (size, key reports, the cut's wait). */
export function testProgramOptions(
  config: RipcordConfig,
  log: Logger,
  reaper: ReaperClient,
  decisions: ProgramDecisions,
  more: Partial<ProgramOptions> = {},
): ProgramOptions {
  return {
    config,
    log,
    reaper,
    cols: 80,
    rows: 24,
    decisions,
    describedAs: 'a test',
    killGraceMs: () => config.killGraceMs,
    onExit: () => toDisposable(() => undefined),
    ...more,
  };
}
