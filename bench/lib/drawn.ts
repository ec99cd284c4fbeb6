// What the panes rows' flooding panes drew while the measured pane was timed: the chars each
// pane's xterm parsed (its test view's parsedChars) between two readings, as MB/s together.
// Both contenders count the same way: chars handed to xterm whose write callback came.

const MB = 1024 * 1024;

export interface DrawnReading {
  /** performance.now() in the page when the counts were read */
  atMs: number;
  /** chars parsed so far, per flooding pane */
  parsed: Record<string, number>;
}

/** MB/s the flooding panes drew together between `before` and `after`; a pane missing or counting backwards is an error. */
export function drawnMbPerSecond(before: DrawnReading, after: DrawnReading): number {
  const ms = after.atMs - before.atMs;
  if (!(ms > 0)) throw new Error(`drawn: the readings are ${ms} ms apart`);
  let chars = 0;
  for (const [pane, from] of Object.entries(before.parsed)) {
    const to = after.parsed[pane];
    if (to === undefined || to < from) throw new Error(`drawn: pane ${pane} went from ${from} to ${String(to)} parsed chars`);
    chars += to - from;
  }
  return chars / MB / (ms / 1000);
}
