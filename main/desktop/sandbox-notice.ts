// Chromium's sandbox off (--no-sandbox, which only the user passes: the launcher never adds it,
// main/cli/start-verdict.ts) is logged and shown in the window once, with the other start problems.
import type { CommandLine } from 'electron';
import type { Logger } from '../platform/log/log';

export function sandboxNotice(commandLine: Pick<CommandLine, 'hasSwitch'>, log: Pick<Logger, 'warn'>): string[] {
  if (!commandLine.hasSwitch('no-sandbox')) return [];
  log.warn('app.no-sandbox');
  return ["Chromium's sandbox is off: ripcord was started with --no-sandbox. Start it without to have the sandbox back."];
}
