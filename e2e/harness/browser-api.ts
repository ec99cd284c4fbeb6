// The page side of the harness: window.ripcord (preload/api.ts's RipcordApi) over the
// harness WebSocket. `installHarnessApi` is served as source text — `(${fn})()` — so it must
// stay self-contained: no imports except types, no references outside its body.
import type { HintState, ProcessView, RendererSettings, RipcordApi, SessionEnd, SessionNotice, StopOutcome, Unsubscribe } from '../../preload/api';
import type { RipcordTestView } from '../../renderer/test-hook';
import type { ClientMessage, ServerMessage } from './protocol';

/** What the specs read back from the page besides the terminal itself. */
export interface HarnessPageState {
  connected: boolean;
  /** WebSocket close code once closed */
  closeCode?: number;
  /** links the page asked the host to open */
  openedLinks: string[];
}

declare global {
  interface Window {
    __ripcordTest?: RipcordTestView;
    __ripcordHarness?: HarnessPageState;
  }
}

export function installHarnessApi(): void {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
  const state: HarnessPageState = { connected: false, openedLinks: [] };
  const outbox: string[] = [];

  const send = (message: ClientMessage): void => {
    const text = JSON.stringify(message);
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
    else if (socket.readyState === WebSocket.CONNECTING) outbox.push(text);
  };

  // Events that arrive before the renderer subscribed are kept, as an IPC queue would keep them.
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
  const data = new Channel<string>();
  const hint = new Channel<HintState>();
  const exit = new Channel<SessionEnd>();
  const flush = new Channel<void>();
  const hold = new Channel<boolean>();
  const processes = new Channel<ProcessView>();
  const processCount = new Channel<number>();
  const stopOutcome = new Channel<StopOutcome>();
  const notice = new Channel<SessionNotice>();
  const settingsChanged = new Channel<RendererSettings>();
  const settingsRequests = new Map<number, { resolve: (s: RendererSettings) => void; reject: (e: Error) => void }>();
  let nextRequest = 0;

  socket.addEventListener('open', () => {
    state.connected = true;
    for (const text of outbox.splice(0)) socket.send(text);
  });
  socket.addEventListener('close', (event) => {
    state.connected = false;
    state.closeCode = event.code;
    for (const request of settingsRequests.values()) request.reject(new Error('harness connection closed'));
    settingsRequests.clear();
  });
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as ServerMessage;
    switch (message.type) {
      case 'data':
        data.emit(message.data);
        break;
      case 'hint':
        hint.emit({ visible: message.visible, remainingMs: message.remainingMs, ...(message.jobStillRunning ? { jobStillRunning: true } : {}) });
        break;
      case 'exit':
        exit.emit({ exitCode: message.exitCode, ...(message.message === undefined ? {} : { message: message.message }) });
        break;
      case 'flush':
        flush.emit(undefined);
        break;
      case 'hold':
        hold.emit(message.holding === true);
        break;
      case 'processes':
        processes.emit(message.view);
        break;
      case 'processCount':
        processCount.emit(message.count);
        break;
      case 'stopOutcome':
        stopOutcome.emit(message.outcome);
        break;
      case 'notice':
        notice.emit(message.notice);
        break;
      case 'settingsChanged':
        settingsChanged.emit(message.settings);
        break;
      case 'paste':
        void pasteClipboard();
        break;
      case 'settings':
        settingsRequests.get(message.id)?.resolve(message.settings);
        settingsRequests.delete(message.id);
        break;
    }
  });

  // What webContents.paste() does in the desktop: a paste event on the focused element with the
  // clipboard's text, which xterm turns into input (bracketed when the program asked for it).
  const pasteClipboard = async (): Promise<void> => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', await navigator.clipboard.readText());
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  };

  const api: RipcordApi = {
    input: (text) => {
      // In the desktop main takes Ctrl+C before the page and its host tells the page to hold at
      // once (IpcChannel.hold); here the key starts in the page, so this stand-in for main tells
      // it without the round trip. The host answers every press (hold, flush or release).
      if (text === '\x03') hold.emit(true);
      send({ type: 'input', data: text });
    },
    resize: (cols, rows) => send({ type: 'resize', cols, rows }),
    paste: () => send({ type: 'paste' }),
    ack: (chars) => send({ type: 'ack', chars }),
    openLink: (url) => {
      state.openedLinks.push(url);
      send({ type: 'openLink', url });
    },
    getSettings: () =>
      new Promise<RendererSettings>((resolve, reject) => {
        const id = nextRequest++;
        settingsRequests.set(id, { resolve, reject });
        send({ type: 'getSettings', id });
      }),
    onSettings: (listener) => settingsChanged.subscribe(listener),
    onData: (listener) => data.subscribe(listener),
    onHint: (listener) => hint.subscribe(listener),
    onExit: (listener) => exit.subscribe(listener),
    onFlush: (listener) => flush.subscribe(() => listener()),
    onHold: (listener) => hold.subscribe(listener),
    stopJob: () => send({ type: 'stopJob' }),
    stopProcess: (pid) => send({ type: 'stopProcess', pid }),
    watchProcesses: (open) => send({ type: 'watchProcesses', open }),
    onProcesses: (listener) => processes.subscribe(listener),
    onProcessCount: (listener) => processCount.subscribe(listener),
    onStopOutcome: (listener) => stopOutcome.subscribe(listener),
    // the harness has no app menu: the key in the page is the way in
    onToggleProcesses: () => () => undefined,
    onNotice: (listener) => notice.subscribe(listener),
  };
  window.ripcord = Object.freeze(api);
  window.__ripcordHarness = state;
  window.__ripcordTestHook = (view) => {
    window.__ripcordTest = view;
  };
}
