import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { SearchAddon } from '@xterm/addon-search';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { ClipboardAddon } from '@xterm/addon-clipboard';
import type { RendererSettings, SessionEnd, SessionNotice } from '../contracts/renderer';
import type { PaneApi } from './pane-api';
import { AckCounter } from './ack-counter';
import { CommandMarks } from './command-marks';
import { OutputQueue } from './output-queue';
import { HintOverlay } from './hint-overlay';
import { SearchBox } from './search-box';
import { copySelection, copyText, GatedClipboardProvider } from './clipboard';
import { ContextMenu } from './context-menu';
import { LiveSettings } from './live-settings';
import { ScreenReaderToggle } from './screen-reader';
import { GpuRenderer, type RendererKind } from './gpu-renderer';
import { showStartFailure } from './start-failure';
import { sessionEndText } from './session-text';
import { LinkPreview } from './link-preview';
import { ProcessViewOverlay } from './process-view';
import { WindowTheme } from './window-theme';
import { FontZoom } from './font-zoom';
import { isBrowserPaste, runsOn, type PageActionId, type PageKeys } from './page-keys';

/** OSC 7: the shell reports its working directory as a file:// URL (the tab shows its name). */
const OSC_WORKING_DIRECTORY = 7;

/** The path of an OSC 7 `file://host/path` URL; undefined for anything else. */
export function directoryOf(data: string): string | undefined {
  try {
    const url = new URL(data);
    return url.protocol === 'file:' ? decodeURIComponent(url.pathname) : undefined;
  } catch {
    return undefined;
  }
}

/** Wide enough to grab, and the search matches' marks in it stay visible (the fit leaves it free). */
const SCROLLBAR_WIDTH_PX = 14;

/** What a pane's terminal tells its window: what its tab shows (title, activity, the bell, its end). */
export interface PaneStatus {
  title(text: string): void;
  /** the shell's directory, as OSC 7 reports it */
  directory(path: string): void;
  processCount(count: number): void;
  /** the program holding the terminal, by name */
  foreground(program: string): void;
  output(): void;
  bell(): void;
  ended(end: SessionEnd): void;
  /** something to tell the user: the window shows it once (notices.ts) */
  notice(notice: SessionNotice): void;
  /** toggleNotices: the window's recent notices */
  toggleNotices(): void;
  /** focusBanner: the keys to the window's banner; false when none shows */
  focusBanner(): boolean;
  /** commandPalette: the window's palette */
  openPalette(): void;
  /** openSettings: the window's settings screen */
  openSettings(): void;
  /** newTabWithProfile: the window's menu of profiles */
  openProfilePicker(): void;
  /** toggleSignals: the window's live view of signal handling */
  toggleSignals(): void;
}

/** One pane's terminal, as its window holds it. */
export interface TerminalPane {
  /** the keys go to its terminal (or its open search box) */
  focus(): void;
  /** whether main's layout gives this pane the keys; a pane without them draws its output paced (UnfocusedPacer) unless paceBackgroundPanes is off */
  setFocused(focused: boolean): void;
  /** a double Ctrl+C closes this pane (several panes, the "pane" setting) or quits the app: the hint says which */
  setDoublePressCloses(what: 'pane' | 'app'): void;
  /** one of the page's actions (main/core/actions.ts), by its key or from the palette */
  runAction(action: PageActionId): void;
  dispose(): void;
}

/** A pane's terminal as it starts, as a page built on the renderer's (startPage) may watch it. */
export interface StartedTerminal {
  pane: string;
  terminal: Terminal;
  renderer(): RendererKind;
  output: Pick<OutputQueue, 'holding' | 'parsedChars' | 'pacedByTurns'>;
}

/**
 * Told of each pane's terminal as it starts. The product's page has none; the browser harness's
 * build of the page (e2e/harness/renderer-main.ts) offers its tests a view of each terminal with
 * one, so nothing of the tests is in the renderer that ships (docs/testing.md).
 */
export type TerminalObserver = (started: StartedTerminal) => void;

/**
 * One pane's terminal in `root`. Every listener on the host API is registered before the first
 * resize() call, so a host may start the pane's session on that first resize without losing output.
 */
export function startTerminal(
  api: PaneApi,
  settings: RendererSettings,
  root: HTMLElement,
  renderer: RendererKind,
  status: PaneStatus,
  pane: string,
  keys: PageKeys,
  observe?: TerminalObserver,
): TerminalPane {
  // before the terminal's element exists: the preview sits in the same box
  const links = new LinkPreview(root, (url) => api.openLink(url));
  const terminal = new Terminal({
    fontFamily: settings.fontFamily,
    fontSize: settings.fontSize,
    minimumContrastRatio: settings.minimumContrastRatio,
    // the search's matches are marked in the scrollbar
    overviewRuler: { width: SCROLLBAR_WIDTH_PX },
    scrollback: settings.scrollback,
    screenReaderMode: settings.screenReaderMode,
    // the unicode11 width tables are a "proposed" API in xterm 6
    allowProposedApi: true,
    // OSC 8 hyperlinks take the same gate as detected links: shown on hover, Ctrl/Cmd+click opens
    linkHandler: { ...links.handler, allowNonHttpProtocols: false },
  });

  const fit = new FitAddon();
  const search = new SearchAddon();
  terminal.loadAddon(fit);
  terminal.loadAddon(new Unicode11Addon());
  terminal.unicode.activeVersion = '11';
  terminal.loadAddon(search);
  terminal.loadAddon(new WebLinksAddon(links.handler.activate, { hover: links.handler.hover, leave: links.handler.leave }));
  terminal.loadAddon(new ClipboardAddon(undefined, new GatedClipboardProvider(settings.allowClipboardWrite)));

  const hint = new HintOverlay(root, () => keys.shown('stopJob'));
  const acks = new AckCounter(settings.ackEveryChars, (chars) => api.ack(chars));
  const output = new OutputQueue(terminal, (chars) => acks.parsed(chars));
  api.onData((data) => {
    output.push(data);
    status.output();
  });
  // A held press is the user's Ctrl+C, which main took before xterm saw it: xterm is told of it
  // as user input (nothing is sent), and does what it does for a key — shows the bottom
  // (scrollOnUserInput) and parses its next write at once instead of in a later task: the hold's
  // "draw nothing" before the next frame of the flood, the prompt after the cut as it arrives
  // (docs/benchmarks.md#interrupt-under-a-flood).
  api.onFlush((press) => {
    output.answered(press, 'cut');
    terminal.input('', true);
  });
  api.onHold((holding, press) => {
    if (holding) {
      terminal.input('', true);
      output.holdFor(press);
    } else output.answered(press, 'no-cut');
  });
  api.onHint((state) => hint.update(state));
  const processes = new ProcessViewOverlay(root, api, () => terminal.focus(), keys);
  api.onProcesses((view) => processes.update(view));
  api.onProcessCount((count) => status.processCount(count));
  api.onForeground((program) => status.foreground(program));
  api.onStopOutcome((outcome) => status.notice({ level: 'info', title: outcome.message, lines: [] }));
  api.onToggleProcesses(() => processes.panel.toggle());
  api.onNotice((notice) => status.notice(notice));
  let failure: HTMLElement | undefined;
  api.onExit((end) => {
    status.ended(end);
    hint.update({ visible: false, remainingMs: 0 });
    terminal.options.disableStdin = true;
    if (!end.startFailed) {
      terminal.write(sessionEndText(end));
      return;
    }
    // the panel alone says what failed: the terminal behind it stays empty, without a cursor
    terminal.write('\x1b[?25l');
    failure = showStartFailure(
      root,
      end.message ?? 'the program could not start',
      settings.settingsFile,
      { openSettings: () => api.openSettings(), close: () => api.close() },
      keys,
    );
  });
  // Ctrl+C is not special here: the host takes it before the page sees it (the desktop in
  // before-input-event, the browser harness in its page's first key listener), so xterm never
  // sends it; a "\x03" in the input is a byte for the program.
  terminal.onData((data) => {
    // '': a press told to xterm (above), not input
    if (data !== '') api.input(data);
  });
  terminal.onBinary((data) => api.input(data));
  terminal.onResize(({ cols, rows }) => api.resize(cols, rows));
  terminal.onTitleChange((text) => status.title(text));
  terminal.onBell(() => status.bell());
  terminal.parser.registerOscHandler(OSC_WORKING_DIRECTORY, (data) => {
    const directory = directoryOf(data);
    if (directory !== undefined) status.directory(directory);
    return true;
  });

  const theme = new WindowTheme(terminal, settings);
  terminal.open(root);
  const gpu = new GpuRenderer(terminal, (kind, reason) => {
    root.dataset.renderer = kind;
    console.info(`ripcord: ${kind} renderer (${reason})`);
  });
  gpu.start(renderer);

  const searchBox = new SearchBox(root, terminal, search, () => theme.chrome);
  // a program's own title (OSC 0/2) names the tab until the next prompt; then the foreground program does
  const marks = new CommandMarks(terminal, root, () => status.title(''));
  const zoom = new FontZoom(terminal, settings.fontSize, () => fit.fit());
  const menu = new ContextMenu(
    root,
    terminal,
    {
      run: (action) => actions[action](),
      linkUnderPointer: () => links.linkUnderPointer,
      openLink: (url) => api.openLink(url),
      copyText,
    },
    keys,
  );
  const screenReader = new ScreenReaderToggle(root, terminal);
  // the page's rows of the action table: what each does in this pane
  const actions: Record<PageActionId, () => void> = {
    commandPalette: () => status.openPalette(),
    find: () => searchBox.open(),
    copy: () => copySelection(terminal),
    paste: () => api.paste(),
    selectAll: () => terminal.selectAll(),
    clear: () => terminal.clear(),
    previousCommand: () => marks.jump(-1),
    nextCommand: () => marks.jump(1),
    toggleProcesses: () => processes.panel.toggle(),
    stopJob: () => api.stopJob(),
    toggleNotices: () => status.toggleNotices(),
    focusBanner: () => void status.focusBanner(),
    zoomIn: () => zoom.zoom('in'),
    zoomOut: () => zoom.zoom('out'),
    zoomReset: () => zoom.zoom('reset'),
    contextMenu: () => menu.openAtCursor(),
    toggleScreenReader: () => screenReader.toggle(),
    newTabWithProfile: () => status.openProfilePicker(),
    toggleSignals: () => status.toggleSignals(),
    openSettings: () => status.openSettings(),
    openSettingsFile: () => api.openSettings(),
  };
  // the window's keys for the page are not the program's: false keeps xterm from sending them
  terminal.attachCustomKeyEventHandler((event) => {
    const action = keys.action(event, 'terminal');
    if (action === undefined) return true;
    // Ctrl+Shift+V is not prevented: the browser's own paste follows, needs no clipboard
    // permission, and xterm's paste handler brackets it when the program asked for it
    if (runsOn(event, action) && !(action === 'paste' && isBrowserPaste(event))) {
      event.preventDefault();
      actions[action]();
    }
    return false;
  });
  const live = new LiveSettings(terminal, settings, theme, zoom, () => fit.fit());
  let hasKeys = true;
  const pace = (): void => output.pace(!hasKeys && live.paceBackgroundPanes);
  api.onSettings((next) => {
    live.apply(next);
    pace();
  });
  terminal.onSelectionChange(() => {
    if (live.copyOnSelect && !searchBox.isOpen && terminal.hasSelection()) copySelection(terminal);
  });

  const resizes = fitOnResize(root, fit);
  fit.fit();
  api.resize(terminal.cols, terminal.rows);
  // a click in the pane gives it the keys: main decides, and the layout says so
  root.addEventListener('mousedown', () => api.focused());
  observe?.({ pane, terminal, renderer: () => gpu.kind, output });
  return {
    focus: () => {
      if (failure) failure.querySelector('button')?.focus();
      else if (!searchBox.isOpen) terminal.focus();
    },
    setFocused: (focused) => {
      hasKeys = focused;
      pace();
    },
    setDoublePressCloses: (what) => hint.setDoublePressCloses(what),
    runAction: (action) => actions[action](),
    dispose: () => {
      output.dispose();
      resizes.disconnect();
      hint.dispose();
      theme.dispose();
      terminal.dispose();
      root.remove();
    },
  };
}

/** Refit on every size change of the terminal's box, at most once per frame; a hidden tab's box (0×0) is not fitted. */
function fitOnResize(root: HTMLElement, fit: FitAddon): ResizeObserver {
  let scheduled = false;
  const observer = new ResizeObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      if (root.clientWidth > 0 && root.clientHeight > 0) fit.fit();
    });
  });
  observer.observe(root);
  return observer;
}
