// One pane's view of the window's API (contracts/renderer.ts): what a terminal asks and hears,
// without pane ids. The router subscribes to the window's events once and hands each pane its
// own; what comes for a pane before it listens waits for it, as an IPC queue would keep it, and
// what comes for a closed pane is dropped.
import type { PaneId } from '../contracts/panes';
import type {
  HintState,
  ProcessView,
  RendererSettings,
  RipcordApi,
  SessionEnd,
  SessionNotice,
  StopOutcome,
  Unsubscribe,
} from '../contracts/renderer';

/** What one pane's terminal and overlays ask of the host and hear from it. */
export interface PaneApi {
  input(data: string): void;
  resize(cols: number, rows: number): void;
  ack(chars: number): void;
  openLink(url: string): void;
  paste(): void;
  stopJob(): void;
  stopProcess(pid: number): void;
  watchProcesses(open: boolean): void;
  /** a click in the pane: main moves the keys here */
  focused(): void;
  /** the settings file in the user's editor (the start failure's "Open settings") */
  openSettings(): void;
  /** the start failure's "Close": the pane goes (the window's only one: as the window's close) */
  close(): void;
  onSettings(listener: (settings: RendererSettings) => void): Unsubscribe;
  onData(listener: (data: string) => void): Unsubscribe;
  onHint(listener: (hint: HintState) => void): Unsubscribe;
  onExit(listener: (end: SessionEnd) => void): Unsubscribe;
  onFlush(listener: (press: number) => void): Unsubscribe;
  onHold(listener: (holding: boolean, press: number) => void): Unsubscribe;
  onProcesses(listener: (view: ProcessView) => void): Unsubscribe;
  onProcessCount(listener: (count: number) => void): Unsubscribe;
  onForeground(listener: (program: string) => void): Unsubscribe;
  onStopOutcome(listener: (outcome: StopOutcome) => void): Unsubscribe;
  onToggleProcesses(listener: () => void): Unsubscribe;
  onNotice(listener: (notice: SessionNotice) => void): Unsubscribe;
}

interface PaneEvents {
  settings: [RendererSettings];
  data: [string];
  hint: [HintState];
  exit: [SessionEnd];
  flush: [number];
  hold: [boolean, number];
  processes: [ProcessView];
  processCount: [number];
  foreground: [string];
  stopOutcome: [StopOutcome];
  toggleProcesses: [];
  notice: [SessionNotice];
}
type EventName = keyof PaneEvents;

/** One pane's listeners of one event, and what came before the first. */
class Buffered {
  readonly listeners = new Set<(args: unknown[]) => void>();
  backlog: unknown[][] = [];
}

export class PaneRouter {
  private readonly panes = new Map<PaneId, Map<EventName, Buffered>>();
  private readonly closed = new Set<PaneId>();

  constructor(private readonly api: RipcordApi) {
    api.onData((pane, data) => this.emit(pane, 'data', [data]));
    api.onHint((pane, hint) => this.emit(pane, 'hint', [hint]));
    api.onExit((pane, end) => this.emit(pane, 'exit', [end]));
    api.onFlush((pane, press) => this.emit(pane, 'flush', [press]));
    api.onHold((pane, holding, press) => this.emit(pane, 'hold', [holding, press]));
    api.onProcesses((pane, view) => this.emit(pane, 'processes', [view]));
    api.onProcessCount((pane, count) => this.emit(pane, 'processCount', [count]));
    api.onForeground((pane, program) => this.emit(pane, 'foreground', [program]));
    api.onStopOutcome((pane, outcome) => this.emit(pane, 'stopOutcome', [outcome]));
    api.onToggleProcesses((pane) => this.emit(pane, 'toggleProcesses', []));
    api.onNotice((pane, notice) => this.emit(pane, 'notice', [notice]));
    // the window's settings reach every open pane, and none that closed (a new pane starts with the window's)
    api.onSettings((settings) => {
      for (const pane of this.panes.keys()) for (const listener of this.event(pane, 'settings').listeners) listener([settings]);
    });
  }

  /** The pane's view of the API. */
  pane(pane: PaneId): PaneApi {
    const { api } = this;
    const on = <E extends EventName>(name: E, listener: (...args: PaneEvents[E]) => void): Unsubscribe =>
      this.subscribe(pane, name, listener as (...args: unknown[]) => void);
    return {
      input: (data) => api.input(pane, data),
      resize: (cols, rows) => api.resize(pane, cols, rows),
      ack: (chars) => api.ack(pane, chars),
      openLink: (url) => api.openLink(url),
      paste: () => api.paste(),
      stopJob: () => api.stopJob(pane),
      stopProcess: (pid) => api.stopProcess(pane, pid),
      watchProcesses: (open) => api.watchProcesses(pane, open),
      focused: () => api.paneAction({ kind: 'focus', pane }),
      openSettings: () => api.openSettings(),
      close: () => api.paneAction({ kind: 'close-pane', pane }),
      onSettings: (listener) => on('settings', listener),
      onData: (listener) => on('data', listener),
      onHint: (listener) => on('hint', listener),
      onExit: (listener) => on('exit', listener),
      onFlush: (listener) => on('flush', listener),
      onHold: (listener) => on('hold', listener),
      onProcesses: (listener) => on('processes', listener),
      onProcessCount: (listener) => on('processCount', listener),
      onForeground: (listener) => on('foreground', listener),
      onStopOutcome: (listener) => on('stopOutcome', listener),
      onToggleProcesses: (listener) => on('toggleProcesses', listener),
      onNotice: (listener) => on('notice', listener),
    };
  }

  /** The pane closed: its listeners go, and whatever still comes for it is dropped. */
  drop(pane: PaneId): void {
    this.panes.delete(pane);
    this.closed.add(pane);
  }

  private event(pane: PaneId, name: EventName): Buffered {
    const events = this.panes.get(pane) ?? new Map<EventName, Buffered>();
    this.panes.set(pane, events);
    const buffered = events.get(name) ?? new Buffered();
    events.set(name, buffered);
    return buffered;
  }

  private emit(pane: PaneId, name: EventName, args: unknown[]): void {
    if (this.closed.has(pane)) return;
    const buffered = this.event(pane, name);
    if (buffered.listeners.size === 0) buffered.backlog.push(args);
    for (const listener of buffered.listeners) listener(args);
  }

  private subscribe(pane: PaneId, name: EventName, listener: (...args: unknown[]) => void): Unsubscribe {
    const buffered = this.event(pane, name);
    const forward = (args: unknown[]): void => listener(...args);
    buffered.listeners.add(forward);
    const backlog = buffered.backlog;
    buffered.backlog = [];
    for (const args of backlog) forward(args);
    return () => buffered.listeners.delete(forward);
  }
}
