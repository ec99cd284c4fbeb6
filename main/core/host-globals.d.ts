// The one host API main/core may use: every host it runs in (Node, Electron, the browser) has it,
// and it is pure (a deep copy, no I/O). main/core/tsconfig.json has no DOM or Node types, so it
// is declared here; anything else a host provides is injected (time: clock.ts).
declare function structuredClone<T>(value: T): T;
