import { describe, expect, it } from 'vitest';
import { crossBridge } from './context-bridge';

describe('crossBridge (contextBridge copy semantics)', () => {
  it('copies and freezes what is exposed; the page holds nothing of the preload by reference', () => {
    const inner = { size: 1 };
    const api = crossBridge({ list: [inner], inner }, true) as { list: Array<{ size: number }>; inner: { size: number } };
    expect(api).toEqual({ list: [{ size: 1 }], inner: { size: 1 } });
    expect(api.inner).not.toBe(inner);
    expect(Object.isFrozen(api) && Object.isFrozen(api.list) && Object.isFrozen(api.inner)).toBe(true);
  });

  it('proxies functions: arguments and results cross too, listeners passed in included', () => {
    const seen: unknown[] = [];
    const preloadSide = (payload: { n: number }, listener: (value: { n: number }) => void): { n: number } => {
      seen.push(payload);
      listener(payload);
      return payload;
    };
    const bridged = crossBridge(preloadSide) as typeof preloadSide;
    const arg = { n: 1 };
    const heard: unknown[] = [];
    const result = bridged(arg, (value) => heard.push(value));
    expect(seen[0]).toEqual(arg);
    expect(seen[0]).not.toBe(arg);
    expect(heard[0]).toEqual(arg);
    expect(heard[0]).not.toBe(seen[0]);
    expect(result).not.toBe(seen[0]);
  });

  it('settles promises with a copy, and errors arrive with their message only', async () => {
    const value = { ok: true };
    const bridged = crossBridge(Promise.resolve(value)) as Promise<unknown>;
    expect(await bridged).toEqual(value);
    expect(await bridged).not.toBe(value);
    class Detailed extends Error {
      detail = 'kept on this side';
    }
    const thrower = crossBridge(() => {
      throw new Detailed('refused');
    }) as () => void;
    expect(thrower).toThrow(new Error('refused'));
    try {
      thrower();
    } catch (error) {
      expect(error).not.toBeInstanceOf(Detailed);
    }
    await expect(crossBridge(Promise.reject(new Detailed('later'))) as Promise<unknown>).rejects.toThrow('later');
  });

  it('refuses what the structured clone cannot copy', () => {
    expect(() => crossBridge(Symbol('x'))).toThrow();
  });
});
