export interface Disposable {
  dispose(): void;
}

/** Wraps a cleanup function; calling dispose more than once runs it once. */
export function toDisposable(fn: () => void): Disposable {
  let disposed = false;
  return {
    dispose(): void {
      if (disposed) return;
      disposed = true;
      fn();
    },
  };
}

/**
 * Owns a set of disposables and disposes them together, last added first (later resources
 * usually depend on earlier ones). One failing dispose does not stop the others from running.
 */
export class DisposableStore implements Disposable {
  private readonly items = new Set<Disposable>();
  private disposed = false;

  add<T extends Disposable>(d: T): T {
    if (this.disposed) {
      // Adding to a dead store must not leak the resource.
      d.dispose();
      return d;
    }
    this.items.add(d);
    return d;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const items = [...this.items].reverse();
    this.items.clear();
    const errors: unknown[] = [];
    for (const item of items) {
      try {
        item.dispose();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'several disposables failed');
  }
}

/**
 * The base of a class that owns resources (as VS Code's `Disposable`): it registers each into its
 * own store, and disposing it disposes them all, once. A class whose dispose does more overrides
 * dispose and calls super.dispose().
 */
export abstract class DisposableBase implements Disposable {
  private readonly store = new DisposableStore();

  /** Owns `d` from now on: it is disposed with this object (at once if this is disposed already). */
  protected register<T extends Disposable>(d: T): T {
    return this.store.add(d);
  }

  dispose(): void {
    this.store.dispose();
  }
}
