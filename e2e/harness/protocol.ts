// The WebSocket protocol between the page (browser-api.ts) and the harness (server.ts): the
// RipcordApi of preload/api.ts, one JSON message per call or event.
import { IpcChannel, type HintState, type ProcessView, type RendererSettings, type SessionEnd, type SessionNotice, type StopOutcome } from '../../preload/api';

export type ClientMessage =
  | { type: 'input'; data: string }
  | { type: 'resize'; cols: number; rows: number }
  | { type: 'ack'; chars: number }
  | { type: 'openLink'; url: string }
  | { type: 'paste' }
  | { type: 'getSettings'; id: number }
  | { type: 'stopJob' }
  | { type: 'stopProcess'; pid: number }
  | { type: 'watchProcesses'; open: boolean };

export type ServerMessage =
  | { type: 'data'; data: string }
  | ({ type: 'hint' } & HintState)
  | ({ type: 'exit' } & SessionEnd)
  | { type: 'flush' }
  | { type: 'hold'; holding: boolean }
  | { type: 'settings'; id: number; settings: RendererSettings }
  /** IpcChannel.settings: the settings file was edited */
  | { type: 'settingsChanged'; settings: RendererSettings }
  | { type: 'processes'; view: ProcessView }
  | { type: 'processCount'; count: number }
  | { type: 'stopOutcome'; outcome: StopOutcome }
  | { type: 'notice'; notice: SessionNotice }
  /** main's webContents.paste(): the page pastes the clipboard into its focused element */
  | { type: 'paste' };

/** Largest input message: a big paste; more is a broken or hostile client. */
export const MAX_INPUT_CHARS = 1_000_000;
/** Larger than any screen; xterm and the pty refuse absurd sizes anyway. */
export const MAX_DIMENSION = 2_000;
/** An ack covers at most what the host can have sent unacknowledged, with room to spare. */
export const MAX_ACK_CHARS = 100_000_000;
const MAX_URL_CHARS = 8_192;
/** Linux pid_max can be at most 2^22. */
const MAX_PID = 4_194_304;

export type Parsed = { ok: true; message: ClientMessage } | { ok: false; reason: string };

const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Checks one message from the page; anything else is dropped by the caller with the reason logged. */
export function parseClientMessage(text: string): Parsed {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, reason: 'not an object' };
  const m = raw as Record<string, unknown>;
  switch (m.type) {
    case 'input':
      return typeof m.data === 'string' && m.data.length <= MAX_INPUT_CHARS
        ? { ok: true, message: { type: 'input', data: m.data } }
        : { ok: false, reason: 'input: data must be a string of at most 1e6 chars' };
    case 'resize':
      return isInt(m.cols, 1, MAX_DIMENSION) && isInt(m.rows, 1, MAX_DIMENSION)
        ? { ok: true, message: { type: 'resize', cols: m.cols, rows: m.rows } }
        : { ok: false, reason: 'resize: cols/rows must be integers in 1..2000' };
    case 'ack':
      return isInt(m.chars, 0, MAX_ACK_CHARS)
        ? { ok: true, message: { type: 'ack', chars: m.chars } }
        : { ok: false, reason: 'ack: chars must be a non-negative integer' };
    case 'openLink':
      return typeof m.url === 'string' && m.url.length <= MAX_URL_CHARS
        ? { ok: true, message: { type: 'openLink', url: m.url } }
        : { ok: false, reason: 'openLink: url must be a string' };
    case 'getSettings':
      return isInt(m.id, 0, Number.MAX_SAFE_INTEGER)
        ? { ok: true, message: { type: 'getSettings', id: m.id } }
        : { ok: false, reason: 'getSettings: id must be an integer' };
    case 'paste':
      return { ok: true, message: { type: 'paste' } };
    case 'stopJob':
      return { ok: true, message: { type: 'stopJob' } };
    case 'stopProcess':
      return isInt(m.pid, 1, MAX_PID)
        ? { ok: true, message: { type: 'stopProcess', pid: m.pid } }
        : { ok: false, reason: 'stopProcess: pid must be a positive integer' };
    case 'watchProcesses':
      return typeof m.open === 'boolean'
        ? { ok: true, message: { type: 'watchProcesses', open: m.open } }
        : { ok: false, reason: 'watchProcesses: open must be a boolean' };
    default:
      return { ok: false, reason: `unknown type ${JSON.stringify(m.type)?.slice(0, 40)}` };
  }
}

/** What main sends on an IPC channel, as the WebSocket message browser-api.ts turns back into the event. */
export function serverMessage(channel: string, value: unknown): ServerMessage | undefined {
  switch (channel) {
    case IpcChannel.data:
      return { type: 'data', data: value as string };
    case IpcChannel.hint:
      return { type: 'hint', ...(value as HintState) };
    case IpcChannel.exit:
      return { type: 'exit', ...(value as SessionEnd) };
    case IpcChannel.flush:
      return { type: 'flush' };
    case IpcChannel.hold:
      return { type: 'hold', holding: value === true };
    case IpcChannel.processes:
      return { type: 'processes', view: value as ProcessView };
    case IpcChannel.processCount:
      return { type: 'processCount', count: value as number };
    case IpcChannel.stopOutcome:
      return { type: 'stopOutcome', outcome: value as StopOutcome };
    case IpcChannel.notice:
      return { type: 'notice', notice: value as SessionNotice };
    case IpcChannel.settings:
      return { type: 'settingsChanged', settings: value as RendererSettings };
    default:
      return undefined;
  }
}
