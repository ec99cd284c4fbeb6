import { rendererSettings } from './renderer-settings';
import { IpcChannel, type IpcTarget, type RendererSettings, type SessionEnd, type SessionNotice } from '../../contracts/renderer';
import type { RipcordConfig } from '../core/config';
import { DisposableStore, type Disposable } from '../core/disposable';
import { EXIT_CODE_INTERNAL_ERROR, EXIT_CODE_START_FAILED } from '../core/exit-codes';
import { visibleText } from '../core/visible-text';
import type { ConfigChange } from '../platform/files/config-watch';
import type { Logger } from '../platform/log/log';
import type { HostState, SessionHostProcess } from './host/session-host-process';
import type { SessionLifecycle } from './session-lifecycle';

/** The page, as main sends to it: an Electron WebContents, or the browser harness's WebSocket. */
export interface RendererChannel {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  /** the page pastes the clipboard into its focused element, as the paste key does */
  paste(): void;
}

/** What the window says when its session host stops answering, stops or dies. */
const HOST_NOTICE_TITLES: Record<Exclude<HostState, 'running'>, string> = {
  hung: 'ripcord: the session host is not answering',
  stopped: 'ripcord: the session host was stopped — the session is ended',
  gone: 'ripcord: the session host ended — the session is ended',
};

/**
 * The window's one pane on main's side (one app process = one window = one session), shared by
 * the desktop and the browser harness: the page's requests to main go to the lifecycle, and
 * what main has to say goes to the page — settings, a start failure, the session host's state.
 * What the program shows (output, hint, the process view) goes to the page from the session
 * host itself (ScreenFeed). The session starts on the renderer's first resize — the renderer
 * registers all its listeners before that call, and the program starts with the real size
 * instead of 80x24 plus a redraw.
 */
export class DesktopSession implements IpcTarget, Disposable {
  private problems: readonly string[];
  private config: RipcordConfig;
  private readonly disposables = new DisposableStore();

  constructor(
    private readonly options: {
      config: RipcordConfig;
      log: Logger;
      lifecycle: SessionLifecycle;
      renderer: RendererChannel;
      /** the session host the lifecycle's program runs in */
      host: SessionHostProcess;
      /** problem lines (config, global shortcut) shown once in the window */
      problems: readonly string[];
      openExternal: (url: string) => Promise<void>;
    },
  ) {
    this.problems = options.problems;
    this.config = options.config;
    const { lifecycle } = options;
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
    // DESIGN §1: the quit paths are main's and work whatever the host does; the window says what happened
    this.disposables.add(options.host.onState(({ state, why }) => {
      if (state === 'running') return;
      const lines = [visibleText(why), state === 'hung' ? 'the session runs on; Ctrl+C twice or closing the window still quits' : 'its processes were stopped with it; Ctrl+C twice or closing the window quits'];
      this.send(IpcChannel.notice, { title: HOST_NOTICE_TITLES[state], lines } satisfies SessionNotice);
    }));
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

  openLink(url: string): void {
    this.options.log.event('link.open', { url: url.slice(0, 200) });
    this.options.openExternal(url).catch((error: unknown) => this.options.log.warn('link.open-failed', { error: String(error) }));
  }

  paste(): void {
    if (!this.options.renderer.isDestroyed()) this.options.renderer.paste();
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
