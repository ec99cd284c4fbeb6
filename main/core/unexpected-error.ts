import { type Disposable, toDisposable } from './disposable';

/** Where an error goes that no caller can take: a listener's, thrown while an event was delivered (Emitter.fire). */
export type UnexpectedErrorHandler = (error: unknown) => void;

/** Until a host sets its own (tests, tools): stderr, never the code that fired the event. */
const reportToConsole: UnexpectedErrorHandler = (error) => {
  console.error('ripcord: unexpected error:', error);
};

let handler: UnexpectedErrorHandler = reportToConsole;

/**
 * The process's one handler of unexpected errors (as VS Code's `setUnexpectedErrorHandler`):
 * each host sets it once, at its start, to log them as error events. Disposing the result puts
 * the previous handler back.
 */
export function setUnexpectedErrorHandler(next: UnexpectedErrorHandler): Disposable {
  const previous = handler;
  handler = next;
  return toDisposable(() => {
    handler = previous;
  });
}

/** Hands `error` to the process's handler. Never throws: a handler that fails is not reported again. */
export function onUnexpectedError(error: unknown): void {
  try {
    handler(error);
  } catch {
    // the handler's own failure (its log) has nowhere left to go
  }
}
