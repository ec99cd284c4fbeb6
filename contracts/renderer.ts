// The contract between the page (renderer/) and its host — the desktop's main process over IPC
// through the preload, or the browser harness over its WebSocket (e2e/harness/harness-socket.ts): the
// page's API, its payloads, the channel names and what each channel carries (a window's tabs and
// panes: ./panes.ts). The bounds and the
// checks the host runs on everything the page sends are ./renderer-checks.ts. Named functions
// only: the page never sees ipcRenderer.

import type { PaneAction, PaneId, WindowLayout } from './panes';
import type { ProfileEntry, SettingsFileState } from './settings-screen';

/** Settings the renderer needs from the config file. */
export interface RendererSettings {
  fontFamily: string;
  fontSize: number;
  /** colors over the designed theme (xterm ITheme keys) */
  theme: Record<string, string>;
  /** "system" follows prefers-color-scheme */
  themeMode: 'system' | 'dark' | 'light';
  minimumContrastRatio: number;
  scrollback: number;
  copyOnSelect: boolean;
  screenReaderMode: boolean;
  allowClipboardWrite: boolean;
  /** the renderer acknowledges parsed output every this many chars (DESIGN §6) */
  ackEveryChars: number;
  /** config problems to show once in the window ("FILE: key: problem") */
  problems: string[];
  /** the settings file on disk (named once in the problems' banner and the start failure) */
  settingsFile: string;
  /** with several panes, what a double Ctrl+C ends: the hint says so */
  doubleCtrlC: 'pane' | 'app';
  /** panes without the keys draw their output in turns */
  paceBackgroundPanes: boolean;
  /** the settings' profiles, in the file's order: "New tab with profile…" offers them */
  profiles: ProfileEntry[];
  /** the profile new tabs run; none: the `shell` setting */
  defaultProfile?: string;
  /** the settings' keybindings, checked (main/core/actions.ts): an action's id and its key, or null for none */
  keybindings: Record<string, string | null>;
}

/** The double-press hint: shown after a cancel for the rest of the window. */
export interface HintState {
  visible: boolean;
  remainingMs: number;
  /** the cancelled job is still running: the hint offers the stop-job key */
  jobStillRunning?: boolean;
  /** what a second press ends, by name: the program holding the terminal and how many other processes of the session */
  ends?: { program: string; others: number };
}

/** One process of the session, as the process view shows it (also `ripcord ps --json`). */
export interface ProcessRow {
  pid: number;
  ppid: number;
  pgrp: number;
  /** depth in the session's tree (0 = the root or a process whose parent left the session) */
  depth: number;
  /** one-letter state of /proc/<pid>/stat: R, S, D, T, ... */
  state: string;
  /** share of one CPU since the previous sample (0 on the first) */
  cpuPercent: number;
  rssKb: number;
  runningMs: number;
  /** signal names (INT, TERM, ...) from /proc/<pid>/status SigIgn / SigBlk / SigCgt */
  ignores: string[];
  blocks: string[];
  catches: string[];
  /** what it does with HUP/INT/QUIT/TERM in words: "ignores INT TERM, catches HUP" */
  signals: string;
  command: string;
  /** a member of the job holding the terminal (not the root's own group) */
  foreground: boolean;
}

export interface ProcessView {
  sessionPid: number;
  /** process group holding the terminal when it is not the root's; null when the root holds it */
  foregroundPgrp: number | null;
  rows: ProcessRow[];
  /** the session's transcript file, when transcripts are on */
  transcript: string | null;
}

/**
 * The window's live view of signal handling (`ripcord stats --follow` in the window): the log's
 * lines since the last update — each press and decision, cancel answer, exit stage, dead session
 * and watchdog stall, with running medians — beside main's event-loop delay and the session
 * host's silence, while the view is open.
 */
export interface SignalsView {
  /** new lines, oldest first (at most MAX_SIGNALS_LINES per update) */
  lines: string[];
  /** the p99 of main's event-loop delay since the last update, ms */
  mainLoopP99Ms: number;
  /** ms since the session host was last heard (its heartbeat is every second) */
  hostSilentMs: number;
}

/** What a stop request did, in words for the user. */
export interface StopOutcome {
  ok: boolean;
  message: string;
}

/**
 * How a notice is shown (renderer/notices.ts): information (a tab closed, a job stopped) as a
 * toast that goes by itself; a warning (a bad setting, no container) and an error (the session
 * host ended) as a banner of its own colour until dismissed.
 */
export type NoticeLevel = 'info' | 'warning' | 'error';

/** Something the window tells the user once: one notice for the window, however many panes sent it. */
export interface SessionNotice {
  level: NoticeLevel;
  title: string;
  lines: string[];
}

export interface SessionEnd {
  exitCode: number;
  /** human-readable reason, e.g. a spawn error; shown in the window */
  message?: string;
  /** the program could not start: the window's start-failure panel says why (message) and the ways on, with nothing behind it */
  startFailed?: boolean;
  /** one of several panes, whose program ended by itself: it stays, showing this, until a key closes it */
  closesOnKey?: boolean;
  /** the session's transcript directory (`ripcord last` shows it), when transcripts are on */
  transcript?: string;
}

/**
 * One key event as the host sees it before the page does: the fields of Electron's `Input`
 * (before-input-event) that the key entry reads (main/desktop/key-entry.ts). The browser
 * harness's page builds it from a KeyboardEvent.
 */
export interface KeyInput {
  /** 'keyDown' or 'keyUp' ('rawKeyDown': Chromium's first key-down, as Electron may report it) */
  type: string;
  /** the character or key name the layout produces (KeyboardEvent.key) */
  key: string;
  /** the physical key (KeyboardEvent.code) */
  code: string;
  control: boolean;
  shift: boolean;
  alt: boolean;
  meta: boolean;
  isAutoRepeat: boolean;
}

export type Unsubscribe = () => void;

/**
 * The page's side: what the preload (or the harness's page script) exposes as window.ripcord —
 * the window's. What concerns one pane names it (PaneId first); renderer/pane-api.ts gives each
 * pane its own view of it.
 */
export interface RipcordApi {
  /** keystrokes and pastes, exactly as the pane's xterm onData gives them */
  input(pane: PaneId, data: string): void;
  resize(pane: PaneId, cols: number, rows: number): void;
  /** chars of the pane's output xterm has parsed (called from the write callback) */
  ack(pane: PaneId, chars: number): void;
  /** open an http(s) link in the system browser */
  openLink(url: string): void;
  /**
   * paste the clipboard into the focused terminal (the context menu's Paste): the host makes the
   * page paste as Ctrl+Shift+V does, so the page needs no clipboard-read permission
   */
  paste(): void;
  getSettings(): Promise<RendererSettings>;
  /** open the settings file (RendererSettings.settingsFile) in the system's editor for it */
  openSettings(): void;
  /** the settings screen asks for the file's fields, values and problems (onSettingsFile answers) */
  readSettingsFile(): void;
  /** the settings screen sets one key of the file (value undefined: removes it); onSettingsFile answers */
  editSetting(key: string, value: unknown): void;
  /** the settings file as the screen shows it, with the answer to its last edit */
  onSettingsFile(listener: (state: SettingsFileState) => void): Unsubscribe;
  /** what the mouse did to the tabs and panes; main decides and sends the layout */
  paneAction(action: PaneAction): void;
  /** the window's signal-handling view open (true: an update every SIGNALS_UPDATE_MS) or closed (false: nothing runs for it) */
  watchSignals(open: boolean): void;
  onSignals(listener: (view: SignalsView) => void): Unsubscribe;
  /** the settings file was edited: the settings now in force, with the edit's problems (none: a fixed file) */
  onSettings(listener: (settings: RendererSettings) => void): Unsubscribe;
  /** the window's tabs and panes, and which has the focus: on every change, the first before any pane's event */
  onLayout(listener: (layout: WindowLayout) => void): Unsubscribe;
  onData(listener: (pane: PaneId, data: string) => void): Unsubscribe;
  onHint(listener: (pane: PaneId, hint: HintState) => void): Unsubscribe;
  onExit(listener: (pane: PaneId, end: SessionEnd) => void): Unsubscribe;
  /**
   * The program was interrupted and the kernel dropped its queued output: output the screen
   * still holds unparsed from before this point may be dropped too (DESIGN §6). From the session
   * host, with the last key press it has heard of (`press`): it answers that press and every one before.
   */
  onFlush(listener: (pane: PaneId, press: number) => void): Unsubscribe;
  /**
   * true, from main at the key event of the pane's Ctrl+C press number `press` (1, 2, …): output
   * the screen still holds unparsed may be dropped by the cut's flush — no need to parse it
   * meanwhile; a hold whose press was already answered (flush or false, `press` or later) came
   * late and means nothing. false, from the session host: press `press` (and every one before)
   * ended without a cut; everything received is to be shown. DESIGN §6.
   */
  onHold(listener: (pane: PaneId, holding: boolean, press: number) => void): Unsubscribe;
  /** stop the pane's foreground job (staged kill of its group and descendants); the shell stays */
  stopJob(pane: PaneId): void;
  /** stop one process of the pane's session and its descendants */
  stopProcess(pane: PaneId, pid: number): void;
  /** the pane's process view open (true: a view every second) or closed (false: none) */
  watchProcesses(pane: PaneId, open: boolean): void;
  onProcesses(listener: (pane: PaneId, view: ProcessView) => void): Unsubscribe;
  /** how many processes the pane's session has, every few seconds */
  onProcessCount(listener: (pane: PaneId, count: number) => void): Unsubscribe;
  /** the program holding the pane's terminal (its name: `top`, `bash`), when it changes; polled with the count */
  onForeground(listener: (pane: PaneId, program: string) => void): Unsubscribe;
  onStopOutcome(listener: (pane: PaneId, outcome: StopOutcome) => void): Unsubscribe;
  /** the app menu asks to open or close the focused pane's process view */
  onToggleProcesses(listener: (pane: PaneId) => void): Unsubscribe;
  /** the pane's session says something the user must know (DESIGN §4: no silent downgrade) */
  onNotice(listener: (pane: PaneId, notice: SessionNotice) => void): Unsubscribe;
}

/** The host's side: the page's requests, once checked (handleRequest). */
export interface IpcTarget {
  input(pane: PaneId, data: string): void;
  resize(pane: PaneId, cols: number, rows: number): void;
  openLink(url: string): void;
  paste(): void;
  getSettings(): RendererSettings;
  openSettings(): void;
  readSettingsFile(): void;
  editSetting(key: string, value: unknown): void;
  paneAction(action: PaneAction): void;
  watchSignals(open: boolean): void;
}

/**
 * What the page asks of one pane's screen source — the session host, over a MessagePort
 * (desktop) or its own WebSocket (harness) — so that its acks and the process view never wait
 * on main. On the wire each request names its pane first.
 */
export interface ScreenTarget {
  ack(chars: number): void;
  stopJob(): void;
  stopProcess(pid: number): void;
  watchProcesses(open: boolean): void;
}

/** The channel of each request (page → host) and event (host → page). */
export const IpcChannel = {
  input: 'ripcord:input',
  resize: 'ripcord:resize',
  ack: 'ripcord:ack',
  openLink: 'ripcord:open-link',
  paste: 'ripcord:paste',
  getSettings: 'ripcord:get-settings',
  openSettings: 'ripcord:open-settings',
  paneAction: 'ripcord:pane-action',
  readSettingsFile: 'ripcord:read-settings-file',
  editSetting: 'ripcord:edit-setting',
  settingsFile: 'ripcord:settings-file',
  watchSignals: 'ripcord:watch-signals',
  signals: 'ripcord:signals',
  settings: 'ripcord:settings',
  layout: 'ripcord:layout',
  data: 'ripcord:data',
  hint: 'ripcord:hint',
  exit: 'ripcord:exit',
  flush: 'ripcord:flush',
  hold: 'ripcord:hold',
  stopJob: 'ripcord:stop-job',
  stopProcess: 'ripcord:stop-process',
  watchProcesses: 'ripcord:watch-processes',
  processes: 'ripcord:processes',
  processCount: 'ripcord:process-count',
  foreground: 'ripcord:foreground',
  stopOutcome: 'ripcord:stop-outcome',
  toggleProcesses: 'ripcord:toggle-processes',
  notice: 'ripcord:notice',
  /** main → page (desktop): the MessagePort of the page's screen, from the session host */
  screen: 'ripcord:screen',
} as const;

/** The page's requests to main; getSettings is the one that is answered (an invoke). */
export const REQUEST_CHANNELS = [
  IpcChannel.input,
  IpcChannel.resize,
  IpcChannel.openLink,
  IpcChannel.paste,
  IpcChannel.getSettings,
  IpcChannel.openSettings,
  IpcChannel.readSettingsFile,
  IpcChannel.editSetting,
  IpcChannel.paneAction,
  IpcChannel.watchSignals,
] as const;
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

/** The page's requests to its screen's source (ScreenTarget), each with its pane first. */
export const SCREEN_REQUEST_CHANNELS = [IpcChannel.ack, IpcChannel.stopJob, IpcChannel.stopProcess, IpcChannel.watchProcesses] as const;
export type ScreenRequestChannel = (typeof SCREEN_REQUEST_CHANNELS)[number];

/** What the host sends the page on each event channel: the arguments of one message (a pane's events name it first). */
export interface EventArgs {
  [IpcChannel.settings]: [RendererSettings];
  [IpcChannel.settingsFile]: [SettingsFileState];
  [IpcChannel.layout]: [WindowLayout];
  [IpcChannel.data]: [PaneId, string];
  [IpcChannel.hint]: [PaneId, HintState];
  [IpcChannel.exit]: [PaneId, SessionEnd];
  [IpcChannel.flush]: [PaneId, number];
  [IpcChannel.hold]: [PaneId, boolean, number];
  [IpcChannel.processes]: [PaneId, ProcessView];
  [IpcChannel.processCount]: [PaneId, number];
  [IpcChannel.foreground]: [PaneId, string];
  [IpcChannel.stopOutcome]: [PaneId, StopOutcome];
  [IpcChannel.toggleProcesses]: [PaneId];
  [IpcChannel.notice]: [PaneId, SessionNotice];
  [IpcChannel.signals]: [SignalsView];
  [IpcChannel.screen]: [null];
}
export type EventChannel = keyof EventArgs;

const EVENT_CHANNELS: readonly string[] = Object.values(IpcChannel).filter(
  (channel) =>
    !(REQUEST_CHANNELS as readonly string[]).includes(channel) && !(SCREEN_REQUEST_CHANNELS as readonly string[]).includes(channel),
);

export function isEventChannel(channel: string): channel is EventChannel {
  return EVENT_CHANNELS.includes(channel);
}

export function isRequestChannel(channel: unknown): channel is RequestChannel {
  return (REQUEST_CHANNELS as readonly unknown[]).includes(channel);
}

export function isScreenRequestChannel(channel: unknown): channel is ScreenRequestChannel {
  return (SCREEN_REQUEST_CHANNELS as readonly unknown[]).includes(channel);
}

declare global {
  interface Window {
    ripcord: RipcordApi;
  }
}
