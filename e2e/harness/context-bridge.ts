// What Electron's contextBridge does to a value crossing between the preload's world and the
// page's: functions are proxied (their arguments and results cross too), promises settle with a
// copy, errors arrive as a new Error with the message only, and every other value is copied —
// what the structured clone algorithm copies, nothing else — and what the bridge exposes is frozen.
// The browser harness runs the built preload in the page's own world (a browser has no isolated
// world), so this copy is the isolation it keeps: the page holds nothing of the preload's by reference.

/** A value on the other side of the bridge; `freeze`: the exposed API's values are frozen. */
export function crossBridge(value: unknown, freeze = false): unknown {
  if (typeof value === 'function') return proxyFunction(value as (...args: unknown[]) => unknown);
  if (value instanceof Promise)
    return value.then(
      (settled) => crossBridge(settled),
      (error: unknown) => Promise.reject(crossError(error)),
    );
  if (value instanceof Error) return crossError(value);
  if (Array.isArray(value)) {
    const copy = value.map((item) => crossBridge(item, freeze));
    return freeze ? Object.freeze(copy) : copy;
  }
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = crossBridge(item, freeze);
    return freeze ? Object.freeze(copy) : copy;
  }
  // strings, numbers, null, dates, typed arrays …: a symbol throws DataCloneError, as the bridge refuses it
  return structuredClone(value);
}

function proxyFunction(fn: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  return (...args: unknown[]) => {
    let result: unknown;
    try {
      result = fn(...args.map((arg) => crossBridge(arg)));
    } catch (error) {
      throw crossError(error);
    }
    return crossBridge(result);
  };
}

function crossError(error: unknown): Error {
  return new Error(error instanceof Error ? error.message : String(error));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
