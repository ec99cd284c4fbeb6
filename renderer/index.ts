// The renderer bundle (dist/renderer/renderer.js). It finds its host at window.ripcord:
// the Electron preload, or the browser harness's WebSocket bridge.
import '@xterm/xterm/css/xterm.css';
import './renderer.css';
import './search.css';
import './panels.css';
import './overlays.css';
import { startTerminal } from './app';
import { wantedRenderer } from './gpu-renderer';

async function boot(): Promise<void> {
  const root = document.getElementById('terminal');
  if (!root) throw new Error('index.html has no #terminal element');
  try {
    if (typeof window.ripcord !== 'object' || window.ripcord === null) throw new Error('no host API (window.ripcord)');
    const settings = await window.ripcord.getSettings();
    startTerminal(window.ripcord, settings, root, wantedRenderer(location.search));
  } catch (error) {
    const message = document.createElement('pre');
    message.className = 'ripcord-fatal';
    message.textContent = `ripcord could not start the terminal: ${error instanceof Error ? error.message : String(error)}`;
    document.body.appendChild(message);
    console.error(error);
  }
}

void boot();
