// The checks of the renderer contract (./renderer.ts): the bounds of what the page may send,
// the validators of each request's arguments, and handleRequest, which the desktop's IPC
// handlers and the browser harness both run on everything the page sends (DESIGN §7: the page
// is untrusted). A refused message is a value with its problem, which the host logs.
import { isPaneId, parsePaneAction, type PaneId } from './panes';
import { parseEditSetting } from './settings-screen';
import {
  IpcChannel,
  type IpcTarget,
  type RendererSettings,
  type RequestChannel,
  type ScreenRequestChannel,
  type ScreenTarget,
} from './renderer';
import type { Result } from './result';

/**
 * Upper bound of one input message. Senders split bigger pastes (inputPieces), so only a page
 * that bypasses them exceeds it: 1 MiB, the session's own bound on input queued for the program
 * (InputBound), which one message could fill but never overflow.
 */
export const MAX_INPUT_CHARS = 1_048_576;
/** Pastes bigger than this go to the host in pieces: each message stays small, far under MAX_INPUT_CHARS. */
export const INPUT_PIECE_CHARS = 65_536;
/** No screen is wider or taller than this many cells (8K at a 2 px font); the pty itself takes up to 65 535. */
export const MAX_TERMINAL_CELLS = 4_096;
/**
 * The page acks in batches of `ackEveryChars` parsed chars, never more than the host sent
 * unacknowledged (its high watermark and a read, DESIGN §6): beyond this cannot be honest.
 */
export const MAX_ACK_CHARS = 10_000_000;
/** Far longer than any real link, short enough to keep a log line readable. */
export const MAX_URL_CHARS = 8_192;
/** Linux pid_max can be at most 2^22. */
export const MAX_PID = 4_194_304;

/** A refused message: why, for the log. */
export const refuse = (error: string): { ok: false; error: string } => ({ ok: false, error });

function arity(args: readonly unknown[], count: number): string | undefined {
  return args.length === count ? undefined : `expected ${count} argument(s), got ${args.length}`;
}

function isCount(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** Splits long input into pieces of at most INPUT_PIECE_CHARS without cutting a surrogate pair in half. */
export function inputPieces(data: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < data.length) {
    let end = Math.min(start + INPUT_PIECE_CHARS, data.length);
    const last = data.charCodeAt(end - 1);
    if (end < data.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    out.push(data.slice(start, end));
    start = end;
  }
  return out;
}

export function parseInput(args: readonly unknown[]): Result<string> {
  const wrongArity = arity(args, 1);
  if (wrongArity) return refuse(wrongArity);
  const [data] = args;
  if (typeof data !== 'string') return refuse(`input must be a string, got ${typeof data}`);
  if (data.length === 0 || data.length > MAX_INPUT_CHARS) return refuse(`input length ${data.length} outside 1..${MAX_INPUT_CHARS}`);
  return { ok: true, value: data };
}

export function parseResize(args: readonly unknown[]): Result<{ cols: number; rows: number }> {
  const wrongArity = arity(args, 2);
  if (wrongArity) return refuse(wrongArity);
  const [cols, rows] = args;
  if (!isCount(cols, 1, MAX_TERMINAL_CELLS) || !isCount(rows, 1, MAX_TERMINAL_CELLS)) {
    return refuse(`size must be two integers in 1..${MAX_TERMINAL_CELLS}, got ${String(cols)}x${String(rows)}`);
  }
  return { ok: true, value: { cols, rows } };
}

/** One integer argument in 1..max: `what` names it in the refusal. */
function parseCount(args: readonly unknown[], what: string, max: number): Result<number> {
  const wrongArity = arity(args, 1);
  if (wrongArity) return refuse(wrongArity);
  const [value] = args;
  if (!isCount(value, 1, max)) return refuse(`${what} must be an integer in 1..${max}, got ${String(value)}`);
  return { ok: true, value };
}

export function parseAck(args: readonly unknown[]): Result<number> {
  return parseCount(args, 'ack', MAX_ACK_CHARS);
}

/** Only http and https leave the app (DESIGN §7); file:, javascript:, custom schemes never do. */
export function parseOpenLink(args: readonly unknown[]): Result<string> {
  const wrongArity = arity(args, 1);
  if (wrongArity) return refuse(wrongArity);
  const [url] = args;
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL_CHARS)
    return refuse(`link must be a string of 1..${MAX_URL_CHARS} chars`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('link is not a URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return refuse(`link scheme ${parsed.protocol} is not http or https`);
  return { ok: true, value: parsed.href };
}

export function parseNoArguments(args: readonly unknown[]): Result<undefined> {
  const wrongArity = arity(args, 0);
  return wrongArity ? refuse(wrongArity) : { ok: true, value: undefined };
}

/** A pid the page asks to stop; membership is checked where the stop runs. */
export function parseStopProcess(args: readonly unknown[]): Result<number> {
  return parseCount(args, 'pid', MAX_PID);
}

/** A view opened (true) or closed (false): the process view, the signals view. */
export function parseViewOpen(args: readonly unknown[]): Result<boolean> {
  const wrongArity = arity(args, 1);
  if (wrongArity) return refuse(wrongArity);
  const [open] = args;
  return typeof open === 'boolean' ? { ok: true, value: open } : refuse(`open must be a boolean, got ${typeof open}`);
}

/** A pane's request: its pane first, then the request's own arguments. */
export function parsePaneRequest(args: readonly unknown[]): Result<{ pane: PaneId; args: readonly unknown[] }> {
  const [pane, ...rest] = args;
  return isPaneId(pane)
    ? { ok: true, value: { pane, args: rest } }
    : refuse(`the pane must be an id of digits, got ${String(JSON.stringify(pane)).slice(0, 20)}`);
}

/** What a request is answered with: getSettings' settings; undefined for the rest. */
export type RequestAnswer = RendererSettings | undefined;

/** Runs `use` with the checked value, or says why the request was refused. */
function deliver<T, A>(parsed: Result<T>, use: (value: T) => A): Result<A> {
  return parsed.ok ? { ok: true, value: use(parsed.value) } : parsed;
}

/**
 * One request from the page, as the preload sends it on `channel` with `args`: checked, then
 * handed to the host. The value is the answer (getSettings' settings; undefined for the rest),
 * or why the request was refused, which the host logs. Whatever the target throws is the caller's.
 */
export function handleRequest(target: IpcTarget, channel: RequestChannel, args: readonly unknown[]): Result<RequestAnswer> {
  switch (channel) {
    case IpcChannel.input:
      return forPane(args, parseInput, (pane, data) => void target.input(pane, data));
    case IpcChannel.resize:
      return forPane(args, parseResize, (pane, { cols, rows }) => void target.resize(pane, cols, rows));
    case IpcChannel.openLink:
      return deliver(parseOpenLink(args), (url) => void target.openLink(url));
    case IpcChannel.paste:
      return deliver(parseNoArguments(args), () => void target.paste());
    case IpcChannel.getSettings:
      return deliver(parseNoArguments(args), () => target.getSettings());
    case IpcChannel.openSettings:
      return deliver(parseNoArguments(args), () => void target.openSettings());
    case IpcChannel.readSettingsFile:
      return deliver(parseNoArguments(args), () => void target.readSettingsFile());
    case IpcChannel.editSetting:
      return deliver(parseEditSetting(args), ({ key, value }) => void target.editSetting(key, value));
    case IpcChannel.paneAction: {
      const wrongArity = arity(args, 1);
      return wrongArity ? refuse(wrongArity) : deliver(parsePaneAction(args[0]), (action) => void target.paneAction(action));
    }
    case IpcChannel.watchSignals:
      return deliver(parseViewOpen(args), (open) => void target.watchSignals(open));
  }
}

/** A pane's request: the pane's id, then the arguments `parse` checks. */
function forPane<T>(
  args: readonly unknown[],
  parse: (rest: readonly unknown[]) => Result<T>,
  use: (pane: PaneId, value: T) => void,
): Result<undefined> {
  const request = parsePaneRequest(args);
  if (!request.ok) return request;
  return deliver(parse(request.value.args), (value) => void use(request.value.pane, value));
}

/** One request from the page to a pane's screen source (ScreenTarget; the pane's id already taken off: parsePaneRequest), checked as handleRequest checks main's. */
export function handleScreenRequest(target: ScreenTarget, channel: ScreenRequestChannel, args: readonly unknown[]): Result<undefined> {
  switch (channel) {
    case IpcChannel.ack:
      return deliver(parseAck(args), (chars) => void target.ack(chars));
    case IpcChannel.stopJob:
      return deliver(parseNoArguments(args), () => void target.stopJob());
    case IpcChannel.stopProcess:
      return deliver(parseStopProcess(args), (pid) => void target.stopProcess(pid));
    case IpcChannel.watchProcesses:
      return deliver(parseViewOpen(args), (open) => void target.watchProcesses(open));
  }
}

/** A foreground program's name is this long at most: a tab's title, not a command line. */
export const MAX_PROGRAM_NAME = 64;

/** A foreground program's name as the page shows it: one short line of text, else nothing. */
export function checkedProgramName(value: unknown): string | undefined {
  // eslint-disable-next-line no-control-regex
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_PROGRAM_NAME && !/[\u0000-\u001f\u007f-\u009f/]/.test(value)
    ? value
    : undefined;
}
