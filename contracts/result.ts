// The one result type of the product: an expected failure is a value with a message, never a
// throw across layers. Every side imports it from here (contracts import nothing else).

/** What worked, with its value, or why it did not, in words a user or a log reader can act on. */
export type Result<T = true> = { ok: true; value: T } | { ok: false; error: string };
