// Two things node-pty 1.1 knows and does not expose (Unix), which the session needs to close its
// pty without node-pty printing on our stderr (session.ts, DESIGN §3). Read defensively: a
// node-pty whose shape differs gives the neutral answer, and the session works as before.

/**
 * Writes node-pty has not finished: its Unix write stream keeps them in `_writeStream._writeQueue`
 * (node-pty 1.1, not in its typings) until each fs.write's callback. 0 when the shape differs.
 */
export function queuedWrites(proc: object): number {
  const queue = (proc as { _writeStream?: { _writeQueue?: unknown } })._writeStream?._writeQueue;
  return Array.isArray(queue) ? queue.length : 0;
}

/** The pty's slave device: node-pty 1.1 keeps its name in `_pty` (Unix, not in its typings). */
export function slaveDevice(proc: object): string | undefined {
  const name = (proc as { _pty?: unknown })._pty;
  return typeof name === 'string' && name.startsWith('/dev/') ? name : undefined;
}
