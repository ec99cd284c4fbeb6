import { describe, expect, it } from 'vitest';
import { Emitter } from './emitter';
import { setUnexpectedErrorHandler } from './unexpected-error';

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

  it("hands a throwing listener's error to the unexpected-error handler: the others still run, the firing code never sees it", () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    const handled: unknown[] = [];
    const boom = new Error('boom');
    const handler = setUnexpectedErrorHandler((error) => handled.push(error));
    try {
      emitter.event(() => {
        throw boom;
      });
      emitter.event((n) => seen.push(n));
      expect(() => emitter.fire(5)).not.toThrow();
      expect(seen).toEqual([5]);
      expect(handled).toEqual([boom]);
    } finally {
      handler.dispose();
    }
  });

  it('a handler that throws itself does not reach the firing code either', () => {
    const emitter = new Emitter<void>();
    const handler = setUnexpectedErrorHandler(() => {
      throw new Error('the log failed');
    });
    try {
      emitter.event(() => {
        throw new Error('boom');
      });
      expect(() => emitter.fire()).not.toThrow();
    } finally {
      handler.dispose();
    }
  });
});
