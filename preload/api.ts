// The contract between the renderer and the host (Electron preload, or the browser harness's
// WebSocket bridge). Named functions only: the renderer never sees ipcRenderer.

/** Settings the renderer needs from the config file. */
export interface RendererSettings {
  fontFamily: string;
  fontSize: number;
  theme: { background?: string; foreground?: string; cursor?: string; selectionBackground?: string };
  scrollback: number;
  copyOnSelect: boolean;
  allowClipboardWrite: boolean;
  /** the renderer acknowledges parsed output every this many chars (DESIGN §6) */
  ackEveryChars: number;
  /** config problems to show once in the window ("FILE: key: problem") */
  problems: string[];
}

/** The double-press hint: shown after a cancel for the rest of the window. */
export interface HintState {
  visible: boolean;
  remainingMs: number;
}

export interface SessionEnd {
  exitCode: number;
  /** human-readable reason, e.g. a spawn error; shown in the window */
  message?: string;
}

export type Unsubscribe = () => void;

export interface RipcordApi {
  /** keystrokes and pastes, exactly as xterm's onData gives them */
  input(data: string): void;
  resize(cols: number, rows: number): void;
  /** chars of output xterm has parsed (called from the write callback) */
  ack(chars: number): void;
  /** open an http(s) link in the system browser */
  openLink(url: string): void;
  getSettings(): Promise<RendererSettings>;
  onData(listener: (data: string) => void): Unsubscribe;
  onHint(listener: (hint: HintState) => void): Unsubscribe;
  onExit(listener: (end: SessionEnd) => void): Unsubscribe;
  /**
   * The program was interrupted and the kernel dropped its queued output: output the screen
   * still holds unparsed from before this point may be dropped too (DESIGN §6).
   */
  onFlush(listener: () => void): Unsubscribe;
}

/** IPC channel names, shared by preload and main/electron. */
export const IpcChannel = {
  input: 'ripcord:input',
  resize: 'ripcord:resize',
  ack: 'ripcord:ack',
  openLink: 'ripcord:open-link',
  getSettings: 'ripcord:get-settings',
  data: 'ripcord:data',
  hint: 'ripcord:hint',
  exit: 'ripcord:exit',
  flush: 'ripcord:flush',
} as const;

declare global {
  interface Window {
    ripcord: RipcordApi;
  }
}
