// Issue #44 item 7: a theme switch repaints every surface, with overlays open. The window follows
// the system's scheme (window-theme.ts); the scheme flips twice with the find box, the process
// view and a warning banner open over two tabs, and after each flip every surface's computed
// colours are the scheme's: a light background with dark text, or the reverse.
import { expect, type Page, test } from '@playwright/test';
import { harnessPerTest, openTerminal } from './harness-fixture';
import { focusedPrompt, newTab } from './window-helpers';

const harnesses = harnessPerTest();

/** Each surface, by its selector: what the user sees of the window. */
const SURFACES = {
  'tab bar': '.ripcord-tabbar',
  'selected tab': '.ripcord-tab:has([aria-selected="true"])',
  'find box': '.ripcord-search',
  'find field': '.ripcord-search input',
  'process view': '.ripcord-processes',
  banner: '.ripcord-banner',
  // the first shown: the tab in front's (its pixels are checked too: terminalPixel)
  terminal: '.xterm-viewport',
} as const;

type Scheme = 'light' | 'dark';

/** Per surface: the relative luminance (0..1) of its background and of its text, as the page draws them. */
async function luminances(page: Page): Promise<Record<string, { background: number; text: number } | 'missing'>> {
  return page.evaluate((surfaces) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    // any CSS colour (rgb(), color(srgb …) from color-mix) as the canvas paints it over the page's background
    const luminance = (color: string): number => {
      if (!context) return -1;
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = getComputedStyle(document.body).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = [...context.getImageData(0, 0, 1, 1).data].map((c) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const result: Record<string, { background: number; text: number } | 'missing'> = {};
    for (const [name, selector] of Object.entries(surfaces)) {
      const element = [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.offsetParent !== null || e === document.body);
      if (!element) {
        result[name] = 'missing';
        continue;
      }
      // a transparent surface shows what is behind it
      let behind: HTMLElement | null = element;
      let background = getComputedStyle(behind).backgroundColor;
      while (behind && /^(transparent|rgba\(0, 0, 0, 0\))$/.test(background)) {
        behind = behind.parentElement;
        background = behind ? getComputedStyle(behind).backgroundColor : 'transparent';
      }
      result[name] = { background: luminance(background), text: luminance(getComputedStyle(element).color) };
    }
    return result;
  }, SURFACES);
}

/**
 * The luminance of the terminal as drawn — pixels, not styles: the WebGL renderer paints its
 * canvas itself. A point of the terminal's last row that no overlay covers.
 */
async function terminalPixel(page: Page): Promise<number> {
  const point = await page.evaluate(() => {
    const screen = [...document.querySelectorAll<HTMLElement>('.xterm-screen')].find((e) => e.offsetParent !== null);
    const box = screen?.getBoundingClientRect();
    if (!screen || !box) return undefined;
    for (let x = box.left + 4; x < box.right - 4; x += 8) {
      const y = box.bottom - 4;
      if (screen.contains(document.elementFromPoint(x, y))) return { x: Math.round(x), y: Math.round(y) };
    }
    return undefined;
  });
  if (!point) return -1;
  const png = (await page.screenshot({ clip: { x: point.x, y: point.y, width: 1, height: 1 } })).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d');
    context?.drawImage(image, 0, 0);
    const [r = 0, g = 0, b = 0] = [...(context?.getImageData(0, 0, 1, 1).data ?? [])].map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }, png);
}

/** What each surface should be in a scheme: light backgrounds with dark text, or the reverse. */
function wrongSurfaces(seen: Awaited<ReturnType<typeof luminances>>, drawn: number, scheme: Scheme, overlays: boolean): string[] {
  const light = (l: number): boolean => l > 0.5;
  const pixels =
    drawn < 0
      ? ['terminal pixels: no point of the terminal uncovered']
      : light(drawn) !== (scheme === 'light')
        ? [`terminal pixels: ${drawn.toFixed(2)} in ${scheme}`]
        : [];
  return [
    ...pixels,
    ...Object.entries(seen).flatMap(([name, colors]) => {
      if (colors === 'missing') return overlays || !OVERLAYS.includes(name) ? [`${name}: not shown`] : [];
      const problems: string[] = [];
      if (light(colors.background) !== (scheme === 'light'))
        problems.push(`${name}: background ${colors.background.toFixed(2)} in ${scheme}`);
      if (light(colors.text) === (scheme === 'light')) problems.push(`${name}: text ${colors.text.toFixed(2)} in ${scheme}`);
      return problems;
    }),
  ];
}

/** The surfaces that are a pane's overlays: open in the tab that opened them only. */
const OVERLAYS: readonly string[] = ['find box', 'find field', 'process view'];

async function wrongNow(page: Page, scheme: Scheme, overlays = true): Promise<string[]> {
  return wrongSurfaces(await luminances(page), await terminalPixel(page), scheme, overlays);
}

/** The focused pane's process view, then its find box (the keys back in the terminal between: the view keeps them otherwise). */
async function openOverlays(page: Page): Promise<void> {
  await page.keyboard.press('Control+Shift+J');
  await expect(page.locator('.ripcord-processes:visible')).toBeVisible();
  await page.locator('.xterm-helper-textarea:visible').focus();
  await page.keyboard.press('Control+Shift+F');
  await expect(page.locator('.ripcord-search:visible')).toBeVisible();
}

for (const renderer of ['dom', 'webgl'] as const)
  test(`the scheme flipped twice with the find box, the process view and a banner open: every surface repaints (${renderer} renderer)`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    // a setting ripcord does not know: a warning banner
    const h = await harnesses.start({ config: { nope: 1 } });
    await openTerminal(page, h, renderer);
    await focusedPrompt(page);
    expect(await page.evaluate(() => window.__ripcordTest?.renderer())).toBe(renderer);
    await expect(page.locator('.ripcord-banner')).toBeVisible();
    await newTab(page);
    await openOverlays(page);

    expect(await wrongNow(page, 'dark')).toEqual([]);
    for (const scheme of ['light', 'dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => wrongNow(page, scheme), { message: `every surface in ${scheme}` }).toEqual([]);
      // the overlays are still open: the switch repainted them, not closed them
      await expect(page.locator('.ripcord-processes:visible')).toBeVisible();
      await expect(page.locator('.ripcord-search:visible')).toBeVisible();
    }

    // in light now: a tab and its overlays opened after the switch are light too, and the tab before stays so
    await newTab(page);
    await openOverlays(page);
    await expect.poll(() => wrongNow(page, 'light'), { message: 'a new tab in light' }).toEqual([]);
    await page.keyboard.press('Alt+2');
    await expect.poll(() => wrongNow(page, 'light'), { message: 'the tab before, in light' }).toEqual([]);
    // the first tab was in back through every flip
    await page.keyboard.press('Alt+1');
    await expect.poll(() => wrongNow(page, 'light', false), { message: 'the tab in back during the flips, in light' }).toEqual([]);
  });
