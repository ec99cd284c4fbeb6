import { describe, expect, it } from 'vitest';
import { colorScheme, DARK_THEME, LIGHT_THEME, terminalTheme } from './themes';

describe('themes', () => {
  it('follows the system unless the settings pick a scheme', () => {
    expect(colorScheme('system', true)).toBe('light');
    expect(colorScheme('system', false)).toBe('dark');
    expect(colorScheme('dark', true)).toBe('dark');
    expect(colorScheme('light', false)).toBe('light');
  });

  it("lays the settings' colors over the designed theme, key by key", () => {
    const theme = terminalTheme('light', { background: '#102030' });
    expect(theme.background).toBe('#102030');
    expect(theme.foreground).toBe(LIGHT_THEME.terminal.foreground);
    expect(terminalTheme('dark', {}).background).toBe(DARK_THEME.terminal.background);
  });

  it("gives both schemes every ANSI color, so no color falls back to xterm's own", () => {
    const ansi = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];
    const keys = [
      ...ansi,
      ...ansi.map((c) => `bright${c[0]?.toUpperCase()}${c.slice(1)}`),
      'background',
      'foreground',
      'cursor',
      'selectionBackground',
    ];
    for (const theme of [DARK_THEME, LIGHT_THEME])
      for (const k of keys) expect(theme.terminal[k as keyof typeof theme.terminal], k).toMatch(/^#[0-9a-f]{6}$/);
  });
});
