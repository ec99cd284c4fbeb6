// A window's tabs and panes, as main decides them and the page shows them (issue #33): each
// pane is one session, named by its id in every message about it — main's IPC, the session
// host's commands and events, the page's screen. Main owns the layout and the focus (keys reach
// main first); the page draws what main sends and reports what the mouse does.

import type { Result } from './result';

/** A pane's id: decimal digits, short. */
export type PaneId = string;
/** A tab's id: decimal digits, short. */
export type TabId = string;

const ID = /^[0-9]{1,9}$/;
export const isPaneId = (value: unknown): value is PaneId => typeof value === 'string' && ID.test(value);
export const isTabId = (value: unknown): value is TabId => typeof value === 'string' && ID.test(value);

/** A tab's panes: one pane, or two side by side (right) or one above the other (down). */
export type PaneNode =
  { pane: PaneId } | { split: 'right' | 'down'; first: PaneNode; second: PaneNode; /** the first's share, 0..1 */ ratio: number };

/** A divider is never closer to an edge than this share: a pane stays a pane. */
const MIN_SPLIT_RATIO = 0.1;

/** A split's first share kept off the edges (main keeps it so; the page shows a drag so). */
export function clampSplitRatio(ratio: number): number {
  return Math.min(1 - MIN_SPLIT_RATIO, Math.max(MIN_SPLIT_RATIO, ratio));
}

export interface TabLayout {
  id: TabId;
  root: PaneNode;
}

/** What main sends the page whenever a tab or a pane comes, goes or takes the focus. */
export interface WindowLayout {
  tabs: TabLayout[];
  /** the tab in front */
  active: TabId;
  /** the pane that takes the keys: one of the active tab's */
  focused: PaneId;
  /** the profile each pane runs, by pane; a pane not named runs the `shell` setting */
  profiles?: Record<PaneId, string>;
}

/** What the mouse does to the layout, reported to main, which decides (the keys' twins are main's own). */
export type PaneAction =
  /** a click in a pane or on a tab (its focused pane) */
  | { kind: 'focus'; pane: PaneId }
  /** the tab's × */
  | { kind: 'close-tab'; tab: TabId }
  /** the start-failure panel's Close: that pane goes (the window's only pane: as the window's close) */
  | { kind: 'close-pane'; pane: PaneId }
  /** a click on a tab: it comes to front with the pane that had the keys there */
  | { kind: 'show-tab'; tab: TabId }
  /** the tab bar's + (`profile`: "New tab with profile…"; none: the default profile) */
  | { kind: 'new-tab'; profile?: string }
  /** a tab dragged before another (`before` undefined: to the end) */
  | { kind: 'move-tab'; tab: TabId; before?: TabId }
  /**
   * a divider dragged: the split whose second part begins with `pane` (its first pane in order:
   * no two splits share it) gives its first part this share
   */
  | { kind: 'resize-split'; pane: PaneId; ratio: number }
  /** the command palette ran one of main's actions (an id of main/core/actions.ts; main checks it) */
  | { kind: 'run-action'; action: string };

/** An action's id as the palette sends it: main looks it up in its table. */
const ACTION_ID = /^[A-Za-z0-9]{1,40}$/;

/** The panes of a node, in order (left before right, top before bottom). */
export function panesOf(node: PaneNode): PaneId[] {
  return 'pane' in node ? [node.pane] : [...panesOf(node.first), ...panesOf(node.second)];
}

/** A profile's name is a menu label: main looks it up in the settings' profiles (main/core/profiles.ts checks their names). */
const MAX_PROFILE_NAME_CHARS = 64;
const isProfileName = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_PROFILE_NAME_CHARS;

/** One action from the page, checked field by field. */
export function parsePaneAction(value: unknown): Result<PaneAction> {
  if (typeof value !== 'object' || value === null) return { ok: false, error: 'a pane action is one object' };
  const { kind, pane, tab, before, ratio, profile, action } = value as Record<string, unknown>;
  switch (kind) {
    case 'focus':
      return isPaneId(pane) ? { ok: true, value: { kind, pane } } : { ok: false, error: 'focus: bad pane' };
    case 'close-tab':
      return isTabId(tab) ? { ok: true, value: { kind, tab } } : { ok: false, error: 'close-tab: bad tab' };
    case 'close-pane':
      return isPaneId(pane) ? { ok: true, value: { kind, pane } } : { ok: false, error: 'close-pane: bad pane' };
    case 'show-tab':
      return isTabId(tab) ? { ok: true, value: { kind, tab } } : { ok: false, error: 'show-tab: bad tab' };
    case 'new-tab':
      if (profile !== undefined && !isProfileName(profile))
        return { ok: false, error: `new-tab: a profile is a name of 1..${MAX_PROFILE_NAME_CHARS} chars` };
      return { ok: true, value: { kind, profile } };
    case 'move-tab':
      if (!isTabId(tab) || (before !== undefined && !isTabId(before))) return { ok: false, error: 'move-tab: bad tab' };
      return { ok: true, value: { kind, tab, before } };
    case 'resize-split':
      if (!isPaneId(pane) || typeof ratio !== 'number' || !(ratio > 0 && ratio < 1))
        return { ok: false, error: 'resize-split: bad pane or ratio' };
      return { ok: true, value: { kind, pane, ratio } };
    case 'run-action':
      return typeof action === 'string' && ACTION_ID.test(action)
        ? { ok: true, value: { kind, action } }
        : { ok: false, error: 'run-action: bad action' };
    default:
      return { ok: false, error: `unknown pane action ${String(JSON.stringify(kind)).slice(0, 40)}` };
  }
}
