// The peer page's `?plain=MODE` (the bench's --peer-plain): the plainest VS Code-style terminal,
// to measure the peer against — xterm with its defaults but the peer's font family and size,
// fitted once to the peer's grid, the WebGL (or DOM) renderer and no other addon; acks of
// CHAR_COUNT_ACK_SIZE from the write callback; the host pauses the pty past 100 000
// unacknowledged chars and resumes under 5 000. MODE (PlainMode) says how its output arrives and
// which grid it draws. The bench's keys (the flood's command, the press) go through
// window.ripcord.input to the same pty in every mode.
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import type { RendererSettings } from '../../contracts/renderer';
import { AckedWriter, loadWantedRenderer, offerWriterTestView } from './vscode-write';

/**
 * `socket`: a WebSocket of its own to the naive harness (`/plain`), the pty's output as raw text
 * frames; `bridge`: the page's bridge (window.ripcord) as the peer, to tell the transport's cost
 * from the page's; `socket-80x24`: `socket` at xterm's own 80 × 24, not fitted (a quarter of the
 * peer's cells here), to show what the grid alone is worth.
 */
export const PLAIN_MODES = ['socket', 'bridge', 'socket-80x24'] as const;
export type PlainMode = (typeof PLAIN_MODES)[number];

/** What the page sends on the plain socket (bench/naive/harness.ts reads it): one JSON object a frame. */
export type PlainMessage = { resize: [cols: number, rows: number] } | { ack: number } | { input: string };

/** How the plain page reaches its pty. */
interface PlainLink {
  send(message: PlainMessage): void;
  onOpen(listener: () => void): void;
  onData(listener: (data: string) => void): void;
}

function socketLink(pane: string): PlainLink {
  const params = new URLSearchParams(location.search);
  const socket = new WebSocket(
    `ws://${location.host}/plain?token=${encodeURIComponent(params.get('token') ?? '')}&pane=${encodeURIComponent(pane)}`,
  );
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
    onData: (listener) =>
      api.onData((from, data) => {
        if (from === pane) listener(data);
      }),
  };
}

/** Opens the plain terminal of the page's one pane in `parent`. */
export function openPlainTerminal(
  parent: HTMLElement,
  pane: string,
  settings: Pick<RendererSettings, 'fontFamily' | 'fontSize'>,
  mode: PlainMode,
): void {
  const link = mode === 'bridge' ? bridgeLink(pane) : socketLink(pane);
  const terminal = new Terminal({ fontFamily: settings.fontFamily, fontSize: settings.fontSize });
  terminal.open(parent);
  const renderer = loadWantedRenderer(terminal);
  // the peer's grid, fitted once after the renderer as the peer is (WebGL's cells are whole
  // pixels, the DOM's not): FitAddon only measures, it takes no part in the output's path
  if (mode !== 'socket-80x24') {
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    fit.fit();
  }
  terminal.onData((data) => link.send({ input: data }));
  const writer = new AckedWriter(terminal, (chars) => link.send({ ack: chars }));
  link.onOpen(() => link.send({ resize: [terminal.cols, terminal.rows] }));
  link.onData((data) => writer.write(data));
  offerWriterTestView(pane, terminal, renderer, writer);
  terminal.focus();
}
