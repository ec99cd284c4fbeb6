// The browser harness's WebSocket (e2e/harness): the renderer contract (contracts/renderer.ts) with a
// socket in place of IPC. A message is one JSON object `{channel, args}`: a request or an event
// of the renderer contract on its own channel, with the arguments the preload or main would pass
// and checked by the same validators (handleRequest, contracts/renderer-checks.ts). Beside them only what IPC carries
// otherwise: the id of an invoke's answer, main's webContents.paste() and typed text. The other
// keys Electron hands main before the page (before-input-event) are not on the socket: the page
// asks main for each one's verdict over HTTP (POST /key, parseKeyInput) and waits for it.
import {
  IpcChannel,
  isRequestChannel,
  isScreenRequestChannel,
  type EventChannel,
  type EventArgs,
  type KeyInput,
  type RendererSettings,
  type RequestChannel,
  type ScreenRequestChannel,
} from '../../contracts/renderer';
import { refuse } from '../../contracts/renderer-checks';
import type { Result } from '../../contracts/result';

export const HarnessChannel = {
  /** page → main: a character typed without Ctrl/Alt/Meta, which the page has at once (browser-api.ts) */
  typed: 'harness:typed',
  /** host → page: paste the clipboard into the focused element (webContents.paste()) */
  paste: 'harness:paste',
} as const;

/**
 * What the page sends. `id`: an invoke's (getSettings), echoed by its answer. The screen's
 * requests go to the session host's own socket (the page URL's `screen` port), the rest to main's.
 */
export type PageMessage =
  | { channel: RequestChannel; args: unknown[]; id?: number }
  | { channel: ScreenRequestChannel; args: unknown[]; id?: undefined }
  | { channel: typeof HarnessChannel.typed; args: [KeyInput] };

/** What the host sends: an event with its arguments, the answer of an invoke, or a paste. */
export type HostMessage =
  | { [C in EventChannel]: { channel: C; args: EventArgs[C] } }[EventChannel]
  | { channel: typeof IpcChannel.getSettings; id: number; args: [RendererSettings] }
  | { channel: typeof HarnessChannel.paste; args: [] };

/** Key names and codes are short ('c', 'ArrowUp', 'AudioVolumeMute'); longer is not a key. */
const MAX_KEY_NAME_CHARS = 64;

const isName = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_KEY_NAME_CHARS;

/** One key event: each field of KeyInput, of its type; other fields are dropped. */
export function parseKeyInput(args: readonly unknown[]): Result<KeyInput> {
  const [raw] = args;
  if (args.length !== 1 || typeof raw !== 'object' || raw === null) return refuse('a key is one object');
  const { type, key, code, control, shift, alt, meta, isAutoRepeat } = raw as Record<string, unknown>;
  if (!isName(type) || !isName(key) || !isName(code))
    return refuse(`type, key and code must be strings of at most ${MAX_KEY_NAME_CHARS} chars`);
  if (
    typeof control !== 'boolean' ||
    typeof shift !== 'boolean' ||
    typeof alt !== 'boolean' ||
    typeof meta !== 'boolean' ||
    typeof isAutoRepeat !== 'boolean'
  ) {
    return refuse('control, shift, alt, meta and isAutoRepeat must be booleans');
  }
  return { ok: true, value: { type, key, code, control, shift, alt, meta, isAutoRepeat } };
}

/** Checks one message from the page: its channel, a key's fields and an invoke's id; a request's arguments are handleRequest's. */
export function parsePageMessage(text: string): Result<PageMessage> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse('not JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return refuse('not an object');
  const { channel, args, id } = raw as Record<string, unknown>;
  if (channel !== HarnessChannel.typed && !isRequestChannel(channel) && !isScreenRequestChannel(channel))
    return refuse(`unknown channel ${String(JSON.stringify(channel)).slice(0, 40)}`);
  if (!Array.isArray(args)) return refuse(`${channel}: args must be an array`);
  if (channel === HarnessChannel.typed) {
    const key = parseKeyInput(args);
    return key.ok ? { ok: true, value: { channel, args: [key.value] } } : refuse(`${channel}: ${key.error}`);
  }
  if (channel !== IpcChannel.getSettings) return { ok: true, value: { channel, args } as PageMessage };
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0
    ? { ok: true, value: { channel, args, id } }
    : refuse(`${channel}: an invoke needs an integer id`);
}
