// A window's tabs and panes (issue #33), as main keeps them: which tabs there are in which
// order, how each tab's panes split its room, which tab is in front and which pane has the keys.
// Pure: the window (PaneWindow) starts and ends the sessions and sends the page each new layout.
import { clampSplitRatio, panesOf, type PaneId, type PaneNode, type TabId, type TabLayout, type WindowLayout } from '../../contracts/panes';

export type SplitDirection = 'right' | 'down';
export type FocusDirection = 'left' | 'right' | 'up' | 'down';

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export class PaneLayout {
  private tabs: TabLayout[] = [];
  private active: TabId = '';
  private focusedPane: PaneId = '';
  private nextTab = 1;
  /** the pane of each tab that had the keys last: the tab brings it back when it comes to front */
  private readonly keysIn = new Map<TabId, PaneId>();

  /** The layout with its first tab holding `pane`. */
  constructor(pane: PaneId) {
    this.addTab(pane);
  }

  /** A layout of these tabs (each a tree of new pane ids), the `active`-th in front with its `focused`-th pane focused. */
  static restored(roots: readonly PaneNode[], active: number, focused: number): PaneLayout {
    const [first, ...rest] = roots as [PaneNode, ...PaneNode[]];
    const layout = new PaneLayout(panesOf(first)[0] as PaneId);
    const firstTab = layout.tabs[0] as TabLayout;
    firstTab.root = first;
    for (const root of rest) layout.tabs.push({ id: String(layout.nextTab++), root });
    const tab = layout.tabs[active] ?? firstTab;
    const panes = panesOf(tab.root);
    layout.select(tab.id, panes[focused] ?? (panes[0] as PaneId));
    return layout;
  }

  get focused(): PaneId {
    return this.focusedPane;
  }

  get paneCount(): number {
    return this.tabs.reduce((count, tab) => count + panesOf(tab.root).length, 0);
  }

  has(pane: PaneId): boolean {
    return this.tabOf(pane) !== undefined;
  }

  /** The tab's panes, in order; none for a tab that is not there. */
  panesOfTab(tab: TabId): PaneId[] {
    const found = this.tabs.find((t) => t.id === tab);
    return found ? panesOf(found.root) : [];
  }

  /** The tab holding the pane, and its number counted from 1 (what `ripcord ps` says). */
  tabOf(pane: PaneId): { id: TabId; number: number } | undefined {
    const index = this.tabs.findIndex((tab) => panesOf(tab.root).includes(pane));
    const tab = this.tabs[index];
    return tab ? { id: tab.id, number: index + 1 } : undefined;
  }

  snapshot(): WindowLayout {
    return structuredClone({ tabs: this.tabs, active: this.active, focused: this.focusedPane });
  }

  /** A new tab at the end (as VS Code and Windows Terminal: Alt+N keeps reaching the same tab), holding `pane`, in front with the focus. */
  addTab(pane: PaneId): void {
    const tab: TabLayout = { id: String(this.nextTab++), root: { pane } };
    this.tabs.push(tab);
    this.select(tab.id, pane);
  }

  /** `pane` beside the focused one, which gives it half its room; the new pane takes the focus. */
  split(pane: PaneId, direction: SplitDirection): void {
    const tab = this.activeTab();
    tab.root = replace(tab.root, this.focusedPane, { split: direction, first: { pane: this.focusedPane }, second: { pane }, ratio: 0.5 });
    this.select(tab.id, pane);
  }

  /**
   * Takes the pane out: its sibling takes its room, a tab left empty goes. The focus, when it
   * was there, goes to the pane that took the room (or the next tab's). False when it was the last.
   */
  remove(pane: PaneId): boolean {
    const index = this.tabs.findIndex((t) => panesOf(t.root).includes(pane));
    const tab = this.tabs[index];
    if (!tab) return true;
    if (this.paneCount === 1) return false;
    const rest = without(tab.root, pane);
    if (rest) tab.root = rest;
    else this.tabs.splice(index, 1);
    if (this.keysIn.get(tab.id) === pane) this.keysIn.delete(tab.id);
    if (this.focusedPane === pane || !this.has(this.focusedPane)) {
      const next = rest ? tab : (this.tabs[Math.min(index, this.tabs.length - 1)] as TabLayout);
      this.showTab(next);
    }
    return true;
  }

  /** The pane takes the keys, and its tab comes to front; false when nothing changed (a pane not there, or focused already). */
  focus(pane: PaneId): boolean {
    const tab = this.tabOf(pane);
    return tab !== undefined && this.select(tab.id, pane);
  }

  /** The tab `delta` away from the one in front (wrapping) comes to front, with the pane that had the keys there; false when nothing changed. */
  cycleTab(delta: number): boolean {
    const at = this.tabs.findIndex((t) => t.id === this.active);
    const count = this.tabs.length;
    return this.showTab(this.tabs[(((at + delta) % count) + count) % count] as TabLayout);
  }

  /** The tab numbered `number` (from 1) comes to front, with the pane that had the keys there; false when there is none, or nothing changed. */
  goToTab(number: number): boolean {
    const tab = this.tabs[number - 1];
    return tab !== undefined && this.showTab(tab);
  }

  /** The nearest pane in that direction in the tab in front takes the focus; false when none is there (nothing changed). */
  moveFocus(direction: FocusDirection): boolean {
    const rects = new Map<PaneId, Rect>();
    layOut(this.activeTab().root, { left: 0, top: 0, right: 1, bottom: 1 }, rects);
    const from = rects.get(this.focusedPane) as Rect;
    let best: { pane: PaneId; distance: number; overlap: number } | undefined;
    for (const [pane, rect] of rects) {
      const distance = gap(from, rect, direction);
      const overlap =
        direction === 'left' || direction === 'right'
          ? span(from.top, from.bottom, rect.top, rect.bottom)
          : span(from.left, from.right, rect.left, rect.right);
      if (pane === this.focusedPane || distance < 0 || overlap <= 0) continue;
      if (!best || distance < best.distance || (distance === best.distance && overlap > best.overlap)) best = { pane, distance, overlap };
    }
    if (best) this.select(this.active, best.pane);
    return best !== undefined;
  }

  /** A tab dragged before another (none: to the end); false for a tab not there (nothing changed). */
  moveTab(tab: TabId, before: TabId | undefined): boolean {
    const from = this.tabs.findIndex((t) => t.id === tab);
    if (from < 0 || tab === before) return false;
    const [moved] = this.tabs.splice(from, 1) as [TabLayout];
    const to = before === undefined ? -1 : this.tabs.findIndex((t) => t.id === before);
    this.tabs.splice(to < 0 ? this.tabs.length : to, 0, moved);
    return true;
  }

  /** The split whose second part begins with `pane` gives its first part `ratio` (kept off the edges); false when no split does (nothing changed). */
  resizeSplit(pane: PaneId, ratio: number): boolean {
    const clamped = clampSplitRatio(ratio);
    for (const tab of this.tabs) {
      const split = splitBefore(tab.root, pane);
      if (split) {
        split.ratio = clamped;
        return true;
      }
    }
    return false;
  }

  /** The tab comes to front with the pane that had the keys there (its first when none has yet); false for a tab not there, or nothing changed. */
  showTab(tab: TabLayout | TabId): boolean {
    const shown = typeof tab === 'string' ? this.tabs.find((t) => t.id === tab) : tab;
    if (!shown) return false;
    const panes = panesOf(shown.root);
    const kept = this.keysIn.get(shown.id);
    return this.select(shown.id, kept !== undefined && panes.includes(kept) ? kept : (panes[0] as PaneId));
  }

  /** The tab in front and the focused pane; whether either changed. */
  private select(tab: TabId, pane: PaneId): boolean {
    const changed = tab !== this.active || pane !== this.focusedPane;
    this.active = tab;
    this.focusedPane = pane;
    this.keysIn.set(tab, pane);
    return changed;
  }

  private activeTab(): TabLayout {
    return this.tabs.find((t) => t.id === this.active) as TabLayout;
  }
}

function replace(node: PaneNode, pane: PaneId, by: PaneNode): PaneNode {
  if ('pane' in node) return node.pane === pane ? by : node;
  return { ...node, first: replace(node.first, pane, by), second: replace(node.second, pane, by) };
}

/** The node without the pane (its sibling takes the split's place); undefined when nothing is left. */
function without(node: PaneNode, pane: PaneId): PaneNode | undefined {
  if ('pane' in node) return node.pane === pane ? undefined : node;
  const first = without(node.first, pane);
  const second = without(node.second, pane);
  if (!first) return second;
  if (!second) return first;
  return { ...node, first, second };
}

function splitBefore(node: PaneNode, pane: PaneId): Extract<PaneNode, { split: string }> | undefined {
  if ('pane' in node) return undefined;
  if (panesOf(node.second)[0] === pane) return node;
  return splitBefore(node.first, pane) ?? splitBefore(node.second, pane);
}

function layOut(node: PaneNode, rect: Rect, into: Map<PaneId, Rect>): void {
  if ('pane' in node) {
    into.set(node.pane, rect);
    return;
  }
  if (node.split === 'right') {
    const middle = rect.left + (rect.right - rect.left) * node.ratio;
    layOut(node.first, { ...rect, right: middle }, into);
    layOut(node.second, { ...rect, left: middle }, into);
  } else {
    const middle = rect.top + (rect.bottom - rect.top) * node.ratio;
    layOut(node.first, { ...rect, bottom: middle }, into);
    layOut(node.second, { ...rect, top: middle }, into);
  }
}

/** How far `to` lies from `from` in the direction: negative when it is not that way. */
function gap(from: Rect, to: Rect, direction: FocusDirection): number {
  switch (direction) {
    case 'left':
      return to.right <= from.left ? from.left - to.right : -1;
    case 'right':
      return to.left >= from.right ? to.left - from.right : -1;
    case 'up':
      return to.bottom <= from.top ? from.top - to.bottom : -1;
    case 'down':
      return to.top >= from.bottom ? to.top - from.bottom : -1;
  }
}

function span(a1: number, a2: number, b1: number, b2: number): number {
  return Math.min(a2, b2) - Math.max(a1, b1);
}
