// The bridge of DESIGN §7: contextBridge exposes named functions only — the page never gets
// ipcRenderer, so it can send nothing but these messages (and main checks each one anyway).
// Sandbox-compatible: a sandboxed preload may require nothing but 'electron'; the contract is bundled.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { inputPieces } from '../contracts/renderer-checks';
import { IpcChannel, type EventChannel, type EventValues, type HintState, type ProcessView, type RendererSettings, type RipcordApi, type ScreenRequestChannel, type SessionEnd, type SessionNotice, type StopOutcome, type Unsubscribe } from '../contracts/renderer';

/**
 * The page's screen: the session host's events and the page's acks and process-view requests,
 * over the MessagePort main hands over (IpcChannel.screen), so they never wait on main's thread.
 * Requests before the port arrives wait for it.
 */
class Screen {
  private port: MessagePort | undefined;
  private outbox: unknown[] = [];
  private readonly listeners = new Map<string, Set<(value: unknown) => void>>();

  use(port: MessagePort): void {
    this.port?.close();
    this.port = port;
    port.onmessage = (event: MessageEvent) => {
      const { channel, args } = (event.data ?? {}) as { channel?: unknown; args?: unknown };
      if (typeof channel !== 'string' || !Array.isArray(args)) return;
      for (const listener of this.listeners.get(channel) ?? []) listener(args[0]);
    };
    for (const message of this.outbox.splice(0)) port.postMessage(message);
  }

  request(channel: ScreenRequestChannel, ...args: unknown[]): void {
    const message = { channel, args };
    if (this.port) this.port.postMessage(message);
    else this.outbox.push(message);
  }

  subscribe<C extends EventChannel>(channel: C, listener: (value: EventValues[C]) => void): Unsubscribe {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    const forward = (value: unknown): void => listener(value as EventValues[C]);
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

function subscribe<C extends EventChannel>(channel: C, listener: (value: EventValues[C]) => void): Unsubscribe {
  const forward = (_event: IpcRendererEvent, value: EventValues[C]): void => listener(value);
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
}

const api: RipcordApi = {
  input(data: string): void {
    // each IPC message stays small; main's per-message bound (MAX_INPUT_CHARS, larger) is never hit
    for (const piece of inputPieces(data)) ipcRenderer.send(IpcChannel.input, piece);
  },
  resize(cols: number, rows: number): void {
    ipcRenderer.send(IpcChannel.resize, cols, rows);
  },
  ack(chars: number): void {
    screen.request(IpcChannel.ack, chars);
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
  onSettings: (listener: (settings: RendererSettings) => void) => subscribe(IpcChannel.settings, listener),
  onData: (listener: (data: string) => void) => screen.subscribe(IpcChannel.data, listener),
  onHint: (listener: (hint: HintState) => void) => screen.subscribe(IpcChannel.hint, listener),
  onExit: (listener: (end: SessionEnd) => void) => subscribe(IpcChannel.exit, listener),
  onFlush: (listener: () => void) => screen.subscribe(IpcChannel.flush, () => listener()),
  onHold: (listener: (holding: boolean) => void) => screen.subscribe(IpcChannel.hold, (holding: unknown) => listener(holding === true)),
  stopJob(): void {
    screen.request(IpcChannel.stopJob);
  },
  stopProcess(pid: number): void {
    screen.request(IpcChannel.stopProcess, pid);
  },
  watchProcesses(open: boolean): void {
    screen.request(IpcChannel.watchProcesses, open);
  },
  onProcesses: (listener: (view: ProcessView) => void) => screen.subscribe(IpcChannel.processes, listener),
  onProcessCount: (listener: (count: number) => void) => screen.subscribe(IpcChannel.processCount, listener),
  onStopOutcome: (listener: (outcome: StopOutcome) => void) => screen.subscribe(IpcChannel.stopOutcome, listener),
  onToggleProcesses: (listener: () => void) => subscribe(IpcChannel.toggleProcesses, listener),
  // notices come from main (the session host's state) and from the host (a missing container)
  onNotice: (listener: (notice: SessionNotice) => void) => {
    const fromMain = subscribe(IpcChannel.notice, listener);
    const fromHost = screen.subscribe(IpcChannel.notice, listener);
    return () => {
      fromMain();
      fromHost();
    };
  },
};

contextBridge.exposeInMainWorld('ripcord', api);
