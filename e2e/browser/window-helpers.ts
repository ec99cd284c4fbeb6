// A window's tabs and panes in the harness's page, as the panes, tabs and notices specs drive
// them: main's layout as the page last got it, the focused pane's prompt, the window's keys.
// Every wait is on a state, never on a clock.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { PaneId, WindowLayout } from '../../contracts/panes';
import { panesOf } from '../../contracts/panes';
import { type Harness, type HarnessStart, openTerminal, PROMPT, waitFor } from './harness-fixture';

/** Bound on a pane's prompt, a process going, a layout arriving; never asserted as a timing. */
export const WAIT_MS = 15_000;

export const layout = (page: Page): Promise<WindowLayout | undefined> => page.evaluate(() => window.__ripcordHarness?.layout);

/** The layout once `check` holds for it. */
export async function layoutWhen(page: Page, what: string, check: (layout: WindowLayout) => boolean): Promise<WindowLayout> {
  return waitFor(what, WAIT_MS, async () => {
    const now = await layout(page);
    return now && check(now) ? now : undefined;
  });
}

export const paneCount = (l: WindowLayout): number => l.tabs.reduce((n, tab) => n + panesOf(tab.root).length, 0);

/** The focused pane's prompt, on its cursor row with nothing typed after it. */
export async function focusedPrompt(page: Page): Promise<void> {
  await page.waitForFunction(
    (prompt) => {
      const state = window.__ripcordHarness;
      const view = state?.layout && window.__ripcordTestPane?.(state.layout.focused);
      if (!view) return false;
      const cursor = view.cursor();
      return view.screen()[cursor.y]?.trimEnd() === prompt.trimEnd() && cursor.x === prompt.length;
    },
    PROMPT,
    { timeout: WAIT_MS, polling: 50 },
  );
}

/** A harness (from the spec's harnessPerTest) with its page open at the first pane's prompt. */
export async function openWindow(
  page: Page,
  harnesses: { start(options?: HarnessStart): Promise<Harness> },
  options?: HarnessStart,
): Promise<Harness> {
  const h = await harnesses.start(options);
  await openTerminal(page, h);
  await focusedPrompt(page);
  return h;
}

/** A key of the window; resolves with the layout once main sent the change. */
export async function windowKey(page: Page, key: string, what: string, check: (layout: WindowLayout) => boolean): Promise<WindowLayout> {
  await page.keyboard.press(key);
  return layoutWhen(page, what, check);
}

/** A new tab (Ctrl+Shift+T) with its prompt: its pane. */
export async function newTab(page: Page): Promise<PaneId> {
  const before = await layout(page);
  const after = await windowKey(page, 'Control+Shift+T', 'a new tab', (l) => l.tabs.length === (before?.tabs.length ?? 0) + 1);
  await focusedPrompt(page);
  return after.focused;
}

/** The rows of a pane's terminal grid. */
export async function paneRows(page: Page, pane: PaneId): Promise<number> {
  return page.evaluate((id) => window.__ripcordTestPane?.(id)?.size().rows ?? 0, pane);
}

/** axe-core's serious and critical violations on the page as it is (the changed surfaces' check). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
