// The browser harness's WebSocket (e2e/harness): the renderer contract (./renderer.ts) with a
// socket in place of IPC. A message is one JSON object `{channel, args}`: a request or an event
// of the renderer contract on its own channel, with the arguments the preload or main would pass
// and checked by the same validators (handleRequest). Beside them only what IPC carries
// otherwise: the id of an invoke's answer and main's webContents.paste().
import { IpcChannel, isRequestChannel, refuse, type EventChannel, type EventValues, type Parsed, type RendererSettings, type RequestChannel } from './renderer';

export const HarnessChannel = {
  /** host → page: paste the clipboard into the focused element (webContents.paste()) */
  paste: 'harness:paste',
} as const;

/** What the page sends. `id`: an invoke's (getSettings), echoed by its answer. */
export interface PageMessage {
  channel: RequestChannel;
  args: unknown[];
  id?: number;
}

/** What the host sends: an event with its one value, the answer of an invoke, or a paste. */
export type HostMessage =
  | { [C in EventChannel]: { channel: C; args: [EventValues[C]] } }[EventChannel]
  | { channel: typeof IpcChannel.getSettings; id: number; args: [RendererSettings] }
  | { channel: typeof HarnessChannel.paste; args: [] };

/** Checks one message from the page: its channel and, for an invoke, its id; its arguments are handleRequest's. */
export function parsePageMessage(text: string): Parsed<PageMessage> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse('not JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return refuse('not an object');
  const { channel, args, id } = raw as Record<string, unknown>;
  if (!isRequestChannel(channel)) return refuse(`unknown channel ${JSON.stringify(channel)?.slice(0, 40)}`);
  if (!Array.isArray(args)) return refuse(`${channel}: args must be an array`);
  if (channel !== IpcChannel.getSettings) return { ok: true, value: { channel, args } };
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? { ok: true, value: { channel, args, id } } : refuse(`${channel}: an invoke needs an integer id`);
}
