// The harness's transport adapter: the Electron objects the desktop's window wiring hangs on
// (main/desktop/terminal-window.ts's TerminalWindowParts), made of the page's WebSocket, so the
// harness runs wireTerminalWindow itself — its input guard, lifecycle, signal triggers, IPC
// checks and global shortcut — and not a copy. Each socket message becomes what Electron gives
// main: a key (POST /key) a before-input-event, a request an ipcMain message from the trusted page
// (the socket's token and origin were checked at the upgrade), the socket's close the window's.
import { EventEmitter } from 'node:events';
import type { Event as ElectronEvent, GlobalShortcut } from 'electron';
import type { RawData, WebSocket } from 'ws';
import { IpcChannel, isEventChannel, isScreenRequestChannel, type KeyInput } from '../../contracts/renderer';
import { refuse } from '../../contracts/renderer-checks';
import type { Result } from '../../contracts/result';
import { HarnessChannel, parsePageMessage, type HostMessage, type PageMessage } from './harness-socket';
import type { Logger } from '../../main/platform/log/log';
import type { IpcRegistry, IpcSenderEvent } from '../../main/desktop/ipc-handlers';
import type { TerminalWindowParts } from '../../main/desktop/terminal-window';

/**
 * Bound on a key the page asks about waiting for the typed keys the page sent before it: they
 * are on the socket already, a loopback hop away; a page that miscounts stalls no key longer.
 */
const TYPED_KEYS_CATCH_UP_MS = 1_000;

/** The page's stand-in webContents id: one window, one page. */
const WEB_CONTENTS_ID = 1;

type IpcListener = (event: IpcSenderEvent, ...args: unknown[]) => void;
type IpcHandler = (event: IpcSenderEvent, ...args: unknown[]) => unknown;

/** Electron's Event as the listeners read it: preventDefault only, which `prevented` reports. */
function inputEvent(): ElectronEvent & { readonly prevented: boolean } {
  let prevented = false;
  return {
    preventDefault: () => {
      prevented = true;
    },
    get prevented() {
      return prevented;
    },
  } as unknown as ElectronEvent & { readonly prevented: boolean };
}

/** ipcMain over the socket: `on` for the page's sends, `handle` for its invokes (answered with the invoke's id). */
class SocketIpc implements IpcRegistry {
  private readonly emitter = new EventEmitter();
  private readonly handlers = new Map<string, IpcHandler>();

  constructor(
    private readonly sender: IpcSenderEvent,
    private readonly answer: (message: HostMessage) => void,
    private readonly log: Pick<Logger, 'warn'>,
  ) {}

  on(channel: string, listener: IpcListener): this {
    this.emitter.on(channel, listener);
    return this;
  }

  removeListener(channel: string, listener: IpcListener): this {
    this.emitter.removeListener(channel, listener);
    return this;
  }

  handle(channel: string, handler: IpcHandler): void {
    this.handlers.set(channel, handler);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  receive(channel: string, args: unknown[], id: number | undefined): void {
    if (id === undefined) {
      this.emitter.emit(channel, this.sender, ...args);
      return;
    }
    const handler = this.handlers.get(channel);
    if (!handler) {
      this.log.warn('harness.message-dropped', { reason: `${channel}: no handler for an invoke` });
      return;
    }
    void Promise.resolve(handler(this.sender, ...args)).then((value) => this.answer({ channel, id, args: [value] } as HostMessage));
  }
}

/** globalShortcut's stand-in: registrations succeed and are kept; `press` is the key pressed anywhere. */
class StandInShortcuts implements Pick<GlobalShortcut, 'register' | 'unregister' | 'unregisterAll'> {
  private readonly registered = new Map<string, () => void>();

  register(accelerator: string, callback: () => void): boolean {
    this.registered.set(accelerator, callback);
    return true;
  }

  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }

  unregisterAll(): void {
    this.registered.clear();
  }

  /** false: no shortcut is registered (the settings turned it off, or the exit gave it back) */
  press(): boolean {
    const [callback] = this.registered.values();
    callback?.();
    return callback !== undefined;
  }
}

export class SocketWindow {
  private client: WebSocket | undefined;
  /** typed keys this page sent on its socket (HarnessChannel.typed), and who waits for a count of them */
  private typed = 0;
  private readonly typedArrived = new EventEmitter();
  readonly app = new EventEmitter();
  readonly window = new EventEmitter();
  readonly shortcuts = new StandInShortcuts();
  readonly page: EventEmitter & TerminalWindowParts['page'];
  readonly ipc: SocketIpc;

  constructor(
    private readonly pageUrl: string,
    private readonly log: Logger,
  ) {
    const send = (message: HostMessage): void => this.client?.send(JSON.stringify(message));
    this.page = Object.assign(new EventEmitter(), {
      send: (channel: string, ...args: unknown[]) => {
        if (isEventChannel(channel)) send({ channel, args } as HostMessage);
        else log.warn('harness.unknown-channel', { channel });
      },
      isDestroyed: () => this.client === undefined,
      paste: () => send({ channel: HarnessChannel.paste, args: [] }),
    });
    this.ipc = new SocketIpc({ sender: { id: WEB_CONTENTS_ID }, senderFrame: { url: pageUrl, parent: null } }, send, log);
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** The Electron objects wireTerminalWindow takes, minus the process's signals and the browser. */
  parts(): Omit<TerminalWindowParts, 'signals' | 'openExternal' | 'openPath'> {
    return {
      app: this.app,
      window: this.window,
      page: this.page,
      webContentsId: WEB_CONTENTS_ID,
      pageUrl: this.pageUrl,
      ipc: this.ipc,
      shortcuts: this.shortcuts,
    };
  }

  /**
   * One key event before the page gets it, as Electron's before-input-event hands main every key
   * first: the desktop's input guard (wireTerminalWindow) runs the key entry on it. Returns
   * whether the page may have the key (the desktop's page gets it only then).
   */
  key(input: KeyInput): { page: boolean } {
    const event = inputEvent();
    this.page.emit('before-input-event', event, input);
    return { page: !event.prevented };
  }

  /**
   * Resolves once the page's socket delivered `count` typed keys (or after a bound): a key the
   * page asks about is entered after the text typed before it, as the keyboard gave them.
   */
  async afterTyped(count: number): Promise<void> {
    if (this.typed >= count) return;
    await new Promise<void>((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.typedArrived.off('key', check);
        resolve();
      };
      const check = (): void => {
        if (this.typed >= count) finish();
      };
      const timer = setTimeout(() => {
        this.log.warn('harness.typed-keys-late', { expected: count, arrived: this.typed });
        finish();
      }, TYPED_KEYS_CATCH_UP_MS);
      this.typedArrived.on('key', check);
    });
  }

  /** The page connected: the window's page loaded (one page at a time; the server refuses a second). */
  attach(ws: WebSocket): void {
    this.client = ws;
    this.typed = 0;
    this.log.event('harness.client-connected');
    // the screen's port, as the desktop's main hands it over at dom-ready (utility-host.ts)
    this.page.send(IpcChannel.screen, null);
    ws.on('message', (raw, isBinary) => this.onMessage(raw, isBinary));
    // The page going away is the window closing (DESIGN §3: exit 0).
    ws.on('close', (code) => {
      this.log.event('harness.client-closed', { code });
      this.client = undefined;
      this.window.emit('close', inputEvent());
    });
    ws.on('error', (error) => this.log.warn('harness.client-error', { error: String(error) }));
  }

  private onMessage(raw: RawData, isBinary: boolean): void {
    const parsed: Result<PageMessage> = isBinary ? refuse('binary frame') : parsePageMessage(raw.toString());
    if (!parsed.ok) {
      this.log.warn('harness.message-dropped', { reason: parsed.error });
      return;
    }
    const message = parsed.value;
    if (message.channel === HarnessChannel.typed) {
      // typed text the page had at once: the key entry must pass it (browser-api.ts, isTypedText)
      if (!this.key(message.args[0]).page) this.log.warn('harness.typed-key-kept', { key: message.args[0].key });
      this.typed++;
      this.typedArrived.emit('key');
    } else if (isScreenRequestChannel(message.channel)) {
      this.log.warn('harness.message-dropped', { reason: `${message.channel}: the screen's requests go to the session host` });
    } else {
      this.ipc.receive(message.channel, message.args, message.id);
    }
  }
}
