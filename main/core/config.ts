// The settings: their types and defaults. Their JSON Schema is config-schema.ts, the check of
// a settings file against it config-validation.ts.
import { DEFAULT_DEBOUNCE_MS, DEFAULT_INTERVAL_MS } from './ctrl-c-state';
import { DEFAULT_EXIT_COMMANDS } from './exit-line-tracker';
import { DEFAULT_KILL_GRACE_MS } from './kill-grace';
import type { Profile } from './profiles';
import type { Keybindings } from './actions';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The xterm.js ITheme colors a user may set; unset colors keep xterm's defaults. */
export const THEME_COLOR_KEYS = [
  'background',
  'foreground',
  'cursor',
  'cursorAccent',
  'selectionBackground',
  'selectionForeground',
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'brightBlack',
  'brightRed',
  'brightGreen',
  'brightYellow',
  'brightBlue',
  'brightMagenta',
  'brightCyan',
  'brightWhite',
] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];
export type ThemeColors = Partial<Record<ThemeColorKey, string>>;
/** "system" follows the OS's light or dark preference; "dark" and "light" pick one designed theme. */
export const THEME_MODES = ['system', 'dark', 'light'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export interface RipcordConfig {
  /** program to run; undefined = $SHELL, else /bin/sh */
  shell?: string;
  args: string[];
  /** undefined = the home directory */
  cwd?: string;
  env: Record<string, string>;
  exitCommands: string[];
  /** inject OSC 133 marks and the exit-command hook into bash, zsh and fish */
  shellIntegration: boolean;
  doublePressWindowMs: number;
  debounceMs: number;
  killGraceMs: number;
  /** Electron accelerator; null = no global shortcut */
  globalShortcut: string | null;
  fontFamily: string;
  fontSize: number;
  theme: ThemeColors;
  themeMode: ThemeMode;
  /** xterm's minimumContrastRatio: text is lightened or darkened to reach it; 1 = off */
  minimumContrastRatio: number;
  scrollback: number;
  copyOnSelect: boolean;
  /** xterm's screen-reader mode: the rows as an accessibility tree, output announced */
  screenReaderMode: boolean;
  allowClipboardWrite: boolean;
  logLevel: LogLevel;
  /** keep each session's output on disk (asciicast v2, see docs/see-stop-keep.md) */
  transcripts: boolean;
  /** with several panes, a double Ctrl+C closes the focused pane ("pane") or quits the app ("app") */
  doubleCtrlC: DoubleCtrlC;
  /** the most panes a window holds (tabs and splits together) */
  maxPanes: number;
  /** a pane whose program ended by itself closes at once (true), or shows how it ended until the next key (false) */
  closeEndedPanes: boolean;
  /** panes without the keys draw their output in turns (renderer/output-queue.ts UnfocusedPacer) */
  paceBackgroundPanes: boolean;
  /** named programs a tab can run instead of `shell` (main/core/profiles.ts) */
  profiles: Record<string, Profile>;
  /** the profile of the first tab and every new one; undefined = the `shell` setting */
  defaultProfile?: string;
  /** the last layout's tabs, splits, profiles and folders come back at the next start, with new sessions */
  restoreLayout: boolean;
  /** the action table's keys rebound: an action's one key, or null for none (main/core/actions.ts) */
  keybindings: Keybindings;
}

/** What a double Ctrl+C ends when a window has several panes (with one, it quits the app either way). */
export const DOUBLE_CTRL_C_SCOPES = ['pane', 'app'] as const;
export type DoubleCtrlC = (typeof DOUBLE_CTRL_C_SCOPES)[number];

export interface ConfigProblem {
  /** dotted path of the offending key, e.g. "theme.background" */
  key: string;
  message: string;
}

// WCAG AA for normal text, VS Code's terminal default.
const DEFAULT_MINIMUM_CONTRAST_RATIO = 4.5;

export const DEFAULT_CONFIG: RipcordConfig = {
  args: [],
  env: {},
  exitCommands: [...DEFAULT_EXIT_COMMANDS],
  shellIntegration: true,
  doublePressWindowMs: DEFAULT_INTERVAL_MS,
  debounceMs: DEFAULT_DEBOUNCE_MS,
  killGraceMs: DEFAULT_KILL_GRACE_MS,
  globalShortcut: 'CommandOrControl+Alt+Q',
  fontFamily: 'monospace',
  fontSize: 14,
  theme: {},
  themeMode: 'system',
  minimumContrastRatio: DEFAULT_MINIMUM_CONTRAST_RATIO,
  scrollback: 10_000,
  copyOnSelect: false,
  screenReaderMode: false,
  allowClipboardWrite: false,
  logLevel: 'info',
  transcripts: true,
  doubleCtrlC: 'pane',
  // far more than a screen shows usefully; each idle pane is a shell, a pty and a terminal's memory
  maxPanes: 32,
  closeEndedPanes: false,
  paceBackgroundPanes: true,
  profiles: {},
  restoreLayout: false,
  keybindings: {},
};

/** Word written instead of null to switch the global shortcut off. */
export const SHORTCUT_OFF = 'off';
