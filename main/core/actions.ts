// The one table of the window's actions (issue #45): each with its title, its default keys, the
// process it runs in and where its key applies. Main's key entry, the page's key handling, the
// context menu, the command palette, the macOS menu and docs/usage.md's key list are drawn from
// it, and the `keybindings` setting is checked against it. Adding an action is a row here and its
// handler (main: PaneWindow.runAction; the page: the pane's handlers in renderer/pane-terminal.ts).
import {
  ariaKeyShortcut,
  chordOf,
  isCtrlC,
  keyLabel,
  matches,
  parseKey,
  sameChord,
  type Chord,
  type KeyPlatform,
  type KeyPress,
} from './keys';

/** Where an action runs: main acts before the page sees the key (tabs, panes); the page acts on the focused pane. */
export type ActionRuns = 'main' | 'page';
/** Where a page action's key is read: the terminal, or an overlay that has the keys and passes the key on. */
export type KeyPlace = 'terminal' | 'process-view' | 'notices' | 'start-failure' | 'signals';

export interface ActionSpec {
  title: string;
  /** the default keys, as the settings write them */
  keys: readonly string[];
  runs: ActionRuns;
  /** where its key applies (main's actions: everywhere in the window) */
  places: readonly KeyPlace[];
  /** a held key runs it once, not once per repeat */
  once?: boolean;
}

const TERMINAL: readonly KeyPlace[] = ['terminal'];
const EVERYWHERE: readonly KeyPlace[] = ['terminal', 'process-view', 'notices', 'start-failure', 'signals'];
const main = (title: string, ...keys: string[]): ActionSpec & { runs: 'main' } => ({
  title,
  keys,
  runs: 'main',
  places: EVERYWHERE,
  once: true,
});
const page = (title: string, keys: string[], places = TERMINAL, once = false): ActionSpec & { runs: 'page' } => ({
  title,
  keys,
  runs: 'page',
  places,
  once,
});

export const ACTIONS = {
  commandPalette: page('Show all commands', ['Ctrl+Shift+P']),
  newTab: main('New tab', 'Ctrl+Shift+T'),
  closeTab: main('Close tab', 'Ctrl+Shift+W'),
  nextTab: main('Next tab', 'Ctrl+Tab', 'Ctrl+PageDown'),
  previousTab: main('Previous tab', 'Ctrl+Shift+Tab', 'Ctrl+PageUp'),
  goToTab1: main('Go to tab 1', 'Alt+1'),
  goToTab2: main('Go to tab 2', 'Alt+2'),
  goToTab3: main('Go to tab 3', 'Alt+3'),
  goToTab4: main('Go to tab 4', 'Alt+4'),
  goToTab5: main('Go to tab 5', 'Alt+5'),
  goToTab6: main('Go to tab 6', 'Alt+6'),
  goToTab7: main('Go to tab 7', 'Alt+7'),
  goToTab8: main('Go to tab 8', 'Alt+8'),
  goToTab9: main('Go to tab 9', 'Alt+9'),
  // VS Code's split (Ctrl+Shift+5), Windows Terminal's (Alt+Shift+Plus right, Alt+Shift+Minus down)
  splitRight: main('Split the pane right', 'Ctrl+Shift+5', 'Alt+Shift+Plus', 'Alt+Shift+NumpadAdd'),
  splitDown: main('Split the pane down', 'Alt+Shift+Minus', 'Alt+Shift+NumpadSubtract'),
  focusLeft: main('Focus the pane to the left', 'Alt+Left'),
  focusRight: main('Focus the pane to the right', 'Alt+Right'),
  focusUp: main('Focus the pane above', 'Alt+Up'),
  focusDown: main('Focus the pane below', 'Alt+Down'),
  find: page('Find…', ['Ctrl+Shift+F']),
  copy: page('Copy', ['Ctrl+Shift+C']),
  paste: page('Paste', ['Ctrl+Shift+V']),
  selectAll: page('Select All', []),
  clear: page('Clear', []),
  previousCommand: page('Scroll to the previous command', ['Ctrl+Up']),
  nextCommand: page('Scroll to the next command', ['Ctrl+Down']),
  // Ctrl+Shift+P is the palette's (VS Code's, Windows Terminal's); J for jobs, a key no terminal program reads
  toggleProcesses: page('Show the processes', ['Ctrl+Shift+J'], ['terminal', 'process-view']),
  stopJob: page('Stop the running job', ['Ctrl+Shift+K'], ['terminal', 'process-view'], true),
  toggleNotices: page('Show recent notices', ['Ctrl+Shift+N'], ['terminal', 'notices']),
  // L for live; `ripcord stats --follow` in the window
  toggleSignals: page('Show signal handling, live', ['Ctrl+Shift+L'], ['terminal', 'signals']),
  focusBanner: page("Go to the banner's buttons", ['Ctrl+Shift+B']),
  zoomIn: page('Zoom in', ['CmdOrCtrl+Plus', 'CmdOrCtrl+Shift+Plus', 'CmdOrCtrl+NumpadAdd']),
  zoomOut: page('Zoom out', ['CmdOrCtrl+Minus', 'CmdOrCtrl+NumpadSubtract']),
  zoomReset: page('Reset the zoom', ['CmdOrCtrl+0', 'CmdOrCtrl+Numpad0']),
  contextMenu: page('Open the context menu', ['Shift+F10', 'ContextMenu']),
  toggleScreenReader: page('Switch screen reader mode', ['Shift+Alt+F1'], TERMINAL, true),
  newTabWithProfile: page('New tab with profile…', []),
  // VS Code's and Windows Terminal's key for their settings screen; the start failure's Ctrl+, opens the file
  openSettings: page('Open the settings', ['Ctrl+,'], ['terminal', 'start-failure']),
  openSettingsFile: page('Open the settings file', []),
} as const satisfies Record<string, ActionSpec>;

export type ActionId = keyof typeof ACTIONS;
export const ACTION_IDS = Object.keys(ACTIONS) as ActionId[];
export type MainActionId = { [K in ActionId]: (typeof ACTIONS)[K]['runs'] extends 'main' ? K : never }[ActionId];
export type PageActionId = Exclude<ActionId, MainActionId>;

export function isActionId(value: unknown): value is ActionId {
  return typeof value === 'string' && Object.hasOwn(ACTIONS, value);
}

export function isMainAction(id: ActionId): id is MainActionId {
  return ACTIONS[id].runs === 'main';
}

/** The `keybindings` setting: an action's one key, or null to unbind it ("none" is read as null). */
export type Keybindings = Partial<Record<ActionId, string | null>>;

/** The word written instead of null to unbind an action. */
export const KEY_NONE = 'none';

/** What the page and main match keys with: the table's keys with the settings' bindings laid over them. */
export class Keymap {
  private readonly entries: Array<{ id: ActionId; chord: Chord }> = [];

  constructor(
    bindings: Keybindings,
    readonly platform: KeyPlatform,
  ) {
    for (const id of ACTION_IDS) for (const chord of chordsOf(id, bindings, platform)) this.entries.push({ id, chord });
  }

  /** The action `press` runs where it was read (main's key entry: 'main'), or undefined. */
  action(press: KeyPress, place: KeyPlace | 'main'): ActionId | undefined {
    for (const { id, chord } of this.entries) {
      const spec: ActionSpec = ACTIONS[id];
      if (!matches(press, chord)) continue;
      if (place === 'main' ? spec.runs === 'main' : spec.runs === 'page' && spec.places.includes(place)) return id;
    }
    return undefined;
  }

  /** The keys of `id` as shown ("Ctrl+Shift+T"), first the one to show alone. */
  labels(id: ActionId): string[] {
    return this.entries.filter((entry) => entry.id === id).map((entry) => keyLabel(entry.chord));
  }

  /** The keys of `id` as aria-keyshortcuts wants them ("Control+Shift+T Alt+Shift+Plus"); '' for none. */
  ariaShortcuts(id: ActionId): string {
    return this.entries
      .filter((entry) => entry.id === id)
      .map((entry) => ariaKeyShortcut(entry.chord))
      .join(' ');
  }
}

/** The chords `id` runs on: its binding if it has a good one, else its defaults. */
function chordsOf(id: ActionId, bindings: Keybindings, platform: KeyPlatform): Chord[] {
  const bound = Object.hasOwn(bindings, id) ? bindings[id] : undefined;
  if (bound === null || bound === KEY_NONE) return [];
  if (typeof bound === 'string') {
    const parsed = parseKey(bound, platform);
    if (parsed.ok) return [parsed.value];
  }
  return ACTIONS[id].keys.map((text) => chordOf(text, platform));
}

/** A refused binding: the dotted settings key and why. */
export interface KeybindingProblem {
  key: string;
  message: string;
}

/**
 * What the schema cannot say about `keybindings`, in the file's order: a key that does not parse,
 * Ctrl+C (the double press's, DESIGN §2), the global shortcut's key, and a key two actions would
 * share (the later binding is refused). A refused binding leaves its action its default keys.
 */
export function keybindingProblems(bindings: Record<string, unknown>, globalShortcut: string | null): KeybindingProblem[] {
  const platform: KeyPlatform = 'other';
  const problems: KeybindingProblem[] = [];
  // said in the message: an edited file's banner otherwise says a key with a problem keeps its previous value
  const refuse = (id: string, message: string): void =>
    void problems.push({ key: `keybindings.${id}`, message: `${message}; the action keeps its default keys` });
  const shortcut = globalShortcut === null ? undefined : parseKey(globalShortcut, platform);
  const bound = new Map<ActionId, Chord>();
  for (const [id, text] of Object.entries(bindings)) {
    if (!isActionId(id) || typeof text !== 'string' || text === KEY_NONE) continue;
    const parsed = parseKey(text, platform);
    if (!parsed.ok) refuse(id, `${JSON.stringify(text)} is not a key: ${parsed.error}`);
    else if (isCtrlC(parsed.value))
      refuse(id, 'Ctrl+C cannot be bound: it is the key that cancels, and pressed twice quits (it is never an action)');
    else if (shortcut?.ok && sameChord(parsed.value, shortcut.value))
      refuse(id, `${keyLabel(parsed.value)} is the global shortcut (globalShortcut), which quits ripcord`);
    else bound.set(id, parsed.value);
  }
  // every action's keys once the good bindings are in (a swap of two actions' keys is fine)
  const order = [...bound.keys()];
  for (const [id, chord] of bound) {
    const other = ACTION_IDS.find((otherId) => {
      if (otherId === id) return false;
      const theirs = bound.get(otherId);
      // of two bindings on one key the first in the file keeps it
      if (theirs !== undefined) return order.indexOf(otherId) < order.indexOf(id) && sameChord(theirs, chord);
      return Object.hasOwn(bindings, otherId) ? false : ACTIONS[otherId].keys.some((text) => sameChord(chordOf(text, platform), chord));
    });
    if (other !== undefined)
      refuse(id, `${keyLabel(chord)} is already the key of ${other} ("${ACTIONS[other].title}"): unbind that first (null)`);
  }
  return problems;
}
