// Issue #33: a split's divider dragged with the mouse in the harness's real Chromium page. The
// panes follow the pointer, main hears the share at the drop and sends the layout back; the page
// never decides it. Every wait is on a state, never on a clock.
import { expect, test } from '@playwright/test';
import type { PaneNode } from '../../contracts/panes';
import { harnessPerTest } from './harness-fixture';
import { layout, layoutWhen, openWindow, paneCount, windowKey } from './window-helpers';

const harnesses = harnessPerTest();

/** The share of the first split of the active tab, as main holds it. */
const splitRatio = (root: PaneNode): number | undefined => ('split' in root ? root.ratio : undefined);

test('a divider dragged to a quarter of the window: the panes follow, main takes the share, and it is announced', async ({ page }) => {
  await openWindow(page, harnesses);
  const split = await windowKey(page, 'Control+Shift+Digit5', 'a split', (l) => paneCount(l) === 2);
  expect(splitRatio(split.tabs[0]!.root)).toBe(0.5);

  const divider = page.locator('.ripcord-divider');
  await expect(divider).toHaveAttribute('aria-valuenow', '50');
  const area = await page.locator('.ripcord-split').boundingBox();
  const handle = await divider.boundingBox();
  if (!area || !handle) throw new Error('the split is not in the page');
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width / 4, handle.y + handle.height / 2, { steps: 4 });
  // before the drop: the panes follow the pointer, main has heard nothing yet
  const sides = page.locator('.ripcord-split > .ripcord-pane');
  await expect(sides.first()).toHaveCSS('flex-grow', /^0\.2[45]/);
  expect(splitRatio((await layout(page))!.tabs[0]!.root)).toBe(0.5);
  await page.mouse.up();

  const resized = await layoutWhen(page, 'the dropped share', (l) => Math.abs((splitRatio(l.tabs[0]!.root) ?? 0.5) - 0.25) < 0.02);
  expect(paneCount(resized)).toBe(2);
  await expect(page.locator('.ripcord-divider')).toHaveAttribute('aria-valuenow', /^2[45]$/);
});
