import type { Terminal } from '@xterm/xterm';
import { type ChromeColors, colorScheme, type ColorScheme, chromeColors, terminalTheme, type ThemeMode } from './themes';

/** The system's preference, which Electron feeds from the OS theme and Chromium from its own. */
const PREFERS_LIGHT = '(prefers-color-scheme: light)';

export interface ThemeSettings {
  themeMode: ThemeMode;
  /** colors over the designed theme */
  theme: Readonly<Record<string, string>>;
}

/** The chrome colors the stylesheets use (the match colors go to the search addon instead). */
const CSS_PROPERTIES: Partial<Record<keyof ChromeColors, string>> = {
  panel: '--ripcord-panel',
  panelBorder: '--ripcord-panel-border',
  text: '--ripcord-text',
  muted: '--ripcord-muted',
  input: '--ripcord-input',
  inputBorder: '--ripcord-input-border',
  focus: '--ripcord-focus',
  button: '--ripcord-button',
  buttonText: '--ripcord-button-text',
  success: '--ripcord-success',
  failure: '--ripcord-failure',
  warning: '--ripcord-warning',
};

/**
 * The window's colors: the designed dark or light theme (the system's choice unless the settings
 * make one), the settings' colors over it, in the terminal and in the page's custom properties.
 * Follows the system while it changes. One per window.
 */
export class WindowTheme {
  private settings: ThemeSettings;
  private current: ColorScheme = 'dark';
  private readonly media: MediaQueryList;

  constructor(
    private readonly terminal: Terminal,
    settings: ThemeSettings,
  ) {
    this.settings = settings;
    this.media = window.matchMedia(PREFERS_LIGHT);
    // for the pane's life: the desktop's light or dark setting changes while it is open
    this.media.addEventListener('change', this.onSchemeChange);
    this.update(settings);
  }

  /** The pane closed: its terminal follows the desktop's setting no more. */
  dispose(): void {
    this.media.removeEventListener('change', this.onSchemeChange);
  }

  private readonly onSchemeChange = (): void => this.apply();

  get chrome(): ChromeColors {
    return chromeColors(this.current);
  }

  /** New settings (at start, or edited while the window is open). */
  update(settings: ThemeSettings): void {
    this.settings = settings;
    this.apply();
  }

  private apply(): void {
    this.current = colorScheme(this.settings.themeMode, this.media.matches);
    const theme = terminalTheme(this.current, this.settings.theme);
    this.terminal.options.theme = theme;
    const root = document.documentElement;
    root.dataset.colorScheme = this.current;
    // native parts (form controls, panel scrollbars) follow the theme too
    root.style.colorScheme = this.current;
    root.style.setProperty('--ripcord-bg', theme.background ?? '');
    const chrome = this.chrome;
    for (const [key, property] of Object.entries(CSS_PROPERTIES)) root.style.setProperty(property, chrome[key as keyof ChromeColors]);
  }
}
