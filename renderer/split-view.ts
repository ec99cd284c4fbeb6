// A tab's panes as main splits them (issue #33): the split tree as nested boxes, a divider
// between the two sides of each split. A divider dragged moves the panes with the pointer, and
// main hears the new share at the drop: main decides the layout, the page only shows the drag.
import { clampSplitRatio, panesOf, type PaneId, type PaneNode, type TabId, type TabLayout } from '../contracts/panes';

/** The id of a tab's panel, which its tab in the tab bar names (aria-controls). */
export function panelId(tab: TabId): string {
  return `ripcord-tab-panel-${tab}`;
}

export interface SplitViewParts {
  /** a pane's own element, the same one each time the tree is drawn again */
  paneElement(pane: PaneId): HTMLElement;
  /** a divider was dropped: the split whose second side starts with `pane` has this share now */
  resized(pane: PaneId, ratio: number): void;
}

/** A tab's panel: its split tree drawn with the panes' elements. */
export function tabPanel(tab: TabLayout, parts: SplitViewParts): HTMLElement {
  const panel = document.createElement('div');
  panel.className = 'ripcord-tab-panel';
  panel.id = panelId(tab.id);
  panel.setAttribute('role', 'tabpanel');
  panel.setAttribute('aria-labelledby', `ripcord-tab-${tab.id}`);
  panel.append(splitNode(tab.root, parts));
  return panel;
}

function splitNode(node: PaneNode, parts: SplitViewParts): HTMLElement {
  if ('pane' in node) {
    const element = parts.paneElement(node.pane);
    // a pane that was a split's side keeps no share of it: alone in its tab it takes the whole
    element.style.flex = '';
    return element;
  }
  const split = document.createElement('div');
  split.className = `ripcord-split ripcord-split-${node.split}`;
  const first = splitNode(node.first, parts);
  const second = splitNode(node.second, parts);
  first.style.flex = `${node.ratio} 1 0`;
  second.style.flex = `${1 - node.ratio} 1 0`;
  const divider = document.createElement('div');
  divider.className = 'ripcord-divider';
  divider.setAttribute('role', 'separator');
  divider.setAttribute('aria-orientation', node.split === 'right' ? 'vertical' : 'horizontal');
  divider.setAttribute('aria-valuenow', String(Math.round(node.ratio * 100)));
  divider.setAttribute('aria-label', 'Drag to resize the panes');
  divider.addEventListener('pointerdown', (event) => dragDivider(event, { split, first, second }, node, parts));
  split.append(first, divider, second);
  return split;
}

/** A divider dragged: the panes follow the pointer, and main hears the share at the drop. */
function dragDivider(
  event: PointerEvent,
  { split, first, second }: { split: HTMLElement; first: HTMLElement; second: HTMLElement },
  node: Extract<PaneNode, { split: string }>,
  parts: SplitViewParts,
): void {
  event.preventDefault();
  const divider = event.currentTarget as HTMLElement;
  divider.setPointerCapture(event.pointerId);
  let ratio = node.ratio;
  const move = (moved: PointerEvent): void => {
    const box = split.getBoundingClientRect();
    ratio = clampSplitRatio(node.split === 'right' ? (moved.clientX - box.left) / box.width : (moved.clientY - box.top) / box.height);
    first.style.flex = `${ratio} 1 0`;
    second.style.flex = `${1 - ratio} 1 0`;
  };
  const up = (): void => {
    divider.removeEventListener('pointermove', move);
    divider.removeEventListener('pointerup', up);
    const pane = panesOf(node.second)[0];
    if (pane !== undefined) parts.resized(pane, ratio);
  };
  divider.addEventListener('pointermove', move);
  divider.addEventListener('pointerup', up);
}
