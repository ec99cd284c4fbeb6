import { rendererSettings } from './renderer-settings';
import { IpcChannel, type HintState, type IpcTarget, type RendererSettings, type SessionEnd, type SessionNotice } from '../../contracts/renderer';
import type { RipcordConfig } from '../core/config';
import { DisposableStore, type Disposable } from '../core/disposable';
import { EXIT_CODE_INTERNAL_ERROR, EXIT_CODE_START_FAILED } from '../core/exit-codes';
import { visibleText } from '../core/visible-text';
import { uncontainedNotice } from '../platform/containment/containment-notice';
import type { ConfigChange } from '../platform/files/config-watch';
import type { Logger } from '../platform/log/log';
import { ProcessFeed } from './tools/process-feed';
import type { SessionLifecycle } from './session-lifecycle';

/** The page, as main sends to it: an Electron WebContents, or the browser harness's WebSocket. */
export interface RendererChannel {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  /** the page pastes the clipboard into its focused element, as the paste key does */
  paste(): void;
}

/**
 * The window's one session as the page sees it (one app process = one window = one session),
 * shared by the desktop and the browser harness: the page's requests go to the lifecycle, whose
 * output, hint, flush and start failure go to the page. The session starts on the renderer's
 * first resize — the renderer registers all its listeners before that call, and the program
 * starts with the real size instead of 80x24 plus a redraw.
 */
export class DesktopSession implements IpcTarget, Disposable {
  private problems: readonly string[];
  private config: RipcordConfig;
  private feed: ProcessFeed | undefined;
  private readonly disposables = new DisposableStore();

  constructor(
    private readonly options: {
      config: RipcordConfig;
      log: Logger;
      lifecycle: SessionLifecycle;
      renderer: RendererChannel;
      /** problem lines (config, global shortcut) shown once in the window */
      problems: readonly string[];
      openExternal: (url: string) => Promise<void>;
    },
  ) {
    this.problems = options.problems;
    this.config = options.config;
    const { lifecycle } = options;
    this.disposables.add(lifecycle.onFlush(() => this.send(IpcChannel.flush, null)));
    this.disposables.add(lifecycle.onHold((holding) => this.send(IpcChannel.hold, holding)));
    this.disposables.add(lifecycle.onOutput((data) => this.send(IpcChannel.data, data)));
    this.disposables.add(lifecycle.onHint((hint) => this.send(IpcChannel.hint, hint satisfies HintState)));
    // The window stays and says why; closing it exits (DESIGN: errors as values, shown to the user).
    // Written into the window's terminal: a program name with ESC in it must not become a sequence.
    this.disposables.add(
      lifecycle.onStartFailed((message) => this.send(IpcChannel.exit, { exitCode: EXIT_CODE_START_FAILED, message: visibleText(message) } satisfies SessionEnd)),
    );
    // The app exits right after: the page shows why while it can, stderr and the log keep it.
    this.disposables.add(lifecycle.onUnguarded((message) => {
      this.send(IpcChannel.exit, { exitCode: EXIT_CODE_INTERNAL_ERROR, message } satisfies SessionEnd);
      process.stderr.write(`ripcord: ${message}\n`);
    }));
    // The process view and the stop key (issue #16) work once the program runs.
    this.disposables.add(
      lifecycle.onSpawned(({ control, containment }) => {
        // a session without its container says so in the window (DESIGN §4: no silent downgrade)
        const notice = uncontainedNotice(containment.kind, containment.reason);
        if (notice) this.send(IpcChannel.notice, { title: notice.title, lines: notice.lines.map(visibleText) } satisfies SessionNotice);
        if (!control) return;
        this.feed = this.disposables.add(
          new ProcessFeed(control, {
            view: (view) => this.send(IpcChannel.processes, view),
            count: (count) => this.send(IpcChannel.processCount, count),
            outcome: (outcome) => this.send(IpcChannel.stopOutcome, outcome),
          }, options.log),
        );
      }),
    );
  }

  getSettings(): RendererSettings {
    // "Shown once": the first request gets the problems, a reload would not repeat them.
    const problems = [...this.problems];
    this.problems = [];
    return rendererSettings(this.config, problems);
  }

  /**
   * The settings file was edited (both hosts watch it the same way; the desktop registered its
   * global shortcut first): the page applies what it shows at once, the lifecycle what it
   * applies from the next press or the next session.
   */
  applyConfig(change: ConfigChange): void {
    if (this.options.lifecycle.exiting) return;
    this.config = change.config;
    this.options.lifecycle.updateConfig(change.config);
    this.send(IpcChannel.settings, rendererSettings(change.config, change.problems));
  }

  resize(cols: number, rows: number): void {
    this.options.lifecycle.resize(cols, rows);
  }

  input(data: string): void {
    this.options.lifecycle.input(data);
  }

  ack(chars: number): void {
    this.options.lifecycle.ack(chars);
  }

  openLink(url: string): void {
    this.options.log.event('link.open', { url: url.slice(0, 200) });
    this.options.openExternal(url).catch((error: unknown) => this.options.log.warn('link.open-failed', { error: String(error) }));
  }

  paste(): void {
    if (!this.options.renderer.isDestroyed()) this.options.renderer.paste();
  }

  stopJob(): void {
    this.feed?.stopJob();
  }

  stopProcess(pid: number): void {
    this.feed?.stopProcess(pid);
  }

  watchProcesses(open: boolean): void {
    this.feed?.watch(open);
  }

  dispose(): void {
    this.disposables.dispose();
  }

  /** Output can outlive the window by a moment (close → exit): sending to a dead page throws. */
  private send(channel: string, value: unknown): void {
    if (this.options.renderer.isDestroyed()) return;
    this.options.renderer.send(channel, value);
  }
}
