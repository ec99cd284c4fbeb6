// The peer page's `?plain` mode (a bench experiment, --experiments): the plainest VS Code-style
// terminal, to measure the peer against — xterm with its defaults (the peer's font family and
// size, so both draw the same grid), the WebGL (or DOM) renderer and no other addon, over a
// WebSocket of its own to the naive harness (`/plain`): the pty's output arrives as raw text
// frames, not through the page's bridge; acks of CHAR_COUNT_ACK_SIZE from the write callback;
// the host pauses the pty past 100 000 unacknowledged chars and resumes under 5 000. The bench's
// keys (the flood's command, the press) still go through window.ripcord.input to the same pty.
import { Terminal } from '@xterm/xterm';
import { WebglAddon } from '@xterm/addon-webgl';
import { offerTestView, wantedRenderer } from '../../e2e/harness/test-view';
import type { RendererKind } from '../../renderer/gpu-renderer';
import type { RendererSettings } from '../../contracts/renderer';
import { CHAR_COUNT_ACK_SIZE } from './flow';

/** What the page sends on the plain socket (bench/naive/harness.ts reads it): one JSON object a frame. */
export type PlainMessage = { resize: [cols: number, rows: number] } | { ack: number } | { input: string };

/** Opens the plain terminal of the page's one pane in `parent`. */
export function openPlainTerminal(parent: HTMLElement, pane: string, settings: Pick<RendererSettings, 'fontFamily' | 'fontSize'>): void {
  const params = new URLSearchParams(location.search);
  const socket = new WebSocket(`ws://${location.host}/plain?token=${encodeURIComponent(params.get('token') ?? '')}&pane=${encodeURIComponent(pane)}`);
  const send = (message: PlainMessage): void => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const terminal = new Terminal({ fontFamily: settings.fontFamily, fontSize: settings.fontSize });
  terminal.open(parent);
  let kind: RendererKind = 'dom';
  if (wantedRenderer(location.search) === 'webgl') {
    const webgl = new WebglAddon();
    webgl.onContextLoss(() => {
      webgl.dispose();
      kind = 'dom';
    });
    terminal.loadAddon(webgl);
    kind = 'webgl';
  }
  terminal.onData((data) => send({ input: data }));
  let unacknowledged = 0;
  let parsedChars = 0;
  socket.addEventListener('open', () => send({ resize: [terminal.cols, terminal.rows] }));
  socket.addEventListener('message', (event) => {
    const data = String(event.data);
    terminal.write(data, () => {
      parsedChars += data.length;
      unacknowledged += data.length;
      if (unacknowledged >= CHAR_COUNT_ACK_SIZE) {
        send({ ack: unacknowledged });
        unacknowledged = 0;
      }
    });
  });
  offerTestView({ pane, terminal, renderer: () => kind, output: { holding: false, pacedByTurns: false, get parsedChars() { return parsedChars; } } });
  terminal.focus();
}
