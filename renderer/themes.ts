import type { ITheme } from '@xterm/xterm';

export type ColorScheme = 'dark' | 'light';
export type ThemeMode = 'system' | ColorScheme;

/** The colors of the window around the grid: panels, inputs, marks. CSS custom properties. */
export interface ChromeColors {
  panel: string;
  panelBorder: string;
  text: string;
  muted: string;
  input: string;
  inputBorder: string;
  focus: string;
  button: string;
  buttonText: string;
  success: string;
  failure: string;
  /** a warning's banner (VS Code's editorWarning colours) */
  warning: string;
  /** search matches: xterm's decorations take #RRGGBB only */
  match: string;
  activeMatch: string;
  activeMatchBorder: string;
}

export interface DesignedTheme {
  terminal: ITheme;
  chrome: ChromeColors;
}

// The ANSI palettes of VS Code's Dark+ and Light+ terminals: familiar, and tuned for the
// background beside them (the light palette darkens yellow, cyan and white to stay readable).
export const DARK_THEME: DesignedTheme = {
  terminal: {
    background: '#1e1e1e',
    foreground: '#cccccc',
    cursor: '#aeafad',
    cursorAccent: '#1e1e1e',
    selectionBackground: '#264f78',
    selectionInactiveBackground: '#3a3d41',
    scrollbarSliderBackground: 'rgba(121, 121, 121, 0.4)',
    scrollbarSliderHoverBackground: 'rgba(100, 100, 100, 0.7)',
    scrollbarSliderActiveBackground: 'rgba(191, 191, 191, 0.4)',
    overviewRulerBorder: '#1e1e1e',
    black: '#000000',
    red: '#cd3131',
    green: '#0dbc79',
    yellow: '#e5e510',
    blue: '#2472c8',
    magenta: '#bc3fbc',
    cyan: '#11a8cd',
    white: '#e5e5e5',
    brightBlack: '#666666',
    brightRed: '#f14c4c',
    brightGreen: '#23d18b',
    brightYellow: '#f5f543',
    brightBlue: '#3b8eea',
    brightMagenta: '#d670d6',
    brightCyan: '#29b8db',
    brightWhite: '#e5e5e5',
  },
  chrome: {
    panel: '#252526',
    panelBorder: '#454545',
    text: '#cccccc',
    muted: '#9d9d9d',
    input: '#3c3c3c',
    inputBorder: '#5a5a5a',
    focus: '#007fd4',
    button: '#0e639c',
    buttonText: '#ffffff',
    success: '#3fb950',
    failure: '#f14c4c',
    warning: '#cca700',
    match: '#623315',
    activeMatch: '#9e6a03',
    activeMatchBorder: '#f0b400',
  },
};

export const LIGHT_THEME: DesignedTheme = {
  terminal: {
    background: '#ffffff',
    foreground: '#333333',
    cursor: '#000000',
    cursorAccent: '#ffffff',
    selectionBackground: '#add6ff',
    selectionInactiveBackground: '#e5ebf1',
    scrollbarSliderBackground: 'rgba(100, 100, 100, 0.4)',
    scrollbarSliderHoverBackground: 'rgba(100, 100, 100, 0.7)',
    scrollbarSliderActiveBackground: 'rgba(0, 0, 0, 0.6)',
    overviewRulerBorder: '#ffffff',
    black: '#000000',
    red: '#cd3131',
    green: '#00bc00',
    yellow: '#949800',
    blue: '#0451a5',
    magenta: '#bc05bc',
    cyan: '#0598bc',
    white: '#555555',
    brightBlack: '#666666',
    brightRed: '#cd3131',
    brightGreen: '#14ce14',
    brightYellow: '#b5ba00',
    brightBlue: '#0451a5',
    brightMagenta: '#bc05bc',
    brightCyan: '#0598bc',
    brightWhite: '#a5a5a5',
  },
  chrome: {
    panel: '#f3f3f3',
    panelBorder: '#c8c8c8',
    text: '#333333',
    muted: '#6f6f6f',
    input: '#ffffff',
    inputBorder: '#cecece',
    focus: '#0090f1',
    button: '#007acc',
    buttonText: '#ffffff',
    success: '#388a34',
    failure: '#e51400',
    warning: '#bf8803',
    match: '#f8c9a0',
    activeMatch: '#f2b84b',
    activeMatchBorder: '#b87800',
  },
};

/** The scheme in use: the settings' choice, or the system's when they leave it to the system. */
export function colorScheme(mode: ThemeMode, systemPrefersLight: boolean): ColorScheme {
  if (mode !== 'system') return mode;
  return systemPrefersLight ? 'light' : 'dark';
}

/** The designed theme of `scheme` with the settings' colors laid over it, key by key. */
export function terminalTheme(scheme: ColorScheme, overrides: Readonly<Record<string, string>>): ITheme {
  return { ...(scheme === 'light' ? LIGHT_THEME : DARK_THEME).terminal, ...overrides };
}

export function chromeColors(scheme: ColorScheme): ChromeColors {
  return (scheme === 'light' ? LIGHT_THEME : DARK_THEME).chrome;
}
