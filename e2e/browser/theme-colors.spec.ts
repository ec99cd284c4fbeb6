// The settings' one rule for theme colors (main/core/config-schema.ts) against xterm itself, in Chromium:
// every color the rule accepts is one xterm applies as given, and colors xterm would drop for its
// default ("notacolor", "#zzz", "transparent") are ones the rule refuses.
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { CONFIG_FORMATS } from '../../main/core/config-schema';
import { CSS_COLOR_NAMES } from '../../main/core/css-color-names';
import { COLOR_FORMS, COLORS_XTERM_DROPS } from '../../main/core/theme-colors.test-support';

const XTERM = createRequire(__filename).resolve('@xterm/xterm/lib/xterm.js');
const ACCEPTED = [...CSS_COLOR_NAMES, ...COLOR_FORMS];
const DROPPED_BY_XTERM = COLORS_XTERM_DROPS;

test('theme colors: what the settings accept xterm applies; what xterm drops the settings refuse', async ({ page }) => {
  const rule = CONFIG_FORMATS['css-color'] as RegExp;
  expect(ACCEPTED.filter((value) => !rule.test(value))).toEqual([]);
  expect(DROPPED_BY_XTERM.filter((value) => rule.test(value))).toEqual([]);

  await page.setContent('<!doctype html><body></body>');
  await page.addScriptTag({ path: XTERM });
  // Per value: the background xterm gave its viewport, and the same value as the page's own CSS
  // reads it (empty when CSS has no such color).
  const seen = await page.evaluate(
    (values) => {
      type Xterm = { open(e: HTMLElement): void; options: { theme: object } };
      const Terminal = (window as unknown as { Terminal: new () => Xterm }).Terminal;
      const terminal = new Terminal();
      terminal.open(document.body);
      return values.map((value) => {
        terminal.options.theme = { background: value };
        const styled = [...document.body.querySelectorAll<HTMLElement>('.xterm *')].find((node) => node.style.backgroundColor !== '');
        const reference = document.createElement('div');
        reference.style.backgroundColor = value;
        return { value, applied: styled?.style.backgroundColor ?? '', css: reference.style.backgroundColor };
      });
    },
    [...ACCEPTED, ...DROPPED_BY_XTERM],
  );

  for (const { value, applied, css } of seen) {
    if (ACCEPTED.includes(value)) expect(applied, value).toBe(css);
    else expect(applied, value).toBe('rgb(0, 0, 0)'); // xterm's default background
  }
});
