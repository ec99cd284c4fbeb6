import { rendererSettings } from './renderer-settings';
import type { SettingsFileState } from '../../contracts/settings-screen';
import { IpcChannel, type IpcTarget, type RendererSettings, type SessionEnd, type SessionNotice } from '../../contracts/renderer';
import type { RipcordConfig } from '../core/config';
import { DisposableBase } from '../core/disposable';
import { EXIT_CODE_INTERNAL_ERROR, EXIT_CODE_START_FAILED } from '../core/exit-codes';
import { visibleText } from '../core/visible-text';
import type { ConfigChange } from '../platform/files/config-watch';
import type { Logger } from '../platform/log/log';
import type { HostState, SessionHostProcess } from './session-host-process';
import type { SessionLifecycle } from '../lifecycle/session-lifecycle';
import type { PaneWindow } from './pane-window';
import type { PaneAction, PaneId } from '../../contracts/panes';
import { SettingsFileEditor } from './settings-file-editor';
import { SignalsWatch } from './signals-watch';

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
 * The window on main's side, shared by the desktop and the browser harness: the page's requests
 * to main go to the window's panes (PaneWindow), and what main has to say goes to the page —
 * settings, the layout, a pane's start failure or end, notices, the session host's state. What
 * a program shows (output, hint, the process view) goes to the page from the session host
 * itself (ScreenFeed). A pane's session starts on the renderer's first resize for it — the
 * renderer registers all the pane's listeners before that call, and the program starts with
 * the real size instead of 80x24 plus a redraw.
 */
export class WindowIpc extends DisposableBase implements IpcTarget {
  private problems: readonly string[];
  private config: RipcordConfig;
  private readonly settingsFile: SettingsFileEditor;
  private readonly signals: SignalsWatch;

  constructor(
    private readonly options: {
      config: RipcordConfig;
      log: Logger;
      window: PaneWindow;
      renderer: RendererChannel;
      /** the session host the panes' programs run in */
      host: SessionHostProcess;
      /** problem lines (config, global shortcut) shown once in the window */
      problems: readonly string[];
      /** the settings file on disk, as the page names it */
      settingsFile: string;
      openExternal: (url: string) => Promise<void>;
      /** opens a file in the system's editor for it (Electron's shell.openPath: '' or why not) */
      openPath: (file: string) => Promise<string>;
    },
  ) {
    super();
    this.problems = options.problems;
    this.config = options.config;
    this.settingsFile = new SettingsFileEditor(options.settingsFile, options.log);
    const { window } = options;
    this.signals = this.register(
      new SignalsWatch({
        logFile: options.log.file,
        hostSilentMs: () => options.host.silentMs,
        send: (view) => this.send(IpcChannel.signals, view),
      }),
    );
    for (const [pane, session] of window.panes) this.watch(pane, session);
    this.register(window.onPaneOpened(({ pane, session }) => this.watch(pane, session)));
    this.register(window.onLayout((layout) => this.send(IpcChannel.layout, layout)));
    this.register(window.onNotice(({ pane, notice }) => this.send(IpcChannel.notice, pane, notice)));
    this.register(window.onPaneEnded(({ pane, end }) => this.send(IpcChannel.exit, pane, end)));
    // DESIGN §6: the screen stops parsing at the key event, before the press crosses to the host
    this.register(window.onPress(({ pane, press }) => this.send(IpcChannel.hold, pane, true, press)));
    // DESIGN §1: the quit paths are main's and work whatever the host does; every pane says what happened
    this.register(
      options.host.onState(({ state, why }) => {
        if (state === 'running') return;
        const lines = [
          visibleText(why),
          state === 'hung'
            ? 'the sessions run on; Ctrl+C twice or closing the window still quits'
            : 'their processes were stopped with it; Ctrl+C twice or closing the window quits',
        ];
        // one notice for the window: the page shows a notice once, whichever pane it came with
        this.send(IpcChannel.notice, window.current.focused, {
          level: state === 'hung' ? 'warning' : 'error',
          title: HOST_NOTICE_TITLES[state],
          lines,
        } satisfies SessionNotice);
      }),
    );
  }

  getSettings(): RendererSettings {
    // "Shown once": the first request gets the problems, a reload would not repeat them.
    const problems = [...this.problems];
    this.problems = [];
    // the page asks once it listens: the layout follows, the panes it draws start their sessions
    queueMicrotask(() => this.send(IpcChannel.layout, this.options.window.current));
    return rendererSettings(this.config, problems, this.options.settingsFile);
  }

  /**
   * The settings file was edited (both hosts watch it the same way; the desktop registered its
   * global shortcut first): the page applies what it shows at once, the panes what they apply
   * from the next press or the next session.
   */
  applyConfig(change: ConfigChange): void {
    if (this.options.window.exiting) return;
    this.config = change.config;
    this.options.window.updateConfig(change.config);
    this.send(IpcChannel.settings, rendererSettings(change.config, change.problems, this.options.settingsFile));
  }

  resize(pane: PaneId, cols: number, rows: number): void {
    this.options.window.resize(pane, cols, rows);
  }

  input(pane: PaneId, data: string): void {
    this.options.window.input(pane, data);
  }

  paneAction(action: PaneAction): void {
    this.options.window.paneAction(action);
  }

  openLink(url: string): void {
    this.options.log.event('link.open', { url: url.slice(0, 200) });
    this.options.openExternal(url).catch((error: unknown) => this.options.log.warn('link.open-failed', { error: String(error) }));
  }

  /** The start-failure panel's "Open settings": the file in the user's editor, or a notice saying why not. */
  openSettings(): void {
    const file = this.options.settingsFile;
    this.options.log.event('settings.open', { file });
    const failed = (why: string): void => {
      this.options.log.warn('settings.open-failed', { file, error: why });
      this.send(IpcChannel.notice, this.options.window.current.focused, {
        level: 'warning',
        title: `ripcord: could not open ${file}`,
        lines: [visibleText(why)],
      } satisfies SessionNotice);
    };
    this.options.openPath(file).then(
      (why) => why && failed(why),
      (error: unknown) => failed(String(error)),
    );
  }

  /** The settings screen's view of the file: its answer comes when the file was read. */
  readSettingsFile(): void {
    this.answerSettingsScreen(this.settingsFile.read());
  }

  /** The settings screen's edit of one key: written when valid, refused in place when not (SettingsFileEditor). */
  editSetting(key: string, value: unknown): void {
    this.answerSettingsScreen(this.settingsFile.edit(key, value));
  }

  private answerSettingsScreen(state: Promise<SettingsFileState>): void {
    state.then(
      (answer) => this.send(IpcChannel.settingsFile, answer),
      (error: unknown) => this.options.log.warn('settings.screen-failed', { error: String(error) }),
    );
  }

  paste(): void {
    if (!this.options.renderer.isDestroyed()) this.options.renderer.paste();
  }

  /** The window's signal-handling view opened or closed (SignalsWatch). */
  watchSignals(open: boolean): void {
    this.signals.watch(open);
  }

  /** A pane's session says why it could not start, or why the app ends (written into its terminal: text, never a sequence). */
  private watch(pane: PaneId, session: SessionLifecycle): void {
    // the pane stays and says why; closing it (or the window) goes on (DESIGN: errors as values, shown to the user)
    this.register(
      session.onStartFailed((message) =>
        this.send(IpcChannel.exit, pane, {
          exitCode: EXIT_CODE_START_FAILED,
          message: visibleText(message),
          startFailed: true,
        } satisfies SessionEnd),
      ),
    );
    // the app exits right after: the page shows why while it can, stderr and the log keep it
    this.register(
      session.onUnguarded((message) => {
        this.send(IpcChannel.exit, pane, { exitCode: EXIT_CODE_INTERNAL_ERROR, message } satisfies SessionEnd);
        process.stderr.write(`ripcord: ${message}\n`);
      }),
    );
  }

  /** Output can outlive the window by a moment (close → exit): sending to a dead page throws. */
  private send(channel: string, ...args: unknown[]): void {
    if (this.options.renderer.isDestroyed()) return;
    this.options.renderer.send(channel, ...args);
  }
}
