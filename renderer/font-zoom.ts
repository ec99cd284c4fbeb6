import type { Terminal } from '@xterm/xterm';

/** One CSS pixel per press, as VS Code's terminal zooms. */
const ZOOM_STEP_PX = 1;
/** The bounds the settings allow for fontSize (docs/settings.md). */
const MIN_FONT_SIZE = 6;
const MAX_FONT_SIZE = 72;

export type ZoomAction = 'in' | 'out' | 'reset';

/**
 * Ctrl+= / Ctrl+- / Ctrl+0 (Cmd on macOS). Matched by the character the layout produces, so
 * Ctrl++ (Shift on US layouts, or a layout with + on its own key) zooms in too; the keypad's
 * keys by their code.
 */
export function zoomAction(event: KeyboardEvent, isMac: boolean): ZoomAction | undefined {
  const primary = isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!primary || event.altKey) return undefined;
  if (event.key === '=' || event.key === '+' || event.code === 'NumpadAdd') return 'in';
  if (event.shiftKey) return undefined;
  if (event.key === '-' || event.code === 'NumpadSubtract') return 'out';
  if (event.key === '0' || event.code === 'Numpad0') return 'reset';
  return undefined;
}

function isMacPlatform(): boolean {
  return /^Mac/.test(navigator.platform);
}

/**
 * The font zoom of one terminal, kept for as long as its window lives (not saved: the
 * settings' fontSize is where a lasting size belongs). `onZoom` refits, which resizes the session.
 */
export class FontZoom {
  constructor(
    private readonly terminal: Terminal,
    private baseSize: number,
    private readonly onZoom: () => void,
    private readonly isMac = isMacPlatform(),
  ) {}

  /** An edited fontSize: the size Ctrl+0 restores, applied now (a zoom under way is reset). */
  setBaseSize(size: number): void {
    this.baseSize = size;
    this.terminal.options.fontSize = size;
  }

  /** True when the key was a zoom key (the terminal must not get it). */
  handleKey(event: KeyboardEvent): boolean {
    const action = zoomAction(event, this.isMac);
    if (!action) return false;
    if (event.type === 'keydown') {
      event.preventDefault();
      this.zoom(action);
    }
    return true;
  }

  private zoom(action: ZoomAction): void {
    const current = this.terminal.options.fontSize ?? this.baseSize;
    const next = action === 'reset' ? this.baseSize : current + (action === 'in' ? ZOOM_STEP_PX : -ZOOM_STEP_PX);
    const size = Math.min(MAX_FONT_SIZE, Math.max(MIN_FONT_SIZE, next));
    if (size === current) return;
    this.terminal.options.fontSize = size;
    this.onZoom();
  }
}
