import { type PaneAction, type PaneId, type WindowLayout } from '../../contracts/panes';
import type { SessionEnd, SessionNotice } from '../../contracts/renderer';
import type { RipcordConfig } from '../core/config';
import { isActionId, isMainAction, Keymap, type MainActionId } from '../core/actions';
import { keyPlatformOf } from '../core/keys';
import { DisposableBase, type Disposable } from '../core/disposable';
import { Emitter } from '../core/emitter';
import { EXIT_CODE_CLEAN, EXIT_CODE_INTERNAL_ERROR } from '../core/exit-codes';
import { isDoublePressExit, type Trigger } from '../core/exit-decisions';
import type { SessionReaper } from '../platform/containment/containment-spawn';
import type { Logger } from '../platform/log/log';
import { ExitPath, type ExitPathHost } from '../decisions/exit-path';
import type { KeyTarget } from './key-entry';
import { PaneLayout } from './pane-layout';
import { restoredPanes, type SavedLayout } from './saved-layout';
import { PaneProfiles, type PaneProfile } from './pane-profiles';
import type { ExitScope, SessionEnding } from '../decisions/session-exits';
import type { SessionLifecycle } from '../lifecycle/session-lifecycle';

/** What a new pane's session starts from: its profile (none: the `shell` setting), and the pane whose directory it starts in, or a directory. */
export interface PaneStart {
  cwdFrom?: PaneId;
  profile?: string;
  cwd?: string;
}

export interface PaneWindowOptions {
  config: RipcordConfig;
  log: Logger;
  reaper: SessionReaper;
  /** what differs between hosts at the very end: what to restore, how the process dies */
  host: ExitPathHost;
  /** a pane's session with the settings as last edited, its decided exits going to `ending`; it starts on the page's first size for the pane */
  newSession(pane: PaneId, ending: SessionEnding, start: PaneStart, config: RipcordConfig): SessionLifecycle;
  /** the last layout to bring back (restoreLayout): its panes start new sessions where they were */
  restore?: SavedLayout;
}

/**
 * One window's panes on main's side (issue #33): each pane one session with its own Ctrl+C
 * machine, container and exit decisions; the window holds the layout and the focus — keys
 * reach main first (the key entry), so main decides what has them — and the app's one exit
 * path. The ruling (docs/design.md §3): with one pane everything is as it always was; with
 * several, a session's own exit (a double Ctrl+C, an exit command, its program's end) ends only
 * its pane, killing its container at once, and the app's triggers (close, signals, the global
 * shortcut, a SIGINT double press) end every session through the one exit path.
 */
export class PaneWindow extends DisposableBase implements KeyTarget {
  private readonly exitPath: ExitPath;
  private readonly layout: PaneLayout;
  private readonly sessions = new Map<PaneId, SessionLifecycle>();
  /** panes whose program ended by itself, shown until a key: the code each ended with */
  private readonly ended = new Map<PaneId, number>();
  private readonly profiles = new PaneProfiles(() => this.config);
  private readonly layouts = this.register(new Emitter<WindowLayout>());
  private readonly opened = this.register(new Emitter<{ pane: PaneId; session: SessionLifecycle }>());
  private readonly notices = this.register(new Emitter<{ pane: PaneId; notice: SessionNotice }>());
  private readonly ends = this.register(new Emitter<{ pane: PaneId; end: SessionEnd }>());
  /** each pane's Ctrl+C key presses so far (pressCtrlC) */
  private readonly presses = new Map<PaneId, number>();
  private readonly pressed = this.register(new Emitter<{ pane: PaneId; press: number }>());
  private nextPane = 1;
  private config: RipcordConfig;
  private keys: Keymap;

  /** The tabs, the panes or the focus changed. */
  readonly onLayout = this.layouts.event;
  /** A pane's session was made (the first at construction: a listener added later finds it in `panes`). */
  readonly onPaneOpened = this.opened.event;
  /** Something the user must know, shown in a pane (a tab closed, the pane limit). */
  readonly onNotice = this.notices.event;
  /** A pane's program ended by itself and the pane stays until a key: how it ended. */
  readonly onPaneEnded = this.ends.event;
  /** A Ctrl+C key press of a pane, numbered (1, 2, …), before its session decides it. */
  readonly onPress = this.pressed.event;

  constructor(private readonly options: PaneWindowOptions) {
    super();
    this.config = options.config;
    this.keys = keymapOf(options.config);
    this.exitPath = new ExitPath({ reaper: options.reaper, log: options.log, host: options.host });
    if (options.restore) {
      // a saved pane whose profile the settings no longer have runs the default one, in its folder
      const { roots, starts } = restoredPanes(
        options.restore,
        () => String(this.nextPane++),
        (saved) => (this.profiles.known(saved.profile) ? saved : { ...saved, ...this.profiles.defaultOne() }),
      );
      this.layout = PaneLayout.restored(roots, options.restore.active, options.restore.focused);
      for (const [pane, start] of starts) this.open(pane, start);
      options.log.event('layout.restored', { tabs: roots.length, panes: starts.size });
      return;
    }
    const first = String(this.nextPane++);
    this.layout = new PaneLayout(first);
    this.open(first, this.profiles.defaultOne());
  }

  get exiting(): boolean {
    return this.exitPath.exiting;
  }

  /** The settings as last edited say to keep the layout (restoreLayout). */
  get restoresLayout(): boolean {
    return this.config.restoreLayout;
  }

  get current(): WindowLayout {
    return { ...this.layout.snapshot(), profiles: this.profiles.all() };
  }

  /** Every pane's session, by pane. */
  get panes(): ReadonlyMap<PaneId, SessionLifecycle> {
    return this.sessions;
  }

  /** The app's exit path's last words. */
  onExit(listener: () => void): Disposable {
    return this.exitPath.onExit(listener);
  }

  /**
   * An app trigger (a signal, the close, the shortcut): a running pane's session decides it for
   * the app — the focused one's (SIGINT: one press of its machine), or while that pane shows how
   * its program ended, another's (while the app runs, one runs).
   */
  trigger = (trigger: Trigger): void => {
    const running = [this.layout.focused, ...this.sessions.keys()].find((pane) => !this.ended.has(pane));
    const session = running === undefined ? undefined : this.sessions.get(running);
    if (session) session.trigger(trigger);
    else this.exitNow(EXIT_CODE_INTERNAL_ERROR, `${trigger.kind} with no session running`);
  };

  /**
   * A Ctrl+C key press: numbered per pane and announced (onPress: main holds the pane's screen at
   * the key, DESIGN §6), then decided by the focused pane's session, the number going with it.
   */
  pressCtrlC(): void {
    if (this.closeIfEnded()) return;
    const pane = this.layout.focused;
    const session = this.sessions.get(pane);
    if (!session) return;
    const press = (this.presses.get(pane) ?? 0) + 1;
    this.presses.set(pane, press);
    this.pressed.fire({ pane, press });
    session.pressCtrlC(press);
  }

  keyPressed(): void {
    if (this.closeIfEnded()) return;
    this.sessions.get(this.layout.focused)?.keyPressed();
  }

  get keymap(): Keymap {
    return this.keys;
  }

  /** One of main's actions (main/core/actions.ts), by its key or from the palette. */
  runAction(action: MainActionId): void {
    // another key: the focused pane's double press is over, whatever the key does
    this.endDoublePress();
    this.mainActions[action]();
  }

  /** Main's rows of the action table: what each does (a row without its handler does not compile). */
  private readonly mainActions: Record<MainActionId, () => void> = {
    newTab: () => this.newTab(undefined),
    closeTab: () => this.closeTab(this.layout.tabOf(this.layout.focused)?.id),
    nextTab: () => this.change(() => this.layout.cycleTab(1)),
    previousTab: () => this.change(() => this.layout.cycleTab(-1)),
    ...(Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [`goToTab${n}`, () => this.change(() => this.layout.goToTab(n))]),
    ) as Record<`goToTab${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`, () => void>),
    splitRight: () => this.newPane((pane) => this.layout.split(pane, 'right'), this.profiles.forSplit(this.layout.focused)),
    splitDown: () => this.newPane((pane) => this.layout.split(pane, 'down'), this.profiles.forSplit(this.layout.focused)),
    focusLeft: () => this.change(() => this.layout.moveFocus('left')),
    focusRight: () => this.change(() => this.layout.moveFocus('right')),
    focusUp: () => this.change(() => this.layout.moveFocus('up')),
    focusDown: () => this.change(() => this.layout.moveFocus('down')),
  };

  /** What the mouse did in the page. */
  paneAction(action: PaneAction): void {
    switch (action.kind) {
      case 'focus':
        // the focus moving away ends a double press there, as another key does
        if (action.pane !== this.layout.focused) this.endDoublePress();
        this.change(() => this.layout.focus(action.pane));
        return;
      case 'close-tab':
        this.closeTab(action.tab);
        return;
      case 'close-pane':
        this.closePane(action.pane);
        return;
      case 'show-tab':
        if (!this.layout.panesOfTab(action.tab).includes(this.layout.focused)) this.endDoublePress();
        this.change(() => this.layout.showTab(action.tab));
        return;
      case 'new-tab':
        this.newTab(action.profile);
        return;
      case 'move-tab':
        this.change(() => this.layout.moveTab(action.tab, action.before));
        return;
      case 'resize-split':
        this.change(() => this.layout.resizeSplit(action.pane, action.ratio));
        return;
      // the palette: one of main's actions by name (the page's own it runs itself)
      case 'run-action':
        if (isActionId(action.action) && isMainAction(action.action)) this.runAction(action.action);
        return;
    }
  }

  input(pane: PaneId, data: string): void {
    this.sessions.get(pane)?.input(data);
  }

  resize(pane: PaneId, cols: number, rows: number): void {
    this.sessions.get(pane)?.resize(cols, rows);
  }

  /** The settings file was edited: every session takes what applies to it (SessionLifecycle.updateConfig). */
  updateConfig(config: RipcordConfig): void {
    this.config = config;
    this.keys = keymapOf(config);
    for (const session of this.sessions.values()) session.updateConfig(config);
  }

  /** An exit the host chose (internal error, cannot start): the one exit path. */
  exitNow(code: number, reason: string): void {
    this.exitPath.exitNow(code, reason);
  }

  override dispose(): void {
    for (const session of this.sessions.values()) session.dispose();
    super.dispose();
  }

  private open(pane: PaneId, start: PaneStart): void {
    const ending: SessionEnding = {
      ended: (code, reason, scope) => this.sessionEnded(pane, code, reason, scope),
      onExit: (listener) => this.exitPath.onExit(listener),
    };
    const session = this.options.newSession(pane, ending, start, this.config);
    this.sessions.set(pane, session);
    this.profiles.set(pane, start);
    this.opened.fire({ pane, session });
  }

  private newTab(profile: string | undefined): void {
    const tab = this.profiles.forTab(profile);
    if (tab.ok) this.newPane((pane) => this.layout.addTab(pane), tab.start);
    else this.notices.fire({ pane: this.layout.focused, notice: tab.notice });
  }

  /** A new pane placed by `place`, running `start`'s profile: in the focused pane's directory unless the profile has its own. */
  private newPane(place: (pane: PaneId) => void, start: PaneProfile): void {
    const max = this.config.maxPanes;
    if (this.layout.paneCount >= max) {
      this.notices.fire({
        pane: this.layout.focused,
        notice: {
          level: 'warning',
          title: `ripcord: this window holds at most ${max} panes`,
          lines: ['close one first, or raise the maxPanes setting'],
        },
      });
      return;
    }
    const pane = String(this.nextPane++);
    const cwdFrom = this.ended.has(this.layout.focused) || this.profiles.hasOwnCwd(start) ? undefined : this.layout.focused;
    place(pane);
    this.open(pane, { cwdFrom, ...start });
    this.options.log.event('pane.opened', { pane, panes: this.layout.paneCount, ...start });
    this.layouts.fire(this.current);
  }

  private sessionEnded(pane: PaneId, code: number, reason: string, scope: ExitScope): void {
    if (this.exitPath.exiting) return;
    const quitsApp = scope === 'app' || this.layout.paneCount === 1 || (isDoublePressExit(reason) && this.config.doubleCtrlC === 'app');
    if (quitsApp) {
      this.exitPath.exitNow(code, reason);
      return;
    }
    this.options.log.event('pane.session-ended', { pane, code, reason });
    if (reason === 'session-ended' && !this.config.closeEndedPanes) {
      // its processes go now, as at any end of a session; the pane shows how it ended until a key
      const session = this.sessions.get(pane);
      const transcript = session?.transcriptDir;
      session?.close();
      this.ended.set(pane, code);
      this.ends.fire({ pane, end: { exitCode: code, closesOnKey: true, transcript } });
      if (this.ended.size === this.layout.paneCount) this.exitPath.exitNow(code, 'every pane ended');
      return;
    }
    this.closePanes([pane]);
  }

  private endDoublePress(): void {
    if (!this.ended.has(this.layout.focused)) this.sessions.get(this.layout.focused)?.keyPressed();
  }

  /** A key in a pane whose program ended closes it; true when it did. */
  private closeIfEnded(): boolean {
    const pane = this.layout.focused;
    if (!this.ended.has(pane)) return false;
    this.closePanes([pane]);
    return true;
  }

  /** The start-failure panel's Close: the window's only pane closes as the window does (its code: DESIGN §3), one of several goes alone. */
  private closePane(pane: PaneId): void {
    if (!this.sessions.has(pane)) return;
    if (this.layout.paneCount === 1) {
      this.trigger({ kind: 'window-close' });
      return;
    }
    this.closePanes([pane]);
  }

  private closeTab(tab: string | undefined): void {
    if (tab === undefined) return;
    const panes = this.layout.panesOfTab(tab);
    if (panes.length === 0) return;
    if (panes.length === this.layout.paneCount) {
      // the last tab: as closing the window
      this.trigger({ kind: 'window-close' });
      return;
    }
    const running = panes.filter((pane) => !this.ended.has(pane)).length;
    this.closePanes(panes);
    const lines = [
      running === 0
        ? 'nothing was running in it'
        : `${running === 1 ? 'its session was' : `its ${running} sessions were`} ended: every process of ${running === 1 ? 'it' : 'them'} is stopped`,
    ];
    this.notices.fire({ pane: this.layout.focused, notice: { level: 'info', title: 'ripcord: a tab was closed', lines } });
  }

  /**
   * The panes' sessions end at once (their containers killed, DESIGN §4) and the panes go; when
   * only panes whose program ended are left, the app quits with the last one's code.
   */
  private closePanes(panes: PaneId[]): void {
    for (const pane of panes) {
      this.sessions.get(pane)?.close();
      this.sessions.delete(pane);
      this.profiles.delete(pane);
      const lastCode = this.ended.get(pane);
      this.ended.delete(pane);
      if (!this.layout.remove(pane)) {
        // the window's last pane: the app goes with it, as with one pane always
        this.exitPath.exitNow(lastCode ?? EXIT_CODE_CLEAN, 'last pane closed');
        return;
      }
      this.options.log.event('pane.closed', { pane, panes: this.layout.paneCount });
    }
    if (this.ended.size === this.layout.paneCount) {
      const codes = [...this.ended.values()];
      this.exitPath.exitNow(codes[codes.length - 1] ?? EXIT_CODE_CLEAN, 'every pane ended');
      return;
    }
    this.layouts.fire(this.current);
  }

  /** A focus, order or size change: the page hears of it when the layout says it changed something. */
  private change(apply: () => boolean): void {
    if (apply()) this.layouts.fire(this.current);
  }
}

/** The window's keys: the action table with the settings' bindings, read as this platform reads them. */
const keymapOf = (config: RipcordConfig): Keymap => new Keymap(config.keybindings, keyPlatformOf(process.platform));
