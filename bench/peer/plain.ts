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

/** How the plain page reaches its pty: its own socket (`?plain`) or the page's bridge (`?plain=bridge`, to tell the transport's cost from the page's). */
interface PlainLink {
  send(message: PlainMessage): void;
  onOpen(listener: () => void): void;
  onData(listener: (data: string) => void): void;
}

function socketLink(pane: string): PlainLink {
  const params = new URLSearchParams(location.search);
  const socket = new WebSocket(`ws://${location.host}/plain?token=${encodeURIComponent(params.get('token') ?? '')}&pane=${encodeURIComponent(pane)}`);
  return {
    send: (message) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    onOpen: (listener) => socket.addEventListener('open', listener),
    onData: (listener) => socket.addEventListener('message', (event) => listener(String(event.data))),
  };
}

function bridgeLink(pane: string): PlainLink {
  const api = window.ripcord;
  return {
    send: (message) => {
      if ('input' in message) api.input(pane, message.input);
      else if ('ack' in message) api.ack(pane, message.ack);
      else api.resize(pane, ...message.resize);
    },
    onOpen: (listener) => listener(),
    onData: (listener) => api.onData((from, data) => {
      if (from === pane) listener(data);
    }),
  };
}

/** Opens the plain terminal of the page's one pane in `parent`. */
export function openPlainTerminal(parent: HTMLElement, pane: string, settings: Pick<RendererSettings, 'fontFamily' | 'fontSize'>): void {
  const link = new URLSearchParams(location.search).get('plain') === 'bridge' ? bridgeLink(pane) : socketLink(pane);
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
  terminal.onData((data) => link.send({ input: data }));
  let unacknowledged = 0;
  let parsedChars = 0;
  link.onOpen(() => link.send({ resize: [terminal.cols, terminal.rows] }));
  link.onData((data) => {
    terminal.write(data, () => {
      parsedChars += data.length;
      unacknowledged += data.length;
      if (unacknowledged >= CHAR_COUNT_ACK_SIZE) {
        link.send({ ack: unacknowledged });
        unacknowledged = 0;
      }
    });
  });
  offerTestView({ pane, terminal, renderer: () => kind, output: { holding: false, pacedByTurns: false, get parsedChars() { return parsedChars; } } });
  terminal.focus();
}
