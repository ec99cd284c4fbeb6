// The bridge of DESIGN §7: contextBridge exposes named functions only — the page never gets
// ipcRenderer, so it can send nothing but these messages (and main checks each one anyway).
// Sandbox-compatible: a sandboxed preload may require nothing but 'electron'; the contract is bundled.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { checkedProgramName, inputPieces } from '../contracts/renderer-checks';
import {
  IpcChannel,
  type EventArgs,
  type EventChannel,
  type RendererSettings,
  type RipcordApi,
  type ScreenRequestChannel,
  type Unsubscribe,
} from '../contracts/renderer';
import type { PaneAction, PaneId } from '../contracts/panes';

/**
 * The page's screen: the session host's events and the page's acks and process-view requests,
 * over the MessagePort main hands over (IpcChannel.screen), so they never wait on main's thread.
 * Requests before the port arrives wait for it.
 */
class Screen {
  private port: MessagePort | undefined;
  private outbox: unknown[] = [];
  private readonly listeners = new Map<string, Set<(args: unknown[]) => void>>();

  use(port: MessagePort): void {
    this.port?.close();
    this.port = port;
    port.onmessage = (event: MessageEvent) => {
      const { channel, args } = (event.data ?? {}) as { channel?: unknown; args?: unknown };
      if (typeof channel !== 'string' || !Array.isArray(args)) return;
      for (const listener of this.listeners.get(channel) ?? []) listener(args);
    };
    for (const message of this.outbox.splice(0)) port.postMessage(message);
  }

  request(channel: ScreenRequestChannel, ...args: unknown[]): void {
    const message = { channel, args };
    if (this.port) this.port.postMessage(message);
    else this.outbox.push(message);
  }

  subscribe<C extends EventChannel>(channel: C, listener: (...args: EventArgs[C]) => void): Unsubscribe {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    const forward = (args: unknown[]): void => listener(...(args as EventArgs[C]));
    set.add(forward);
    return () => {
      set.delete(forward);
    };
  }
}

const screen = new Screen();
ipcRenderer.on(IpcChannel.screen, (event: IpcRendererEvent) => {
  const [port] = event.ports;
  if (port) screen.use(port);
});

function subscribe<C extends EventChannel>(channel: C, listener: (...args: EventArgs[C]) => void): Unsubscribe {
  const forward = (_event: IpcRendererEvent, ...args: unknown[]): void => listener(...(args as EventArgs[C]));
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
}

/** Notices come from main (the session host's state, a closed tab) and from the host (a missing container); holds too (onHold). */
function fromBoth<C extends EventChannel>(channel: C, listener: (...args: EventArgs[C]) => void): Unsubscribe {
  const fromMain = subscribe(channel, listener);
  const fromHost = screen.subscribe(channel, listener);
  return () => {
    fromMain();
    fromHost();
  };
}

const api: RipcordApi = {
  input(pane: PaneId, data: string): void {
    // each IPC message stays small; main's per-message bound (MAX_INPUT_CHARS, larger) is never hit
    for (const piece of inputPieces(data)) ipcRenderer.send(IpcChannel.input, pane, piece);
  },
  resize(pane: PaneId, cols: number, rows: number): void {
    ipcRenderer.send(IpcChannel.resize, pane, cols, rows);
  },
  ack(pane: PaneId, chars: number): void {
    screen.request(IpcChannel.ack, pane, chars);
  },
  openLink(url: string): void {
    ipcRenderer.send(IpcChannel.openLink, url);
  },
  paste(): void {
    ipcRenderer.send(IpcChannel.paste);
  },
  getSettings(): Promise<RendererSettings> {
    return ipcRenderer.invoke(IpcChannel.getSettings) as Promise<RendererSettings>;
  },
  openSettings(): void {
    ipcRenderer.send(IpcChannel.openSettings);
  },
  readSettingsFile(): void {
    ipcRenderer.send(IpcChannel.readSettingsFile);
  },
  editSetting(key: string, value: unknown): void {
    // a removal sends the key alone: IPC cannot carry undefined
    if (value === undefined) ipcRenderer.send(IpcChannel.editSetting, key);
    else ipcRenderer.send(IpcChannel.editSetting, key, value);
  },
  onSettingsFile: (listener) => subscribe(IpcChannel.settingsFile, listener),
  paneAction(action: PaneAction): void {
    ipcRenderer.send(IpcChannel.paneAction, action);
  },
  watchSignals(open: boolean): void {
    ipcRenderer.send(IpcChannel.watchSignals, open);
  },
  onSignals: (listener) => subscribe(IpcChannel.signals, listener),
  onSettings: (listener) => subscribe(IpcChannel.settings, listener),
  onLayout: (listener) => subscribe(IpcChannel.layout, listener),
  onData: (listener) => screen.subscribe(IpcChannel.data, listener),
  onHint: (listener) => screen.subscribe(IpcChannel.hint, listener),
  // a start failure comes from main; a pane's end too
  onExit: (listener) => subscribe(IpcChannel.exit, listener),
  onFlush: (listener) => screen.subscribe(IpcChannel.flush, (pane, press) => listener(pane, press)),
  // main holds at the key, the host ends a hold without a cut: two channels, which nothing orders (DESIGN §6)
  onHold: (listener) => fromBoth(IpcChannel.hold, (pane, holding, press) => listener(pane, holding === true, press)),
  stopJob(pane: PaneId): void {
    screen.request(IpcChannel.stopJob, pane);
  },
  stopProcess(pane: PaneId, pid: number): void {
    screen.request(IpcChannel.stopProcess, pane, pid);
  },
  watchProcesses(pane: PaneId, open: boolean): void {
    screen.request(IpcChannel.watchProcesses, pane, open);
  },
  onProcesses: (listener) => screen.subscribe(IpcChannel.processes, listener),
  onProcessCount: (listener) => screen.subscribe(IpcChannel.processCount, listener),
  // a name that is not one short line of text is dropped: it becomes a tab's title
  onForeground: (listener) =>
    screen.subscribe(IpcChannel.foreground, (pane, program) => {
      const name = checkedProgramName(program);
      if (name !== undefined) listener(pane, name);
    }),
  onStopOutcome: (listener) => screen.subscribe(IpcChannel.stopOutcome, listener),
  onToggleProcesses: (listener) => subscribe(IpcChannel.toggleProcesses, listener),
  onNotice: (listener) => fromBoth(IpcChannel.notice, listener),
};

contextBridge.exposeInMainWorld('ripcord', api);
