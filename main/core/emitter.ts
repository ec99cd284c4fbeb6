import { type Disposable, toDisposable } from './disposable';
import { onUnexpectedError } from './unexpected-error';

/** Subscribes a listener; the returned Disposable unsubscribes it (the xterm.js / VS Code shape). */
export type Event<T> = (listener: (value: T) => void) => Disposable;

/**
 * One event source. Expose `emitter.event` as `onSomething`; keep `fire` to the owner. A
 * listener added while an event is being delivered gets the next one, not this one; one removed
 * during delivery gets nothing more. A listener that throws does not stop the others, and its
 * error never reaches the code that fired (a key handler, a pty read): it goes to the process's
 * unexpected-error handler (unexpected-error.ts), which the host logs.
 */
export class Emitter<T> implements Disposable {
  private readonly listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    const wrapped = (value: T): void => listener(value);
    this.listeners.add(wrapped);
    return toDisposable(() => this.listeners.delete(wrapped));
  };

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      if (!this.listeners.has(listener)) continue;
      try {
        listener(value);
      } catch (error) {
        onUnexpectedError(error);
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
