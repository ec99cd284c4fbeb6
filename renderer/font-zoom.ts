import type { Terminal } from '@xterm/xterm';

/** One CSS pixel per press, as VS Code's terminal zooms. */
const ZOOM_STEP_PX = 1;
/** The bounds the settings allow for fontSize (docs/settings.md). */
const MIN_FONT_SIZE = 6;
const MAX_FONT_SIZE = 72;

export type ZoomAction = 'in' | 'out' | 'reset';

/**
 * The font zoom of one terminal, kept for as long as its window lives (not saved: the
 * settings' fontSize is where a lasting size belongs). `onZoom` refits, which resizes the session.
 */
export class FontZoom {
  constructor(
    private readonly terminal: Terminal,
    private baseSize: number,
    private readonly onZoom: () => void,
  ) {}

  /** An edited fontSize: the size Ctrl+0 restores, applied now (a zoom under way is reset). */
  setBaseSize(size: number): void {
    this.baseSize = size;
    this.terminal.options.fontSize = size;
  }

  /** zoomIn / zoomOut / zoomReset: Ctrl+= / Ctrl+- / Ctrl+0 (Cmd on macOS; the keys are the action table's). */
  zoom(action: ZoomAction): void {
    const current = this.terminal.options.fontSize ?? this.baseSize;
    const next = action === 'reset' ? this.baseSize : current + (action === 'in' ? ZOOM_STEP_PX : -ZOOM_STEP_PX);
    const size = Math.min(MAX_FONT_SIZE, Math.max(MIN_FONT_SIZE, next));
    if (size === current) return;
    this.terminal.options.fontSize = size;
    this.onZoom();
  }
}
