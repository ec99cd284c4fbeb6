import { DecisionService } from '../../contracts/session-host';
import { proxyOf, type MessageLink } from '../../contracts/service';
import type { Logger } from '../platform/log/log';

type LogLine = Parameters<DecisionService['log']>[0];

/** The host's log lines go into main's log (DecisionService.log): one file, in order with main's own lines. */
export function parentLog(parent: MessageLink): Logger {
  // it only sends: it hears nothing, so drops nothing
  const main = proxyOf(DecisionService, parent, () => undefined);
  const line =
    (level: LogLine['level']) =>
    (name: string, fields?: Record<string, unknown>): void =>
      main.log({ level, name, fields });
  return { file: undefined, event: line('info'), warn: line('warn'), error: line('error'), flushSync: () => undefined };
}

/** A host's log line, in main's log, marked as the host's. */
export function hostLine(log: Logger, line: LogLine): void {
  const fields = { ...line.fields, from: 'session-host' };
  if (line.level === 'error') log.error(line.name, fields);
  else if (line.level === 'warn') log.warn(line.name, fields);
  else log.event(line.name, fields);
}
