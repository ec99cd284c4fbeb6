// Milliseconds since this process started, as performance.now() counts them (both are the
// monotonic clock), read without loading perf_hooks (docs/benchmarks.md#start): for what the
// start itself uses (the log's first lines, the start's polls, the transcript's first output).
export const processClock = (): number => process.uptime() * 1000;
