import { describe, expect, it } from 'vitest';
import { Emitter } from './emitter';

describe('Emitter', () => {
  it('delivers to every listener in subscription order until it is disposed', () => {
    const emitter = new Emitter<number>();
    const seen: string[] = [];
    const a = emitter.event((n) => seen.push(`a${n}`));
    emitter.event((n) => seen.push(`b${n}`));
    emitter.fire(1);
    a.dispose();
    emitter.fire(2);
    emitter.dispose();
    emitter.fire(3);
    expect(seen).toEqual(['a1', 'b1', 'b2']);
    expect(emitter.hasListeners).toBe(false);
  });

  it('the same function subscribed twice is two subscriptions', () => {
    const emitter = new Emitter<void>();
    let calls = 0;
    const listener = (): void => void calls++;
    const first = emitter.event(listener);
    emitter.event(listener);
    first.dispose();
    emitter.fire();
    expect(calls).toBe(1);
  });

  it('a listener added during delivery gets the next event; one removed during it gets nothing more', () => {
    const emitter = new Emitter<number>();
    const seen: string[] = [];
    let late: { dispose(): void } | undefined;
    const second = { dispose: () => undefined as unknown };
    emitter.event((n) => {
      seen.push(`first${n}`);
      late ??= emitter.event((m) => seen.push(`late${m}`));
      second.dispose();
    });
    const sub = emitter.event((n) => seen.push(`second${n}`));
    second.dispose = () => sub.dispose();
    emitter.fire(1);
    emitter.fire(2);
    expect(seen).toEqual(['first1', 'first2', 'late2']);
  });

  it('a throwing listener does not keep the others from running; its error is rethrown after', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    emitter.event(() => {
      throw new Error('boom');
    });
    emitter.event((n) => seen.push(n));
    expect(() => emitter.fire(5)).toThrow('boom');
    expect(seen).toEqual([5]);
  });
});
