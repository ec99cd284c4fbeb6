import type { Disposable } from './disposable';

/** Subscribes a listener; the returned Disposable unsubscribes it (the xterm.js / VS Code shape). */
export type Event<T> = (listener: (value: T) => void) => Disposable;

/**
 * One event source. Expose `emitter.event` as `onSomething`; keep `fire` to the owner. A
 * listener added while an event is being delivered gets the next one, not this one; one removed
 * during delivery gets nothing more. A listener that throws does not stop the others: the first
 * error is rethrown after all ran.
 */
export class Emitter<T> implements Disposable {
  private readonly listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    const wrapped = (value: T): void => listener(value);
    this.listeners.add(wrapped);
    return { dispose: () => this.listeners.delete(wrapped) };
  };

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  fire(value: T): void {
    let failure: { error: unknown } | undefined;
    for (const listener of [...this.listeners]) {
      if (!this.listeners.has(listener)) continue;
      try {
        listener(value);
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }

  dispose(): void {
    this.listeners.clear();
  }
}
