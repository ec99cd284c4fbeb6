/**
 * Milliseconds from a monotonic source (hosts pass `performance.now`). Injected so that the
 * state machines never read wall-clock time, which jumps, and so tests can drive time by hand.
 */
export type MonotonicClock = () => number;
