import type { Terminal } from '@xterm/xterm';
import type { RendererSettings } from '../contracts/renderer';
import type { FontZoom } from './font-zoom';
import type { WindowTheme } from './window-theme';

/**
 * The settings a window applies the moment the settings file is edited (issue #30): font,
 * theme (through the window's designed theme), contrast, scrollback, copy-on-select and
 * screen-reader mode. A new fontSize is the zoom's new base (a zoom under way is reset); a font
 * change refits the grid, so the session gets its new size. The edit's problems are the window's to show (notices.ts).
 */
export class LiveSettings {
  constructor(
    private readonly terminal: Terminal,
    private current: RendererSettings,
    private readonly theme: WindowTheme,
    private readonly zoom: FontZoom,
    private readonly refit: () => void,
  ) {}

  get copyOnSelect(): boolean {
    return this.current.copyOnSelect;
  }

  get paceBackgroundPanes(): boolean {
    return this.current.paceBackgroundPanes;
  }

  apply(next: RendererSettings): void {
    const { options } = this.terminal;
    const fontChanged = next.fontFamily !== this.current.fontFamily || next.fontSize !== this.current.fontSize;
    options.fontFamily = next.fontFamily;
    if (next.fontSize !== this.current.fontSize) this.zoom.setBaseSize(next.fontSize);
    this.theme.update(next);
    options.minimumContrastRatio = next.minimumContrastRatio;
    options.scrollback = next.scrollback;
    // only an edit of this key changes the mode: the window's own key (Shift+Alt+F1) is not undone by another edit
    if (next.screenReaderMode !== this.current.screenReaderMode) options.screenReaderMode = next.screenReaderMode;
    this.current = next;
    if (fontChanged) this.refit();
  }
}
