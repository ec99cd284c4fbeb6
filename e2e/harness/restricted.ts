// The harness's electron shim offers the preload only what it uses: any other member of an object
// it hands over fails loudly, as a missing API would in Electron (browser-api.ts, socket-port.ts).

/** An API the preload may not use: touching it fails loudly, as a missing one would in Electron. */
export function forbidden(name: string): never {
  throw new Error(
    `the harness's electron shim has no ${name}: the preload uses contextBridge.exposeInMainWorld and ipcRenderer.send/invoke/on/removeListener only`,
  );
}

/** `allowed` as `name`, its own members only: reading any other throws (forbidden). */
export function restricted<T extends object>(name: string, allowed: T): T {
  return new Proxy(allowed, {
    get: (target, key) =>
      typeof key === 'string' && Object.hasOwn(target, key) ? target[key as keyof T] : forbidden(`${name}.${String(key)}`),
  });
}
