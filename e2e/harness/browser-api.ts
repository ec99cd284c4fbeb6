// The page side of the harness, dist/harness-api.js, loaded before the shipped preload
// (dist/preload.js, which pages.ts serves wrapped as Electron wraps a sandboxed preload) and
// the page's renderer.js (the harness's build, renderer-main.ts): a shim of the `electron` renderer
// API the preload uses and nothing more.
// - require: 'electron' only; of it contextBridge and ipcRenderer; any other API throws.
// - contextBridge.exposeInMainWorld copies as Electron's does (context-bridge.ts).
// - ipcRenderer.send / invoke / on / removeListener over the harness WebSocket (harness-socket.ts).
// - the screen's port (IpcChannel.screen): a port over the session host's own WebSocket (the
//   URL's `screen` port; socket-port.ts), or without one (the bench's naive harness) the one socket.
// Main's messages wait for DOMContentLoaded, as the desktop's main hands the page its port at
// dom-ready. Every key event goes to main, and reaches the page only if main says so, as
// Electron gives main every key in before-input-event.
import { IpcChannel, type KeyInput } from '../../contracts/renderer';
import type { PaneId, WindowLayout } from '../../contracts/panes';
import { HarnessChannel, type PageMessage } from './harness-socket';
import type { RipcordTestView } from './test-view';
import { crossBridge } from './context-bridge';
import { forbidden, restricted } from './restricted';
import { socketPort } from './socket-port';

/** What the specs read back from the page besides the terminal itself. */
export interface HarnessPageState {
  connected: boolean;
  /** WebSocket close code once closed */
  closeCode?: number;
  /** links the page asked the host to open */
  openedLinks: string[];
  /** the window's tabs and panes as main last sent them */
  layout?: WindowLayout;
  /** the preload's contextBridge.exposeInMainWorld calls, by key: the spec checks window.ripcord came from it */
  exposedByPreload: string[];
  /**
   * Main's channel (IPC) and the host's screen (its port) are separate, as in the desktop, and
   * nothing orders them: a spec pauses what one of them delivers to the page, then resumes it,
   * to put a message of one before or after a message of the other (DESIGN §6's hold).
   */
  pause(channel: HarnessChannelName): void;
  resume(channel: HarnessChannelName): void;
}

type HarnessChannelName = 'main' | 'screen';

/** The preload's body as pages.ts wraps it: Electron's sandboxed preload wrapper's arguments, less Node's. */
type PreloadBody = (exports: object, require: (name: string) => unknown, module: { exports: object }) => void;

declare global {
  interface Window {
    __ripcordTest?: RipcordTestView;
    /** the view of one pane's terminal */
    __ripcordTestPane?: (pane: PaneId) => RipcordTestView | undefined;
    __ripcordHarness?: HarnessPageState;
    /** pages.ts's wrapper of dist/preload.js calls it once; it is gone after */
    __ripcordRunPreload?: (body: PreloadBody) => void;
  }
}

/** The screen events of the host, when the naive harness sends them on the one socket. */
const SCREEN_EVENTS: readonly string[] = [
  IpcChannel.data,
  IpcChannel.hint,
  IpcChannel.flush,
  IpcChannel.hold,
  IpcChannel.processes,
  IpcChannel.processCount,
  IpcChannel.foreground,
  IpcChannel.stopOutcome,
];

interface IpcEvent {
  sender: unknown;
  senderId: number;
  ports: MessagePort[];
}
type IpcListener = (event: IpcEvent, ...args: unknown[]) => void;

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

/**
 * A character typed without Ctrl, Alt or Meta: the key entry lets the page have every one (no
 * Ctrl+C, no window key is a bare character: the program must get what is typed), so the page
 * need not wait for main's verdict; main still hears it and warns if it ever kept one
 * (socket-window.ts: harness.typed-key-kept).
 */
function isTypedText(input: KeyInput): boolean {
  return input.key.length === 1 && !input.control && !input.alt && !input.meta;
}

/**
 * Main's verdict on one key (POST /key answers {"page": boolean}). A main that cannot answer
 * (gone at the exit) keeps the key from the page: the desktop's page goes with its main.
 */
function mainLetsPageHave(url: string, input: KeyInput): boolean {
  const request = new XMLHttpRequest();
  try {
    request.open('POST', url, false);
    request.send(JSON.stringify(input));
    return request.status === 200 && (JSON.parse(request.responseText) as { page?: unknown }).page === true;
  } catch {
    return false;
  }
}

/** A socket whose messages wait while it connects. */
function openSocket(url: string): {
  socket: WebSocket;
  send(message: PageMessage | { channel: string; args: unknown[]; id?: number }): void;
} {
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

function installElectronShim(): void {
  const params = new URLSearchParams(location.search);
  const main = openSocket(`ws://${location.host}/ws?token=${encodeURIComponent(params.get('token') ?? '')}`);
  const screenPort = params.get('screen');
  const screen =
    screenPort === null
      ? undefined
      : openSocket(`ws://127.0.0.1:${screenPort}/screen?token=${encodeURIComponent(params.get('screenToken') ?? '')}`);
  const paused: Record<HarnessChannelName, unknown[] | undefined> = { main: undefined, screen: undefined };
  const deliver: Record<HarnessChannelName, (message: unknown) => void> = {
    main: (message) => {
      const ipc = message as { channel: string; args: unknown[]; id?: number };
      if (loaded) fromMain(ipc);
      else early.push(ipc);
    },
    screen: (message) => hostPort.deliver(message),
  };
  const state: HarnessPageState = {
    connected: false,
    openedLinks: [],
    exposedByPreload: [],
    pause: (channel) => {
      paused[channel] ??= [];
    },
    resume: (channel) => {
      const held = paused[channel] ?? [];
      paused[channel] = undefined;
      for (const message of held) deliver[channel](message);
    },
  };
  const receive = (channel: HarnessChannelName, text: string): void => {
    const message: unknown = JSON.parse(text);
    const held = paused[channel];
    if (held) held.push(message);
    else deliver[channel](message);
  };
  const listeners = new Map<string, Set<IpcListener>>();
  const invokes = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextInvoke = 0;
  // The screen's port: bridged to the host from the start (what comes before the preload has it
  // waits in the port), handed to the preload when main says so.
  const toHost = screen ?? main;
  const hostPort = socketPort((message) => toHost.send(message as PageMessage));
  let portGiven = false;
  /** the pane main last said has the keys (the hold stand-in below is for it) */
  let focused: PaneId | undefined;

  const emit = (channel: string, args: unknown[], ports: MessagePort[] = []): void => {
    for (const listener of listeners.get(channel) ?? [])
      listener({ sender: undefined, senderId: 0, ports }, ...args.map((arg) => structuredClone(arg)));
  };
  /** The port to the preload, as utility-host.ts's connectScreen posts it at dom-ready (the page loads once here). */
  const connectScreen = (): void => {
    if (portGiven) return;
    portGiven = true;
    emit(IpcChannel.screen, [null], [hostPort.port as unknown as MessagePort]);
  };
  const fromMain = (message: { channel: string; args: unknown[]; id?: number }): void => {
    if (message.id !== undefined) {
      invokes.get(message.id)?.resolve(message.args[0]);
      invokes.delete(message.id);
    } else if (message.channel === HarnessChannel.paste) {
      void pasteClipboard();
    } else if (message.channel === IpcChannel.screen) {
      connectScreen();
    } else if (screen === undefined && SCREEN_EVENTS.includes(message.channel)) {
      hostPort.deliver(message);
    } else {
      if (message.channel === IpcChannel.layout) {
        state.layout = message.args[0] as WindowLayout;
        focused = state.layout.focused;
      }
      emit(message.channel, message.args);
    }
  };

  // main's messages wait for the page's scripts (the preload's listeners), as dom-ready in the desktop
  let loaded = document.readyState !== 'loading';
  const early: Array<{ channel: string; args: unknown[]; id?: number }> = [];
  document.addEventListener('DOMContentLoaded', () => {
    loaded = true;
    for (const message of early.splice(0)) fromMain(message);
    if (screen === undefined) connectScreen();
  });
  main.socket.addEventListener('message', (event) => receive('main', String(event.data)));
  screen?.socket.addEventListener('message', (event) => receive('screen', String(event.data)));
  const opened = (): void => {
    state.connected = main.socket.readyState === WebSocket.OPEN && (screen === undefined || screen.socket.readyState === WebSocket.OPEN);
  };
  main.socket.addEventListener('open', opened);
  screen?.socket.addEventListener('open', opened);
  main.socket.addEventListener('close', (event) => {
    state.connected = false;
    state.closeCode = event.code;
    for (const invoke of invokes.values()) invoke.reject(new Error('harness connection closed'));
    invokes.clear();
  });

  const ipcRenderer = restricted('ipcRenderer', {
    send: (channel: string, ...args: unknown[]) => {
      if (channel === IpcChannel.openLink) state.openedLinks.push(String(args[0]));
      main.send({ channel, args: structuredClone(args) });
    },
    invoke: (channel: string, ...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = nextInvoke++;
        invokes.set(id, { resolve, reject });
        main.send({ channel, args: structuredClone(args), id });
      }),
    on: (channel: string, listener: IpcListener) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return ipcRenderer;
    },
    removeListener: (channel: string, listener: IpcListener) => {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  });
  const contextBridge = restricted('contextBridge', {
    exposeInMainWorld: (key: string, api: unknown) => {
      if (Object.hasOwn(window, key)) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
      Object.defineProperty(window, key, { value: crossBridge(api, true), enumerable: true });
      state.exposedByPreload.push(key);
    },
  });
  const electron = restricted('electron', { contextBridge, ipcRenderer });
  window.__ripcordRunPreload = (body) => {
    delete window.__ripcordRunPreload;
    const module = { exports: {} };
    body(
      module.exports,
      (name) =>
        name === 'electron' ? electron : forbidden(`module ${JSON.stringify(name)} (a sandboxed preload may require 'electron' only)`),
      module,
    );
  };

  // Electron hands main every key before the page (before-input-event) and the page gets the key
  // only if main lets it; here the page's first listener asks the harness's main the same way
  // (POST /key, which runs the desktop's input guard) and waits for its verdict, so main decides
  // every key typed into the page — by Playwright or a person — before anything of the page sees
  // it: the wait is a synchronous request, as a key must not reach xterm before main's answer.
  // Typed text is the exception that keeps typing fast: main hears it on the socket and the page
  // has it at once (isTypedText). `after` orders the two ways in: main takes a key it is asked
  // about only after the typed keys sent before it.
  const keyUrl = `/key?token=${encodeURIComponent(params.get('token') ?? '')}`;
  let typedSent = 0;
  const onKey = (event: KeyboardEvent): void => {
    const input = keyInput(event);
    if (isTypedText(input)) {
      main.send({ channel: HarnessChannel.typed, args: [input] });
      typedSent++;
      return;
    }
    if (mainLetsPageHave(`${keyUrl}&after=${typedSent}`, input)) return;
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

  window.__ripcordHarness = state;
  // each pane offers its view; __ripcordTest is the focused pane's (the only one, in a window of one pane)
  const views = new Map<PaneId, RipcordTestView>();
  window.__ripcordTestHook = (view, pane) => {
    views.set(pane, view);
  };
  window.__ripcordTestPane = (pane) => views.get(pane);
  Object.defineProperty(window, '__ripcordTest', { configurable: true, get: () => views.get(focused ?? '') ?? [...views.values()][0] });
}

installElectronShim();
