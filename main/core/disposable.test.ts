import { describe, expect, it } from 'vitest';
import { DisposableBase, DisposableStore, toDisposable } from './disposable';

describe('toDisposable', () => {
  it('runs the cleanup once however often it is disposed', () => {
    let runs = 0;
    const d = toDisposable(() => runs++);
    d.dispose();
    d.dispose();
    expect(runs).toBe(1);
  });
});

describe('DisposableStore', () => {
  it('disposes everything it holds, last added first, once', () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(toDisposable(() => order.push('a')));
    const b = store.add(toDisposable(() => order.push('b')));
    expect(typeof b.dispose).toBe('function');
    store.dispose();
    store.dispose();
    expect(order).toEqual(['b', 'a']);
  });

  it('disposes at once what is added after it was disposed', () => {
    const store = new DisposableStore();
    store.dispose();
    let disposed = false;
    store.add(toDisposable(() => (disposed = true)));
    expect(disposed).toBe(true);
  });

  it('disposes the others when one throws, then rethrows', () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(toDisposable(() => order.push('a')));
    store.add(
      toDisposable(() => {
        throw new Error('boom');
      }),
    );
    store.add(toDisposable(() => order.push('c')));
    expect(() => store.dispose()).toThrow('boom');
    expect(order).toEqual(['c', 'a']);
  });

  it('reports every failure when several throw', () => {
    const store = new DisposableStore();
    for (const name of ['x', 'y']) {
      store.add(
        toDisposable(() => {
          throw new Error(name);
        }),
      );
    }
    expect(() => store.dispose()).toThrow(AggregateError);
  });
});

describe('DisposableBase', () => {
  class Owner extends DisposableBase {
    constructor(private readonly runs: string[]) {
      super();
      this.register(toDisposable(() => runs.push('first')));
      this.register(toDisposable(() => runs.push('second')));
    }

    own(name: string): void {
      this.register(toDisposable(() => this.runs.push(name)));
    }
  }

  it('disposes what it registered, last first, once however often it is disposed', () => {
    const runs: string[] = [];
    const owner = new Owner(runs);
    owner.dispose();
    owner.dispose();
    expect(runs).toEqual(['second', 'first']);
  });

  it('disposes at once what is registered after it was disposed', () => {
    const runs: string[] = [];
    const owner = new Owner(runs);
    owner.dispose();
    owner.own('late');
    expect(runs).toEqual(['second', 'first', 'late']);
  });
});
