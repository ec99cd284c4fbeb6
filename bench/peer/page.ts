// The VS Code-style peer's page (the strongest peer of DESIGN §8, §9): xterm with the addons
// VS Code's terminal loads — WebGL (or DOM), unicode11, web links, search, fit — and its flow
// control: every chunk goes straight into xterm.write, acknowledged from the write callback
// (after parsing) in batches of CharCountAckSize 5 000; nothing is queued or dropped on a
// Ctrl+C. It talks to the host through the same window.ripcord WebSocket bridge as ripcord's
// page (e2e/harness/browser-api.ts) and offers the same test view, so the bench measures both
// pages with the same in-page code.
import '@xterm/xterm/css/xterm.css';
import '../../renderer/renderer.css';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { WebglAddon } from '@xterm/addon-webgl';
import { offerTestView } from '../../renderer/test-hook';
import { wantedRenderer, type RendererKind } from '../../renderer/gpu-renderer';

/** The one terminal is the window's first pane, as ripcord's window starts (contracts/panes.ts). */
const PANE = '1';
/** VS Code's FlowControlConstants.CharCountAckSize. */
const CHAR_COUNT_ACK_SIZE = 5_000;

async function boot(): Promise<void> {
  const root = document.getElementById('terminal');
  if (!root) throw new Error('index.html has no #terminal element');
  const api = window.ripcord;
  const settings = await api.getSettings();
  const terminal = new Terminal({
    fontFamily: settings.fontFamily,
    fontSize: settings.fontSize,
    theme: settings.theme,
    scrollback: settings.scrollback,
    allowProposedApi: true,
  });
  const fit = new FitAddon();
  terminal.loadAddon(fit);
  terminal.loadAddon(new Unicode11Addon());
  terminal.unicode.activeVersion = '11';
  terminal.loadAddon(new SearchAddon());
  terminal.loadAddon(new WebLinksAddon());

  let unacknowledged = 0;
  api.onData((_pane, data) => {
    terminal.write(data, () => {
      unacknowledged += data.length;
      if (unacknowledged >= CHAR_COUNT_ACK_SIZE) {
        api.ack(PANE, unacknowledged);
        unacknowledged = 0;
      }
    });
  });
  api.onExit((_pane, end) => terminal.write(`\r\n[exited ${end.exitCode}]\r\n`));
  terminal.onData((data) => api.input(PANE, data));
  terminal.onBinary((data) => api.input(PANE, data));
  terminal.onResize(({ cols, rows }) => api.resize(PANE, cols, rows));

  terminal.open(root);
  let kind: RendererKind = 'dom';
  if (wantedRenderer(location.search) === 'webgl') {
    try {
      const webgl = new WebglAddon();
      webgl.onContextLoss(() => {
        webgl.dispose();
        kind = 'dom';
      });
      terminal.loadAddon(webgl);
      kind = 'webgl';
    } catch (error) {
      console.warn('peer: WebGL unavailable, DOM renderer', error);
    }
  }
  fit.fit();
  api.resize(PANE, terminal.cols, terminal.rows);
  terminal.focus();
  offerTestView(terminal, () => kind, PANE);
}

void boot();
