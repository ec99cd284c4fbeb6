// The VS Code-style peer's page (the strongest peer of DESIGN §8, §9): xterm with the addons
// VS Code's terminal loads as it opens (xtermTerminal.ts) — WebGL (or DOM) and unicode11, sized
// to its box (fit); not search, which VS Code loads at the first find, nor web links, which it
// detects with link providers of its own on hover — and its flow control: every chunk goes
// straight into xterm.write, acknowledged from the write callback (after parsing) in batches of
// CharCountAckSize 5 000; nothing is queued or dropped on a Ctrl+C. It talks to the host through
// the same window.ripcord WebSocket bridge as ripcord's page (e2e/harness/browser-api.ts) and
// offers the same test view, so the bench measures both pages with the same in-page code.
// `?panes=N` opens N terminals in a grid, each its own pane of the host's
// (bench/naive/harness.ts), as VS Code splits a window's terminals. `?plain=MODE`: the plain page
// to measure it against (plain.ts).
import '@xterm/xterm/css/xterm.css';
import '../../renderer/renderer.css';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import type { RendererSettings } from '../../contracts/renderer';
import { AckedWriter, loadWantedRenderer, offerWriterTestView } from './vscode-write';
import { openPlainTerminal, PLAIN_MODES, type PlainMode } from './plain';

interface PeerTerminal {
  write(data: string): void;
  exited(code: number): void;
  focus(): void;
}

/** The panes row's grid: two terminals side by side per row, as two splits make them. */
const GRID_COLUMNS = 2;
/**
 * VS Code's default `terminal.integrated.scrollback`. The peer keeps it, not ripcord's 10 000:
 * with 10 000 lines the plainest page answered the `yes` rows about twice as slowly
 * (docs/benchmarks.md#the-peer), and the peer is to be as strong as VS Code as shipped.
 */
const VSCODE_SCROLLBACK = 1_000;
/** VS Code's sash between split terminals. */
const GRID_GAP_PX = 1;

/** `?panes=N`: N terminals in one page (the panes row), named '1'…'N' as ripcord names its window's panes. */
function paneIds(search: string): string[] {
  const count = Number(new URLSearchParams(search).get('panes') ?? '1');
  return Array.from({ length: Number.isInteger(count) && count > 0 ? count : 1 }, (_, i) => String(i + 1));
}

async function boot(): Promise<void> {
  const root = document.getElementById('terminal');
  if (!root) throw new Error('index.html has no #terminal element');
  const panes = paneIds(location.search);
  const api = window.ripcord;
  const settings = await api.getSettings();
  const plain = new URLSearchParams(location.search).get('plain');
  if (plain !== null) {
    if (!(PLAIN_MODES as readonly string[]).includes(plain)) throw new Error(`?plain=${plain}: choose from ${PLAIN_MODES.join(', ')}`);
    openPlainTerminal(root, panes[0] ?? '1', settings, plain as PlainMode);
    return;
  }
  if (panes.length > 1) {
    Object.assign(root.style, {
      display: 'grid',
      gap: `${GRID_GAP_PX}px`,
      gridTemplateColumns: `repeat(${GRID_COLUMNS}, 1fr)`,
      gridTemplateRows: `repeat(${Math.ceil(panes.length / GRID_COLUMNS)}, 1fr)`,
    });
  }
  const terminals = new Map(panes.map((pane) => [pane, openTerminal(panes.length > 1 ? cell(root) : root, pane, settings)]));
  api.onData((pane, data) => terminals.get(pane)?.write(data));
  api.onExit((pane, end) => terminals.get(pane)?.exited(end.exitCode));
  terminals.get(panes[panes.length - 1] ?? '1')?.focus();
}

function cell(root: HTMLElement): HTMLElement {
  const box = document.createElement('div');
  box.className = 'ripcord-pane-terminal';
  root.append(box);
  return box;
}

/** One terminal as VS Code opens it, with its own flow control's acks. */
function openTerminal(parent: HTMLElement, pane: string, settings: RendererSettings): PeerTerminal {
  const api = window.ripcord;
  const terminal = new Terminal({
    fontFamily: settings.fontFamily,
    fontSize: settings.fontSize,
    theme: settings.theme,
    scrollback: VSCODE_SCROLLBACK,
    allowProposedApi: true,
  });
  const fit = new FitAddon();
  terminal.loadAddon(fit);
  terminal.loadAddon(new Unicode11Addon());
  terminal.unicode.activeVersion = '11';

  terminal.onData((data) => api.input(pane, data));
  terminal.onBinary((data) => api.input(pane, data));
  terminal.onResize(({ cols, rows }) => api.resize(pane, cols, rows));

  terminal.open(parent);
  const renderer = loadWantedRenderer(terminal);
  fit.fit();
  api.resize(pane, terminal.cols, terminal.rows);
  const writer = new AckedWriter(terminal, (chars) => api.ack(pane, chars));
  offerWriterTestView(pane, terminal, renderer, writer);
  return {
    write: (data) => writer.write(data),
    exited: (code) => terminal.write(`\r\n[exited ${code}]\r\n`),
    focus: () => terminal.focus(),
  };
}

void boot();
