// The page side of the harness, dist/harness-api.js, loaded before renderer.js: window.ripcord
// (the renderer contract's RipcordApi) over the harness WebSocket (contracts/harness-socket.ts),
// as the preload gives it over IPC, and the screen (output, hint, acks, the process view) over
// the session host's own WebSocket (the URL's `screen` port), as the preload gets it over the
// host's MessagePort — and every key event to the host before the page sees it, as Electron
// gives main every key in before-input-event. Without a `screen` port (the bench's naive
// harness) the screen shares the one socket.
import { inputPieces } from '../../contracts/renderer-checks';
import { IpcChannel, type EventArgs, type EventChannel, type KeyInput, type RendererSettings, type RipcordApi, type Unsubscribe } from '../../contracts/renderer';
import type { PaneId, WindowLayout } from '../../contracts/panes';
import { HarnessChannel, type HostMessage, type PageMessage } from '../../contracts/harness-socket';
import { classifyKey } from '../../main/session/key-entry';
import type { RipcordTestView } from '../../renderer/test-hook';

/** What the specs read back from the page besides the terminal itself. */
export interface HarnessPageState {
  connected: boolean;
  /** WebSocket close code once closed */
  closeCode?: number;
  /** links the page asked the host to open */
  openedLinks: string[];
  /** the window's tabs and panes as main last sent them */
  layout?: WindowLayout;
}

declare global {
  interface Window {
    __ripcordTest?: RipcordTestView;
    /** the view of one pane's terminal */
    __ripcordTestPane?: (pane: PaneId) => RipcordTestView | undefined;
    __ripcordHarness?: HarnessPageState;
  }
}

/** Events that arrive before the renderer subscribed are kept, as an IPC queue would keep them. */
class Channel<T> {
  private readonly listeners = new Set<(value: T) => void>();
  private backlog: T[] = [];

  emit(value: T): void {
    if (this.listeners.size === 0) this.backlog.push(value);
    for (const listener of this.listeners) listener(value);
  }

  subscribe(listener: (value: T) => void): Unsubscribe {
    this.listeners.add(listener);
    const backlog = this.backlog;
    this.backlog = [];
    for (const value of backlog) listener(value);
    return () => this.listeners.delete(listener);
  }
}

type EventChannels = { [C in EventChannel]: Channel<EventArgs[C]> };

/** A KeyboardEvent as Electron's before-input-event reports it. */
function keyInput(event: KeyboardEvent): KeyInput {
  return {
    type: event.type === 'keydown' ? 'keyDown' : 'keyUp',
    key: event.key,
    code: event.code,
    control: event.ctrlKey,
    shift: event.shiftKey,
    alt: event.altKey,
    meta: event.metaKey,
    isAutoRepeat: event.repeat,
  };
}

/** A socket whose messages wait while it connects. */
function openSocket(url: string): { socket: WebSocket; send(message: PageMessage): void } {
  const socket = new WebSocket(url);
  const outbox: string[] = [];
  socket.addEventListener('open', () => {
    for (const text of outbox.splice(0)) socket.send(text);
  });
  return {
    socket,
    send: (message) => {
      const text = JSON.stringify(message);
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
      else if (socket.readyState === WebSocket.CONNECTING) outbox.push(text);
    },
  };
}

function installHarnessApi(): void {
  const params = new URLSearchParams(location.search);
  const main = openSocket(`ws://${location.host}/ws?token=${encodeURIComponent(params.get('token') ?? '')}`);
  const screenPort = params.get('screen');
  const screen = screenPort === null ? main : openSocket(`ws://127.0.0.1:${screenPort}/screen?token=${encodeURIComponent(params.get('screenToken') ?? '')}`);
  const { socket } = main;
  const state: HarnessPageState = { connected: false, openedLinks: [] };
  const send = main.send;
  const toScreen = screen.send;

  const events: EventChannels = {
    [IpcChannel.settings]: new Channel(),
    [IpcChannel.layout]: new Channel(),
    [IpcChannel.data]: new Channel(),
    [IpcChannel.hint]: new Channel(),
    [IpcChannel.exit]: new Channel(),
    [IpcChannel.flush]: new Channel(),
    [IpcChannel.hold]: new Channel(),
    [IpcChannel.processes]: new Channel(),
    [IpcChannel.processCount]: new Channel(),
    [IpcChannel.stopOutcome]: new Channel(),
    [IpcChannel.toggleProcesses]: new Channel(),
    [IpcChannel.notice]: new Channel(),
    [IpcChannel.screen]: new Channel(),
  };
  const settingsRequests = new Map<number, { resolve: (s: RendererSettings) => void; reject: (e: Error) => void }>();
  let nextRequest = 0;
  /** the pane main last said has the keys (the hold stand-in below is for it) */
  let focused: PaneId | undefined;

  const opened = (): void => {
    state.connected = socket.readyState === WebSocket.OPEN && screen.socket.readyState === WebSocket.OPEN;
  };
  socket.addEventListener('open', opened);
  if (screen !== main) screen.socket.addEventListener('open', opened);
  socket.addEventListener('close', (event) => {
    state.connected = false;
    state.closeCode = event.code;
    for (const request of settingsRequests.values()) request.reject(new Error('harness connection closed'));
    settingsRequests.clear();
  });
  const received = (event: MessageEvent): void => {
    const message = JSON.parse(String(event.data)) as HostMessage;
    if (message.channel === HarnessChannel.paste) {
      void pasteClipboard();
    } else if (message.channel === IpcChannel.getSettings) {
      settingsRequests.get(message.id)?.resolve(message.args[0]);
      settingsRequests.delete(message.id);
    } else {
      if (message.channel === IpcChannel.layout) {
        state.layout = message.args[0];
        focused = message.args[0].focused;
      }
      (events[message.channel] as unknown as Channel<unknown[]>).emit(message.args);
    }
  };
  socket.addEventListener('message', received);
  if (screen !== main) screen.socket.addEventListener('message', received);

  // Electron hands main every key before the page (before-input-event); here the page's first
  // listener hands it to the host's key entry, and keeps from the page what the key entry keeps
  // from it (the same classification), so xterm never sees a Ctrl+C, as in the desktop.
  const onKey = (event: KeyboardEvent): void => {
    const input = keyInput(event);
    const verdict = classifyKey(input);
    // In the desktop main sends `hold` at the key event (DESIGN §6); here the key event is in the
    // page, so this stand-in for main holds it without the round trip. The host answers every press.
    if (verdict === 'press' && focused !== undefined) events[IpcChannel.hold].emit([focused, true]);
    send({ channel: HarnessChannel.key, args: [input] });
    if (verdict === 'pass') return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  window.addEventListener('keydown', onKey, { capture: true });
  window.addEventListener('keyup', onKey, { capture: true });

  // What webContents.paste() does in the desktop: a paste event on the focused element with the
  // clipboard's text, which xterm turns into input (bracketed when the program asked for it).
  const pasteClipboard = async (): Promise<void> => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', await navigator.clipboard.readText());
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  };

  const on = <C extends EventChannel>(channel: C, listener: (...args: EventArgs[C]) => void): Unsubscribe => events[channel].subscribe((args) => listener(...args));
  const api: RipcordApi = {
    input: (pane, data) => {
      for (const piece of inputPieces(data)) send({ channel: IpcChannel.input, args: [pane, piece] });
    },
    resize: (pane, cols, rows) => send({ channel: IpcChannel.resize, args: [pane, cols, rows] }),
    ack: (pane, chars) => toScreen({ channel: IpcChannel.ack, args: [pane, chars] }),
    openLink: (url) => {
      state.openedLinks.push(url);
      send({ channel: IpcChannel.openLink, args: [url] });
    },
    paste: () => send({ channel: IpcChannel.paste, args: [] }),
    getSettings: () =>
      new Promise<RendererSettings>((resolve, reject) => {
        const id = nextRequest++;
        settingsRequests.set(id, { resolve, reject });
        send({ channel: IpcChannel.getSettings, args: [], id });
      }),
    openSettings: () => send({ channel: IpcChannel.openSettings, args: [] }),
    paneAction: (action) => send({ channel: IpcChannel.paneAction, args: [action] }),
    onSettings: (listener) => on(IpcChannel.settings, listener),
    onLayout: (listener) => on(IpcChannel.layout, listener),
    onData: (listener) => on(IpcChannel.data, listener),
    onHint: (listener) => on(IpcChannel.hint, listener),
    onExit: (listener) => on(IpcChannel.exit, listener),
    onFlush: (listener) => on(IpcChannel.flush, (pane) => listener(pane)),
    onHold: (listener) => on(IpcChannel.hold, (pane, holding) => listener(pane, holding === true)),
    stopJob: (pane) => toScreen({ channel: IpcChannel.stopJob, args: [pane] }),
    stopProcess: (pane, pid) => toScreen({ channel: IpcChannel.stopProcess, args: [pane, pid] }),
    watchProcesses: (pane, open) => toScreen({ channel: IpcChannel.watchProcesses, args: [pane, open] }),
    onProcesses: (listener) => on(IpcChannel.processes, listener),
    onProcessCount: (listener) => on(IpcChannel.processCount, listener),
    onStopOutcome: (listener) => on(IpcChannel.stopOutcome, listener),
    // the harness has no app menu: the key in the page is the way in
    onToggleProcesses: (listener) => on(IpcChannel.toggleProcesses, listener),
    onNotice: (listener) => on(IpcChannel.notice, listener),
  };
  window.ripcord = Object.freeze(api);
  window.__ripcordHarness = state;
  // each pane offers its view; __ripcordTest is the focused pane's (the only one, in a window of one pane)
  const views = new Map<PaneId, RipcordTestView>();
  window.__ripcordTestHook = (view, pane) => {
    views.set(pane, view);
  };
  window.__ripcordTestPane = (pane) => views.get(pane);
  Object.defineProperty(window, '__ripcordTest', { configurable: true, get: () => views.get(focused ?? '') ?? [...views.values()][0] });
}

installHarnessApi();
