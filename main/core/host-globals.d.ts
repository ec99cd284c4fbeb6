// The host APIs main/core may use: every host it runs in (Node, Electron, the browser) has them.
// main/core/tsconfig.json has no DOM or Node types, so they are declared here; anything else a
// host provides is injected (time: clock.ts).
/** A deep copy, no I/O. */
declare function structuredClone<T>(value: T): T;
/** stderr: where an unexpected error goes before a host sets its handler (unexpected-error.ts). */
declare const console: { error(...data: unknown[]): void };
