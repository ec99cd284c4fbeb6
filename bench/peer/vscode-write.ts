// What the peer page and its plain modes share: the renderer the URL asks for, and VS Code's
// write path — every chunk straight into xterm.write, acknowledged from the write callback in
// batches of CharCountAckSize.
import type { Terminal } from '@xterm/xterm';
import { WebglAddon } from '@xterm/addon-webgl';
import { offerTestView, wantedRenderer } from '../../e2e/harness/test-view';
import type { RendererKind } from '../../renderer/gpu-renderer';
import { CHAR_COUNT_ACK_SIZE } from './flow';

/** Loads WebGL when the URL asks for it (`?renderer=`); the renderer in use, DOM after a failure or a lost context. */
export function loadWantedRenderer(terminal: Terminal): () => RendererKind {
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
  return () => kind;
}

/** Writes each chunk to `terminal` and calls `ack` once CHAR_COUNT_ACK_SIZE chars of them are parsed; counts every parsed char. */
export class AckedWriter {
  private unacknowledged = 0;
  /** chars xterm has parsed so far (the test view's parsedChars) */
  parsedChars = 0;

  constructor(
    private readonly terminal: Terminal,
    private readonly ack: (chars: number) => void,
  ) {}

  write(data: string): void {
    this.terminal.write(data, () => {
      this.parsedChars += data.length;
      this.unacknowledged += data.length;
      if (this.unacknowledged >= CHAR_COUNT_ACK_SIZE) {
        this.ack(this.unacknowledged);
        this.unacknowledged = 0;
      }
    });
  }
}

/** Offers the tests' view of a VS Code-style terminal: it holds nothing at a Ctrl+C and paces nothing; what it parsed is the writer's count. */
export function offerWriterTestView(
  pane: Parameters<typeof offerTestView>[0]['pane'],
  terminal: Terminal,
  renderer: () => RendererKind,
  writer: AckedWriter,
): void {
  offerTestView({
    pane,
    terminal,
    renderer,
    output: {
      holding: false,
      pacedByTurns: false,
      get parsedChars() {
        return writer.parsedChars;
      },
    },
  });
}
