// The bridge of DESIGN §7: contextBridge exposes named functions only — the page never gets
// ipcRenderer, so it can send nothing but these messages (and main checks each one anyway).
// Sandbox-compatible: a sandboxed preload may require nothing but 'electron'; the contract is bundled.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { inputPieces } from '../contracts/renderer-checks';
import { IpcChannel, type EventChannel, type EventValues, type HintState, type ProcessView, type RendererSettings, type RipcordApi, type SessionEnd, type SessionNotice, type StopOutcome, type Unsubscribe } from '../contracts/renderer';

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
    ipcRenderer.send(IpcChannel.ack, chars);
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
  onData: (listener: (data: string) => void) => subscribe(IpcChannel.data, listener),
  onHint: (listener: (hint: HintState) => void) => subscribe(IpcChannel.hint, listener),
  onExit: (listener: (end: SessionEnd) => void) => subscribe(IpcChannel.exit, listener),
  onFlush: (listener: () => void) => subscribe(IpcChannel.flush, listener),
  onHold: (listener: (holding: boolean) => void) => subscribe(IpcChannel.hold, (holding: unknown) => listener(holding === true)),
  stopJob(): void {
    ipcRenderer.send(IpcChannel.stopJob);
  },
  stopProcess(pid: number): void {
    ipcRenderer.send(IpcChannel.stopProcess, pid);
  },
  watchProcesses(open: boolean): void {
    ipcRenderer.send(IpcChannel.watchProcesses, open);
  },
  onProcesses: (listener: (view: ProcessView) => void) => subscribe(IpcChannel.processes, listener),
  onProcessCount: (listener: (count: number) => void) => subscribe(IpcChannel.processCount, listener),
  onStopOutcome: (listener: (outcome: StopOutcome) => void) => subscribe(IpcChannel.stopOutcome, listener),
  onToggleProcesses: (listener: () => void) => subscribe(IpcChannel.toggleProcesses, listener),
  onNotice: (listener: (notice: SessionNotice) => void) => subscribe(IpcChannel.notice, listener),
};

contextBridge.exposeInMainWorld('ripcord', api);
