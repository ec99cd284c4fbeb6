import type { StartedTerminal } from '../../renderer/pane-terminal';
import type { RendererKind } from '../../renderer/gpu-renderer';

/**
 * A read-only view of one pane's screen for tests and benchmarks, handed to
 * `window.__ripcordTestHook` (browser-api.ts defines it) by the harness's build of the page
 * (renderer-main.ts) and by the bench's peer page (bench/peer/page.ts). The renderer that ships
 * has none of this (docs/testing.md). It reads xterm's buffer, so it works the same with the
 * WebGL and the DOM renderer.
 */
export interface RipcordTestView {
  renderer(): RendererKind;
  /** the visible rows of the active buffer, trailing blanks trimmed */
  screen(): string[];
  /** every row of the active buffer, scrollback included */
  buffer(): string[];
  size(): { cols: number; rows: number };
  cursor(): { x: number; y: number };
  selection(): string;
  /** buffer cell where the selection starts, undefined without one */
  selectionStart(): { x: number; y: number } | undefined;
  /** fires after xterm parsed a write; returns an unsubscribe */
  onWriteParsed(listener: () => void): () => void;
  /** the pane's output is held back for a press's cut (DESIGN §6) */
  holding(): boolean;
  /** xterm's synchronized output (DEC mode 2026) is on: it parses, and draws nothing */
  drawsNothing(): boolean;
  /** chars of output xterm has parsed in this pane so far (the panes bench rows' drawn bytes) */
  parsedChars(): number;
  /** the pane's output goes to xterm in the pacer's turns (paceBackgroundPanes, a pane without the keys) */
  paced(): boolean;
}

declare global {
  interface Window {
    /** `pane`: the pane the terminal shows (each pane offers its own view) */
    __ripcordTestHook?: (view: RipcordTestView, pane: string) => void;
  }
}

/** `?renderer=dom` or `?renderer=webgl` in the page URL (the specs, the bench); WebGL otherwise. */
export function wantedRenderer(search: string): RendererKind {
  return new URLSearchParams(search).get('renderer') === 'dom' ? 'dom' : 'webgl';
}

/** Offers the page's tests a view of a pane's terminal, when the page defined the hook. */
export function offerTestView(started: StartedTerminal): void {
  const { pane, terminal, output } = started;
  const hook = window.__ripcordTestHook;
  if (typeof hook !== 'function') return;
  const rows = (from: number, to: number): string[] => {
    const buffer = terminal.buffer.active;
    const lines: string[] = [];
    for (let y = from; y < to; y++) lines.push(buffer.getLine(y)?.translateToString(true) ?? '');
    return lines;
  };
  hook(
    Object.freeze({
      renderer: () => started.renderer(),
      screen: () => rows(terminal.buffer.active.viewportY, terminal.buffer.active.viewportY + terminal.rows),
      buffer: () => rows(0, terminal.buffer.active.length),
      size: () => ({ cols: terminal.cols, rows: terminal.rows }),
      cursor: () => ({ x: terminal.buffer.active.cursorX, y: terminal.buffer.active.cursorY }),
      selection: () => terminal.getSelection(),
      selectionStart: () => terminal.getSelectionPosition()?.start,
      onWriteParsed: (listener: () => void) => {
        const subscription = terminal.onWriteParsed(listener);
        return () => subscription.dispose();
      },
      holding: () => output.holding,
      drawsNothing: () => terminal.modes.synchronizedOutputMode,
      parsedChars: () => output.parsedChars,
      paced: () => output.pacedByTurns,
    }),
    pane,
  );
}
