// The last layout, as `restoreLayout` keeps it (issue #45, docs/usage.md#the-last-layout): the
// tabs' split trees with their sizes, and for each pane only what a new session starts from — its
// profile's name and its working folder. Never a process, a pid, a screen or a session id:
// nothing of the old sessions survives (DESIGN §4).
import { clampSplitRatio, panesOf, type PaneId, type PaneNode, type WindowLayout } from '../../contracts/panes';
import type { Result } from '../../contracts/result';

/** What a restored pane's new session starts from. */
export interface SavedPane {
  profile?: string;
  cwd?: string;
}

export type SavedNode = { pane: SavedPane } | { split: 'right' | 'down'; ratio: number; first: SavedNode; second: SavedNode };

export interface SavedLayout {
  version: 1;
  tabs: SavedNode[];
  /** the tab in front, counted from 0 */
  active: number;
  /** the pane with the keys, counted from 0 in the front tab's order */
  focused: number;
}

/** A folder is a path; past this it is not one the kernel takes (PATH_MAX). */
const MAX_PATH_CHARS = 4096;
const MAX_NAME_CHARS = 64;
/** Deeper than this no window splits (maxPanes is at most 256, a tree of them is at most that deep). */
const MAX_DEPTH = 256;

/** The layout as saved: `pane` says what each pane started from and where it is now. */
export function savedLayout(layout: WindowLayout, pane: (id: PaneId) => SavedPane): SavedLayout {
  const save = (node: PaneNode): SavedNode =>
    'pane' in node
      ? { pane: pane(node.pane) }
      : { split: node.split, ratio: node.ratio, first: save(node.first), second: save(node.second) };
  const active = Math.max(
    0,
    layout.tabs.findIndex((tab) => tab.id === layout.active),
  );
  const front = layout.tabs[active];
  return {
    version: 1,
    tabs: layout.tabs.map((tab) => save(tab.root)),
    active,
    focused: Math.max(0, front ? panesOf(front.root).indexOf(layout.focused) : 0),
  };
}

/** The saved file's content, checked: a layout of at most `maxPanes` panes, or why not. */
export function parseSavedLayout(raw: unknown, maxPanes: number): Result<SavedLayout> {
  if (!isObject(raw) || raw.version !== 1 || !Array.isArray(raw.tabs) || raw.tabs.length === 0)
    return { ok: false, error: 'not a saved layout (version 1, one tab at least)' };
  let panes = 0;
  const node = (value: unknown, depth: number): SavedNode | undefined => {
    if (!isObject(value) || depth > MAX_DEPTH) return undefined;
    if ('pane' in value) {
      if (!isObject(value.pane) || ++panes > maxPanes) return undefined;
      const { profile, cwd } = value.pane;
      if (profile !== undefined && !isText(profile, MAX_NAME_CHARS)) return undefined;
      if (cwd !== undefined && !(isText(cwd, MAX_PATH_CHARS) && cwd.startsWith('/'))) return undefined;
      return { pane: { profile, cwd } };
    }
    const { split, ratio } = value;
    if ((split !== 'right' && split !== 'down') || typeof ratio !== 'number' || !(ratio > 0 && ratio < 1)) return undefined;
    const first = node(value.first, depth + 1);
    const second = first && node(value.second, depth + 1);
    return second && { split, ratio: clampSplitRatio(ratio), first, second };
  };
  const tabs: SavedNode[] = [];
  for (const tab of raw.tabs as unknown[]) {
    const checked = node(tab, 0);
    if (!checked) return { ok: false, error: panes > maxPanes ? `more than maxPanes (${maxPanes}) panes` : 'a tab is no pane tree' };
    tabs.push(checked);
  }
  const active = isIndex(raw.active, tabs.length) ? raw.active : 0;
  const front = tabs[active] as SavedNode;
  const focused = isIndex(raw.focused, savedPanes(front).length) ? raw.focused : 0;
  return { ok: true, value: { version: 1, tabs, active, focused } };
}

/** The panes of a saved tree, in order. */
export function savedPanes(node: SavedNode): SavedPane[] {
  return 'pane' in node ? [node.pane] : [...savedPanes(node.first), ...savedPanes(node.second)];
}

/** The saved tabs with a new pane id (`newId`) for each pane, and what each pane starts from (`start`). */
export function restoredPanes(
  saved: SavedLayout,
  newId: () => PaneId,
  start: (pane: SavedPane) => SavedPane,
): { roots: PaneNode[]; starts: Map<PaneId, SavedPane> } {
  const starts = new Map<PaneId, SavedPane>();
  const withIds = (node: SavedNode): PaneNode => {
    if (!('pane' in node)) return { split: node.split, ratio: node.ratio, first: withIds(node.first), second: withIds(node.second) };
    const pane = newId();
    starts.set(pane, start(node.pane));
    return { pane };
  };
  return { roots: saved.tabs.map(withIds), starts };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown, max: number): value is string {
  // eslint-disable-next-line no-control-regex
  return typeof value === 'string' && value.length > 0 && value.length <= max && !/[\u0000-\u001f\u007f]/.test(value);
}

function isIndex(value: unknown, length: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < length;
}
