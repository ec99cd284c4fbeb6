// The renderer bundle (dist/renderer/renderer.js). It finds its host at window.ripcord:
// the Electron preload, or the browser harness's WebSocket bridge, and draws the window's tabs
// and panes as main lays them out (workspace.ts).
import '@xterm/xterm/css/xterm.css';
import './renderer.css';
import './search.css';
import './panels.css';
import './overlays.css';
import './panes.css';
import './settings.css';
import type { WindowLayout } from '../contracts/panes';
import { wantedRenderer } from './gpu-renderer';
import { Workspace } from './workspace';

async function boot(): Promise<void> {
  const root = document.getElementById('terminal');
  if (!root) throw new Error('index.html has no #terminal element');
  try {
    const api = window.ripcord;
    if (typeof api !== 'object' || api === null) throw new Error('no host API (window.ripcord)');
    // main sends the layout once the page asked for its settings: listening first, none is missed
    const started: { workspace?: Workspace; early?: WindowLayout } = {};
    api.onLayout((layout) => {
      if (started.workspace) started.workspace.apply(layout);
      else started.early = layout;
    });
    const settings = await api.getSettings();
    started.workspace = new Workspace(api, settings, root, wantedRenderer(location.search));
    if (started.early) started.workspace.apply(started.early);
  } catch (error) {
    const message = document.createElement('pre');
    message.className = 'ripcord-fatal';
    message.textContent = `ripcord could not start the terminal: ${error instanceof Error ? error.message : String(error)}`;
    document.body.appendChild(message);
    console.error(error);
  }
}

void boot();
