import type { Disposable } from '../../core/disposable';
import { LogEvent } from '../../core/log-events';
import { setUnexpectedErrorHandler } from '../../core/unexpected-error';
import type { EventLog } from './event-log';

/**
 * A host's handler of unexpected errors (main/core/unexpected-error.ts), set once at its start:
 * each is an error event in the host's log, with its stack, and the process goes on.
 */
export function logUnexpectedErrors(log: Pick<EventLog, 'error'>): Disposable {
  return setUnexpectedErrorHandler((error) =>
    log.error(LogEvent.unexpectedError, { error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
