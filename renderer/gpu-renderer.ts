import type { Terminal } from '@xterm/xterm';
import { WebglAddon } from '@xterm/addon-webgl';

export type RendererKind = 'webgl' | 'dom';

/**
 * Loads the WebGL renderer when asked for and available. xterm draws with its DOM renderer
 * whenever no WebGL addon is loaded, so falling back — WebGL missing at start, or the GPU
 * context lost later — is disposing the addon.
 */
export class GpuRenderer {
  private addon: WebglAddon | undefined;
  private current: RendererKind = 'dom';

  constructor(
    private readonly terminal: Terminal,
    private readonly onChange: (kind: RendererKind, reason: string) => void,
  ) {}

  /** call after terminal.open(): WebGL needs the element in the document */
  start(wanted: RendererKind): void {
    if (wanted === 'dom') {
      this.onChange('dom', 'requested');
      return;
    }
    try {
      const addon = new WebglAddon();
      addon.onContextLoss(() => this.fallBack('WebGL context lost'));
      this.terminal.loadAddon(addon);
      this.addon = addon;
      this.current = 'webgl';
      this.onChange('webgl', 'loaded');
    } catch (error) {
      this.fallBack(`WebGL unavailable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  get kind(): RendererKind {
    return this.current;
  }

  private fallBack(reason: string): void {
    this.addon?.dispose();
    this.addon = undefined;
    this.current = 'dom';
    this.onChange('dom', reason);
  }

  dispose(): void {
    this.addon?.dispose();
    this.addon = undefined;
  }
}
