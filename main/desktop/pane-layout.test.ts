import { describe, expect, it } from 'vitest';
import { PaneLayout } from './pane-layout';

describe('PaneLayout', () => {
  it('starts with one tab of one pane, and adds a tab at the end with the focus, whichever tab is in front', () => {
    const layout = new PaneLayout('1');
    expect(layout.snapshot()).toEqual({ tabs: [{ id: '1', root: { pane: '1' } }], active: '1', focused: '1' });
    layout.addTab('2');
    layout.focus('1');
    layout.addTab('3');
    expect(layout.snapshot().tabs.map((t) => t.id)).toEqual(['1', '2', '3']);
    expect(layout.snapshot()).toMatchObject({ active: '3', focused: '3' });
    expect(layout.tabOf('2')).toEqual({ id: '2', number: 2 });
    expect(layout.paneCount).toBe(3);
  });

  it('brings a tab back with the pane that had the keys there (Alt+N, the cycle, a click on it)', () => {
    const layout = new PaneLayout('1');
    layout.split('2', 'right');
    layout.focus('1');
    layout.addTab('3');
    expect(layout.goToTab(1)).toBe(true);
    expect(layout.snapshot()).toMatchObject({ active: '1', focused: '1' });
    layout.moveFocus('right');
    layout.cycleTab(1);
    layout.cycleTab(-1);
    expect(layout.snapshot()).toMatchObject({ active: '1', focused: '2' });
    layout.goToTab(2);
    expect(layout.showTab('1')).toBe(true);
    expect(layout.snapshot().focused).toBe('2');
    // the pane that had the keys gone: the tab's first
    layout.goToTab(2);
    layout.remove('2');
    layout.goToTab(1);
    expect(layout.snapshot().focused).toBe('1');
  });

  it('splits the focused pane and moves the focus by where panes are', () => {
    const layout = new PaneLayout('1');
    layout.split('2', 'right');
    layout.split('3', 'down');
    // 1 | 2
    //   | 3
    expect(layout.focused).toBe('3');
    expect(layout.moveFocus('up')).toBe(true);
    expect(layout.focused).toBe('2');
    expect(layout.moveFocus('right')).toBe(false);
    expect(layout.moveFocus('left')).toBe(true);
    expect(layout.focused).toBe('1');
    expect(layout.moveFocus('right')).toBe(true);
    expect(['2', '3']).toContain(layout.focused);
    expect(layout.panesOfTab('1')).toEqual(['1', '2', '3']);
  });

  it('removes a pane: its sibling takes the room and the focus; an empty tab goes; the last pane stays', () => {
    const layout = new PaneLayout('1');
    layout.split('2', 'right');
    layout.addTab('3');
    expect(layout.remove('3')).toBe(true);
    expect(layout.snapshot().tabs).toHaveLength(1);
    expect(layout.snapshot().active).toBe('1');
    expect(layout.remove('2')).toBe(true);
    expect(layout.snapshot()).toEqual({ tabs: [{ id: '1', root: { pane: '1' } }], active: '1', focused: '1' });
    expect(layout.remove('1')).toBe(false);
    expect(layout.has('1')).toBe(true);
  });

  it('cycles and numbers tabs, moves them, and resizes a split within bounds', () => {
    const layout = new PaneLayout('1');
    layout.addTab('2');
    layout.addTab('3');
    layout.cycleTab(1);
    expect(layout.focused).toBe('1');
    layout.cycleTab(-1);
    expect(layout.focused).toBe('3');
    expect(layout.goToTab(2)).toBe(true);
    expect(layout.focused).toBe('2');
    expect(layout.goToTab(9)).toBe(false);
    expect(layout.moveTab('1', undefined)).toBe(true);
    expect(layout.snapshot().tabs.map((t) => t.id)).toEqual(['2', '3', '1']);
    expect(layout.moveTab('1', '2')).toBe(true);
    expect(layout.snapshot().tabs.map((t) => t.id)).toEqual(['1', '2', '3']);
    layout.split('4', 'down');
    expect(layout.resizeSplit('4', 0.99)).toBe(true);
    expect(layout.snapshot().tabs[1]?.root).toMatchObject({ split: 'down', ratio: 0.9 });
    expect(layout.resizeSplit('2', 0.5)).toBe(false);
  });
});
