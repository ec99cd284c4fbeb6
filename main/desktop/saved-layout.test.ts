import { describe, expect, it } from 'vitest';
import { PaneLayout } from './pane-layout';
import { parseSavedLayout, restoredPanes, savedLayout } from './saved-layout';

describe('the saved layout', () => {
  it('keeps the splits, sizes, profiles and folders, and comes back with new pane ids in the same places', () => {
    const layout = PaneLayout.restored([{ split: 'right', ratio: 0.3, first: { pane: '7' }, second: { pane: '9' } }, { pane: '12' }], 1, 0);
    const saved = savedLayout(layout.snapshot(), (pane) => (pane === '9' ? { profile: 'fish', cwd: '/srv' } : { cwd: `/p${pane}` }));
    expect(saved).toEqual({
      version: 1,
      active: 1,
      focused: 0,
      tabs: [
        { split: 'right', ratio: 0.3, first: { pane: { cwd: '/p7' } }, second: { pane: { profile: 'fish', cwd: '/srv' } } },
        { pane: { cwd: '/p12' } },
      ],
    });
    const parsed = parseSavedLayout(JSON.parse(JSON.stringify(saved)), 32);
    expect(parsed).toEqual({ ok: true, value: saved });
    let next = 1;
    const { roots, starts } = restoredPanes(
      saved,
      () => String(next++),
      (pane) => pane,
    );
    expect(roots).toEqual([{ split: 'right', ratio: 0.3, first: { pane: '1' }, second: { pane: '2' } }, { pane: '3' }]);
    expect(starts.get('2')).toEqual({ profile: 'fish', cwd: '/srv' });
  });

  it('refuses what is no layout, too many panes, relative folders and control characters; a bad index falls back to the first', () => {
    expect(parseSavedLayout([], 32).ok).toBe(false);
    expect(parseSavedLayout({ version: 2, tabs: [{ pane: {} }] }, 32).ok).toBe(false);
    expect(parseSavedLayout({ version: 1, tabs: [{ pane: {} }, { pane: {} }] }, 1)).toEqual({
      ok: false,
      error: 'more than maxPanes (1) panes',
    });
    expect(parseSavedLayout({ version: 1, tabs: [{ pane: { cwd: 'relative' } }] }, 32).ok).toBe(false);
    expect(parseSavedLayout({ version: 1, tabs: [{ pane: { profile: 'a\u001b[2J' } }] }, 32).ok).toBe(false);
    expect(parseSavedLayout({ version: 1, tabs: [{ split: 'right', ratio: 2, first: { pane: {} }, second: { pane: {} } }] }, 32).ok).toBe(
      false,
    );
    expect(parseSavedLayout({ version: 1, tabs: [{ pane: { pid: 5 } }], active: 9, focused: -1 }, 32)).toEqual({
      ok: true,
      value: { version: 1, tabs: [{ pane: {} }], active: 0, focused: 0 },
    });
  });
});
