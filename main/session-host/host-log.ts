import type { HostEvent } from '../../contracts/session-host';
import type { Logger } from '../platform/log/log';

/** The host's log lines go into main's log: one file, in order with main's own lines. */
export function parentLog(parent: { send(event: HostEvent): void }): Logger {
  const line = (level: 'info' | 'warn' | 'error') => (name: string, fields?: Record<string, unknown>): void => parent.send({ type: 'log', level, name, ...(fields ? { fields } : {}) });
  return { file: undefined, event: line('info'), warn: line('warn'), error: line('error'), flushSync: () => undefined };
}

/** A host's log line, in main's log, marked as the host's. */
export function hostLine(log: Logger, line: Extract<HostEvent, { type: 'log' }>): void {
  const fields = { ...line.fields, from: 'session-host' };
  if (line.level === 'error') log.error(line.name, fields);
  else if (line.level === 'warn') log.warn(line.name, fields);
  else log.event(line.name, fields);
}
