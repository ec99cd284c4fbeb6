import type { Terminal } from '@xterm/xterm';
import { type ChromeColors, colorScheme, type ColorScheme, chromeColors, terminalTheme, type ThemeMode } from './themes';

/** The system's preference, which Electron feeds from the OS theme and Chromium from its own. */
const PREFERS_LIGHT = '(prefers-color-scheme: light)';

export interface ThemeSettings {
  themeMode: ThemeMode;
  /** colors over the designed theme */
  theme: Readonly<Record<string, string>>;
}

const CHROME_PROPERTIES: Record<keyof ChromeColors, string | undefined> = {
  panel: '--ripcord-panel', panelBorder: '--ripcord-panel-border', text: '--ripcord-text', muted: '--ripcord-muted',
  input: '--ripcord-input', inputBorder: '--ripcord-input-border', focus: '--ripcord-focus', button: '--ripcord-button',
  buttonText: '--ripcord-button-text', success: '--ripcord-success', failure: '--ripcord-failure',
  // used by the search addon's decorations, not by CSS
  match: undefined, activeMatch: undefined, activeMatchBorder: undefined,
};

/**
 * The window's colors: the designed dark or light theme (the system's choice unless the settings
 * make one), the settings' colors over it, in the terminal and in the page's custom properties.
 * Follows the system while it changes.
 */
export class WindowTheme {
  private settings: ThemeSettings;
  private current: ColorScheme = 'dark';
  private readonly media: MediaQueryList;
  private readonly onSystemChange = (): void => this.apply();

  constructor(private readonly terminal: Terminal, settings: ThemeSettings) {
    this.settings = settings;
    this.media = window.matchMedia(PREFERS_LIGHT);
    this.media.addEventListener('change', this.onSystemChange);
    this.update(settings);
  }

  get scheme(): ColorScheme {
    return this.current;
  }

  get chrome(): ChromeColors {
    return chromeColors(this.current);
  }

  /** New settings (at start, or edited while the window is open). */
  update(settings: ThemeSettings): void {
    this.settings = settings;
    this.apply();
  }

  dispose(): void {
    this.media.removeEventListener('change', this.onSystemChange);
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
    root.style.setProperty('--ripcord-fg', theme.foreground ?? '');
    const chrome = this.chrome;
    for (const [key, property] of Object.entries(CHROME_PROPERTIES)) if (property) root.style.setProperty(property, chrome[key as keyof ChromeColors]);
  }
}
