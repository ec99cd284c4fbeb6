// The window's tabs and panes in the page (issue #33): it draws the layout main sends — a tab
// bar, each tab's panes split as main says, one terminal per pane with its own overlays — and
// tells main what the mouse does. Main decides; the page never changes the layout by itself.
import type { PaneId, TabId, WindowLayout } from '../contracts/panes';
import { panesOf } from '../contracts/panes';
import type { RendererSettings, RipcordApi, SessionEnd } from '../contracts/renderer';
import { startTerminal, type PaneStatus, type TerminalObserver, type TerminalPane } from './pane-terminal';
import type { RendererKind } from './gpu-renderer';
import { PaneRouter } from './pane-api';
import { WindowTitle } from './window-title';
import { TabBar, type TabLabel } from './tab-bar';
import { WindowNotices } from './notices';
import { ProfileMenu } from './profile-menu';
import { SettingsScreen } from './settings-screen';
import { PageKeys } from './page-keys';
import { CommandPalette } from './command-palette';
import { isMainAction, type ActionId } from '../main/core/actions';
import { SignalsOverlay } from './signals-view';
import { panelId, tabPanel } from './split-view';

/** What the window knows of a pane for its tab and the window's title. */
interface PaneState {
  /** once the pane's box is in the page (startTerminal measures it) */
  view?: TerminalPane;
  element: HTMLElement;
  /** the program's own title (OSC 0/2), until the next prompt */
  title: string;
  /** the program holding the terminal, by name */
  program: string;
  directory: string;
  processes?: number;
  activity: boolean;
  bell: boolean;
  ended?: SessionEnd;
}

export class Workspace {
  private readonly router: PaneRouter;
  private readonly panes = new Map<PaneId, PaneState>();
  private readonly tabBar: TabBar;
  private readonly area: HTMLElement;
  private readonly windowTitle = new WindowTitle();
  private readonly notices: WindowNotices;
  /** the window's keys, as the settings bind them (one keymap for every pane and overlay) */
  private readonly keys: PageKeys;
  private readonly palette: CommandPalette;
  /** the window's live view of signal handling (one per window, over every pane) */
  readonly signals: SignalsOverlay;
  private layout: WindowLayout | undefined;
  /** each tab's pane that had the keys when it was last in front: it names the tab (main keeps the same to give them back) */
  private readonly tabFocus = new Map<TabId, PaneId>();
  private structure = '';
  private settings: RendererSettings;
  private readonly profileMenu: ProfileMenu;
  private readonly settingsScreen: SettingsScreen;

  constructor(
    private readonly api: RipcordApi,
    settings: RendererSettings,
    private readonly root: HTMLElement,
    private readonly renderer: RendererKind,
    private readonly observe?: TerminalObserver,
  ) {
    this.settings = settings;
    this.router = new PaneRouter(api);
    this.area = document.createElement('div');
    this.area.className = 'ripcord-tab-area';
    root.append(this.area);
    this.keys = new PageKeys(settings.keybindings);
    this.tabBar = new TabBar(
      root,
      (action) => api.paneAction(action),
      panelId,
      this.keys,
      () => this.openProfilePicker(this.tabBar.profilesButton),
    );
    this.profileMenu = new ProfileMenu(root, {
      newTab: (profile) => api.paneAction({ kind: 'new-tab', profile }),
      openSettings: () => this.openSettings(),
      refocus: () => this.focused()?.view?.focus(),
    });
    this.tabBar.showAlways(settings.profiles.length > 0);
    this.settingsScreen = new SettingsScreen(root, api, () => this.focused()?.view?.focus());
    // before the first pane's fit: its grid already leaves room for the banners
    this.notices = new WindowNotices(root, this.area, () => this.focused()?.view?.focus(), this.keys);
    this.notices.settings(settings, false);
    this.palette = new CommandPalette(
      root,
      this.keys,
      (id) => this.runAction(id),
      () => this.focused()?.view?.focus(),
    );
    this.signals = new SignalsOverlay(root, api, this.keys, () => this.focused()?.view?.focus());
    api.onSettings((next) => {
      this.keys.update(next.keybindings);
      this.notices.settings(next, true);
      this.settings = next;
      this.tabBar.showAlways(next.profiles.length > 0);
      this.settingsScreen.refresh();
      this.refreshHints();
      this.renderTabs();
    });
    // the settings screen keeps the keys while it is open (a dialog: aria-modal)
    window.addEventListener('focus', () => {
      if (!this.settingsScreen.isOpen) this.focused()?.view?.focus();
    });
  }

  /** "New tab with profile…": the menu of the settings' profiles, under `anchor` (the tab bar's ˅) or at the window's top right. */
  openProfilePicker(anchor?: HTMLElement): void {
    this.profileMenu.open(this.settings.profiles, this.settings.defaultProfile, anchor);
  }

  /** The settings screen (its "Open the JSON file" opens the file in the system's editor). */
  openSettings(): void {
    this.settingsScreen.open();
  }

  /** Draws main's layout: new panes start their terminal, closed ones go, the focused one gets the keys. */
  apply(layout: WindowLayout): void {
    this.layout = layout;
    this.tabFocus.set(layout.active, layout.focused);
    for (const tab of this.tabFocus.keys()) if (!layout.tabs.some((t) => t.id === tab)) this.tabFocus.delete(tab);
    const present = new Set(layout.tabs.flatMap((tab) => panesOf(tab.root)));
    for (const [pane, state] of this.panes) {
      if (present.has(pane)) continue;
      state.view?.dispose();
      this.panes.delete(pane);
      this.router.drop(pane);
    }
    const structure = JSON.stringify(layout.tabs);
    if (structure !== this.structure) {
      this.structure = structure;
      const parts = {
        paneElement: (pane: PaneId) => this.paneElement(pane),
        resized: (pane: PaneId, ratio: number) => this.api.paneAction({ kind: 'resize-split', pane, ratio }),
      };
      this.area.replaceChildren(...layout.tabs.map((tab) => tabPanel(tab, parts)));
    }
    for (const tab of layout.tabs) {
      const panel = document.getElementById(panelId(tab.id));
      if (panel) panel.hidden = tab.id !== layout.active;
    }
    const active = layout.tabs.find((tab) => tab.id === layout.active);
    for (const pane of active ? panesOf(active.root) : []) {
      const state = this.panes.get(pane);
      if (state) Object.assign(state, { activity: false, bell: false });
    }
    for (const [pane, state] of this.panes) {
      state.element.classList.toggle('ripcord-pane-focused', pane === layout.focused && this.panes.size > 1);
      state.view?.setFocused(pane === layout.focused);
    }
    this.refreshHints();
    this.renderTabs();
    if (!this.settingsScreen.isOpen) this.focused()?.view?.focus();
  }

  /** An action from the palette: main's go to main (it decides, as for their keys), the page's run on the focused pane. */
  private runAction(id: ActionId): void {
    if (isMainAction(id)) this.api.paneAction({ kind: 'run-action', action: id });
    else this.focused()?.view?.runAction(id);
  }

  private focused(): PaneState | undefined {
    return this.layout && this.panes.get(this.layout.focused);
  }

  private paneElement(pane: PaneId): HTMLElement {
    const known = this.panes.get(pane);
    if (known) return known.element;
    const element = document.createElement('section');
    element.className = 'ripcord-pane';
    element.dataset.pane = pane;
    element.setAttribute('aria-label', `Terminal ${pane}`);
    const box = document.createElement('div');
    box.className = 'ripcord-pane-terminal';
    element.append(box);
    const state: PaneState = { element, title: '', program: '', directory: '', activity: false, bell: false };
    this.panes.set(pane, state);
    const settings = this.settings;
    // the terminal measures its box: it starts once the box is in the page
    queueMicrotask(() => {
      if (!this.panes.has(pane)) return; // closed before it started
      const view = startTerminal(
        this.router.pane(pane),
        settings,
        box,
        this.renderer,
        this.status(pane, state),
        pane,
        this.keys,
        this.observe,
      );
      state.view = view;
      view.setDoublePressCloses(this.doublePressCloses());
      view.setFocused(this.layout?.focused === pane);
      if (this.layout?.focused === pane) view.focus();
    });
    return element;
  }

  private status(pane: PaneId, state: PaneState): PaneStatus {
    const inBack = (): boolean => this.layout?.focused !== pane && !this.isInFront(pane);
    const changed = (): void => this.renderTabs();
    return {
      title: (text) => {
        state.title = text;
        changed();
      },
      directory: (path) => {
        state.directory = path;
        changed();
      },
      processCount: (count) => {
        state.processes = count;
        changed();
      },
      foreground: (program) => {
        state.program = program;
        changed();
      },
      output: () => {
        if (!state.activity && inBack()) {
          state.activity = true;
          changed();
        }
      },
      bell: () => {
        if (inBack()) {
          state.bell = true;
          changed();
        }
      },
      ended: (end) => {
        state.ended = end;
        changed();
      },
      notice: (notice) => this.notices.show(notice),
      toggleNotices: () => this.notices.toggleRecent(),
      focusBanner: () => this.notices.focusBanner(),
      openPalette: () => this.palette.open(),
      openSettings: () => this.openSettings(),
      toggleSignals: () => this.signals.panel.toggle(),
      // under the tab bar's ˅ when the bar shows; at the window's top right when it does not (one tab, no profiles)
      openProfilePicker: () =>
        this.openProfilePicker(this.tabBar.profilesButton.offsetParent === null ? undefined : this.tabBar.profilesButton),
    };
  }

  private isInFront(pane: PaneId): boolean {
    const active = this.layout?.tabs.find((tab) => tab.id === this.layout?.active);
    return active !== undefined && panesOf(active.root).includes(pane);
  }

  private doublePressCloses(): 'pane' | 'app' {
    return this.panes.size > 1 && this.settings.doubleCtrlC === 'pane' ? 'pane' : 'app';
  }

  private refreshHints(): void {
    const closes = this.doublePressCloses();
    for (const state of this.panes.values()) state.view?.setDoublePressCloses(closes);
  }

  private renderTabs(): void {
    const { layout } = this;
    if (!layout) return;
    const labels = layout.tabs.map((tab): TabLabel => {
      const states = panesOf(tab.root)
        .map((pane) => this.panes.get(pane))
        .filter((s): s is PaneState => s !== undefined);
      const lead = states[0];
      // the pane that has (or had) the keys in this tab names it
      const focus = this.tabFocus.get(tab.id);
      const named = (focus === undefined ? undefined : this.panes.get(focus)) ?? lead;
      const ended = states.length > 0 && states.every((s) => s.ended) ? `ended with code ${lead?.ended?.exitCode ?? '?'}` : undefined;
      const processes = states.reduce<number | undefined>(
        (sum, s) => (s.processes === undefined ? sum : (sum ?? 0) + s.processes),
        undefined,
      );
      const title = named ? tabTitle(named) : 'shell';
      const profile = layout.profiles?.[panesOf(tab.root)[0] ?? ''];
      const color = this.settings.profiles.find((entry) => entry.name === profile)?.color;
      return { id: tab.id, title, color, activity: states.some((s) => s.activity), bell: states.some((s) => s.bell), processes, ended };
    });
    // main brings the tab to front with the pane that had the keys there
    this.tabBar.render(labels, layout.active, (tab: TabId) => this.api.paneAction({ kind: 'show-tab', tab }));
    const focused = this.focused();
    this.windowTitle.setProgramTitle(focused?.title ?? '');
    if (focused?.processes !== undefined) this.windowTitle.setProcessCount(focused.processes);
  }
}

/** What runs first — the program's own title, else its name — and the folder second (issue #44). */
function tabTitle(state: PaneState): string {
  const folder = state.directory ? (state.directory.split('/').filter(Boolean).pop() ?? '/') : '';
  const what = state.title || state.program;
  return [what, folder].filter(Boolean).join(' · ') || 'shell';
}
