// The window's page: it finds its host at window.ripcord (the Electron preload, or the browser
// harness's stand-in of Electron's objects under the same preload) and draws the window's tabs
// and panes as main lays them out (workspace.ts). Its entries: renderer-main.ts (the renderer that ships)
// and the browser harness's build (e2e/harness/renderer-main.ts), which picks the renderer from
// its URL and watches each terminal.
import type { WindowLayout } from '../contracts/panes';
import type { TerminalObserver } from './pane-terminal';
import type { RendererKind } from './gpu-renderer';
import { Workspace } from './workspace';

/** What a build of the page may choose; the one that ships chooses nothing. */
export interface PageOptions {
  /** the renderer the terminals start with (GpuRenderer falls back to the DOM one by itself); WebGL by default */
  renderer?: RendererKind;
  observe?: TerminalObserver;
}

export async function startPage({ renderer = 'webgl', observe }: PageOptions = {}): Promise<void> {
  const root = document.getElementById('terminal');
  if (!root) throw new Error('index.html has no #terminal element');
  try {
    // absent when the preload did not run, which the global's type cannot say
    const api = window.ripcord as typeof window.ripcord | undefined;
    if (api === undefined) throw new Error('no host API (window.ripcord)');
    // main sends the layout once the page asked for its settings: listening first, none is missed
    const started: { workspace?: Workspace; early?: WindowLayout } = {};
    api.onLayout((layout) => {
      if (started.workspace) started.workspace.apply(layout);
      else started.early = layout;
    });
    const settings = await api.getSettings();
    started.workspace = new Workspace(api, settings, root, renderer, observe);
    if (started.early) started.workspace.apply(started.early);
  } catch (error) {
    const message = document.createElement('pre');
    message.className = 'ripcord-fatal';
    message.textContent = `ripcord could not start the terminal: ${error instanceof Error ? error.message : String(error)}`;
    document.body.appendChild(message);
    console.error(error);
  }
}
