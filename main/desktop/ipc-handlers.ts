import { IpcChannel, REQUEST_CHANNELS, type IpcTarget, type RequestChannel } from '../../contracts/renderer';
import { handleRequest, type RequestAnswer } from '../../contracts/renderer-checks';
import type { Result } from '../../contracts/result';
import { type Disposable, toDisposable } from '../core/disposable';
import type { Logger } from '../platform/log/log';
import { isSameDocument } from './page-url';

/** The part of IpcMainEvent / IpcMainInvokeEvent the sender check reads. */
export interface IpcSenderEvent {
  readonly sender: { readonly id: number };
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

type OnListener = (event: IpcSenderEvent, ...args: unknown[]) => void;
type HandleListener = (event: IpcSenderEvent, ...args: unknown[]) => unknown;

/** The slice of ipcMain the handlers use. */
export interface IpcRegistry {
  on(channel: string, listener: OnListener): unknown;
  removeListener(channel: string, listener: OnListener): unknown;
  handle(channel: string, listener: HandleListener): void;
  removeHandler(channel: string): void;
}

/** The only sender accepted: the main frame of our window showing our own page. */
export interface TrustedPage {
  webContentsId: number;
  /** the page's URL, ripcord://app/index.html (app-protocol.ts serves dist/renderer from it) */
  pageUrl: string;
}

/** A flood of bad messages must not flood the log: after this many per channel, one summary line. */
const LOGGED_DROPS_PER_CHANNEL = 20;
/** Foreign URLs are logged, but never whole: they are attacker-controlled text. */
const LOGGED_URL_CHARS = 200;

/** Why a message is not from the trusted page, or undefined when it is. */
export function senderProblem(event: IpcSenderEvent, page: TrustedPage): string | undefined {
  if (event.sender.id !== page.webContentsId) return `sender is web contents ${event.sender.id}, not the terminal window`;
  const frame = event.senderFrame;
  if (frame === null) return 'sender frame is gone (navigated or destroyed)';
  if (frame.parent !== null) return 'sender is a subframe';
  if (!isSameDocument(frame.url, page.pageUrl)) return `sender frame shows ${frame.url.slice(0, LOGGED_URL_CHARS)}`;
  return undefined;
}

class DropLog {
  private readonly counts = new Map<string, number>();

  constructor(private readonly log: Pick<Logger, 'warn'>) {}

  drop(channel: string, problem: string): void {
    const count = (this.counts.get(channel) ?? 0) + 1;
    this.counts.set(channel, count);
    if (count <= LOGGED_DROPS_PER_CHANNEL) this.log.warn('ipc.dropped', { channel, problem });
    if (count === LOGGED_DROPS_PER_CHANNEL) this.log.warn('ipc.dropped.silenced', { channel, after: count });
  }
}

/**
 * IPC handlers of DESIGN §7: every message's sender and shape is checked; a bad one is logged and
 * dropped, and nothing a handler does can throw back into Electron (or into the exit path).
 */
export function installIpcHandlers(options: {
  ipc: IpcRegistry;
  page: TrustedPage;
  target: IpcTarget;
  log: Pick<Logger, 'warn' | 'error'>;
}): Disposable {
  const { ipc, page, target, log } = options;
  const drops = new DropLog(log);

  /** Hands a request from the trusted page to the target (contracts/renderer-checks.ts checks it): its answer, or undefined when dropped. */
  function accept(channel: RequestChannel, event: IpcSenderEvent, args: readonly unknown[]): RequestAnswer {
    const foreign = senderProblem(event, page);
    if (foreign !== undefined) {
      drops.drop(channel, foreign);
      return undefined;
    }
    let handled: Result<RequestAnswer>;
    try {
      handled = handleRequest(target, channel, args);
    } catch (error) {
      log.error('ipc.handler-failed', { channel, error: String(error) });
      return undefined;
    }
    if (!handled.ok) drops.drop(channel, handled.error);
    return handled.ok ? handled.value : undefined;
  }

  const listeners = REQUEST_CHANNELS.filter((channel) => channel !== IpcChannel.getSettings).map(
    (channel): [RequestChannel, OnListener] => [channel, (event, ...args) => void accept(channel, event, args)],
  );
  for (const [channel, listener] of listeners) ipc.on(channel, listener);
  // A rejected request answers undefined: throwing would only hand the renderer an error object.
  ipc.handle(IpcChannel.getSettings, (event, ...args) => accept(IpcChannel.getSettings, event, args));

  return toDisposable(() => {
    for (const [channel, listener] of listeners) ipc.removeListener(channel, listener);
    ipc.removeHandler(IpcChannel.getSettings);
  });
}
