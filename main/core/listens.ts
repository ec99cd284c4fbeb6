/**
 * The one overload of an Electron (or Node) emitter that a module uses. A real `WebContents`,
 * `BrowserWindow`, `App` or `process` satisfies it, so only desktop-main.ts touches the real objects and
 * the wiring tests pass small typed fakes (the only fakes the team rules allow).
 */
export interface Listens<Name extends string, Listener> {
  on(event: Name, listener: Listener): unknown;
  removeListener(event: Name, listener: Listener): unknown;
}
