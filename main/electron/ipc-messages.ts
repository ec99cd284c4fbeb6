// Shape and size checks for every message the renderer sends (DESIGN §7). The renderer is
// treated as untrusted: a bad message is a value here, which the handlers log and drop.

/**
 * Upper bound of one input message. The preload splits bigger pastes into smaller pieces, so
 * only a renderer that bypasses it can exceed this — and nothing honest needs more per message.
 */
export const MAX_INPUT_CHARS = 1_048_576;
/** A pty size is an unsigned short; no screen is wider or taller than this. */
export const MAX_TERMINAL_CELLS = 4_096;
/** The renderer acks every few thousand parsed chars; an ack beyond this cannot be honest. */
export const MAX_ACK_CHARS = 10_000_000;
/** Far longer than any real link, short enough to keep a log line readable. */
export const MAX_URL_CHARS = 8_192;

/** Linux pid_max can be at most 2^22. */
export const MAX_PID = 4_194_304;

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const bad = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });

function arity(args: readonly unknown[], count: number): string | undefined {
  return args.length === count ? undefined : `expected ${count} argument(s), got ${args.length}`;
}

function isCount(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

export function parseInput(args: readonly unknown[]): Parsed<string> {
  const wrongArity = arity(args, 1);
  if (wrongArity) return bad(wrongArity);
  const [data] = args;
  if (typeof data !== 'string') return bad(`input must be a string, got ${typeof data}`);
  if (data.length === 0 || data.length > MAX_INPUT_CHARS) return bad(`input length ${data.length} outside 1..${MAX_INPUT_CHARS}`);
  return { ok: true, value: data };
}

export function parseResize(args: readonly unknown[]): Parsed<{ cols: number; rows: number }> {
  const wrongArity = arity(args, 2);
  if (wrongArity) return bad(wrongArity);
  const [cols, rows] = args;
  if (!isCount(cols, 1, MAX_TERMINAL_CELLS) || !isCount(rows, 1, MAX_TERMINAL_CELLS)) {
    return bad(`size must be two integers in 1..${MAX_TERMINAL_CELLS}, got ${String(cols)}x${String(rows)}`);
  }
  return { ok: true, value: { cols, rows } };
}

export function parseAck(args: readonly unknown[]): Parsed<number> {
  const wrongArity = arity(args, 1);
  if (wrongArity) return bad(wrongArity);
  const [chars] = args;
  if (!isCount(chars, 1, MAX_ACK_CHARS)) return bad(`ack must be an integer in 1..${MAX_ACK_CHARS}, got ${String(chars)}`);
  return { ok: true, value: chars };
}

/** Only http and https leave the app (DESIGN §7); file:, javascript:, custom schemes never do. */
export function parseOpenLink(args: readonly unknown[]): Parsed<string> {
  const wrongArity = arity(args, 1);
  if (wrongArity) return bad(wrongArity);
  const [url] = args;
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL_CHARS) return bad(`link must be a string of 1..${MAX_URL_CHARS} chars`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return bad('link is not a URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return bad(`link scheme ${parsed.protocol} is not http or https`);
  return { ok: true, value: parsed.href };
}

export function parseNoArguments(args: readonly unknown[]): Parsed<undefined> {
  const wrongArity = arity(args, 0);
  return wrongArity ? bad(wrongArity) : { ok: true, value: undefined };
}

/** A pid the renderer asks to stop; membership is checked where the stop runs. */
export function parseStopProcess(args: readonly unknown[]): Parsed<number> {
  const wrongArity = arity(args, 1);
  if (wrongArity) return bad(wrongArity);
  const [pid] = args;
  if (!isCount(pid, 1, MAX_PID)) return bad(`pid must be an integer in 1..${MAX_PID}, got ${String(pid)}`);
  return { ok: true, value: pid };
}

export function parseWatchProcesses(args: readonly unknown[]): Parsed<boolean> {
  const wrongArity = arity(args, 1);
  if (wrongArity) return bad(wrongArity);
  const [open] = args;
  return typeof open === 'boolean' ? { ok: true, value: open } : bad(`open must be a boolean, got ${typeof open}`);
}
