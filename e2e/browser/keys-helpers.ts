// A key of the action table (main/core/actions.ts) as Playwright's keyboard presses it.
import { parseKey } from '../../main/core/keys';

/** Playwright's names for the table's named keys where they differ. */
const PLAYWRIGHT_KEYS: Record<string, string> = {
  Up: 'ArrowUp',
  Down: 'ArrowDown',
  Left: 'ArrowLeft',
  Right: 'ArrowRight',
  '=': 'Equal',
  '-': 'Minus',
  ',': 'Comma',
};

/** "Ctrl+Shift+5" → "Control+Shift+Digit5" (a digit by its physical key, as the table matches it). */
export function playwrightKey(text: string): string {
  const parsed = parseKey(text, 'other');
  if (!parsed.ok) throw new Error(parsed.error);
  const { ctrl, shift, alt, meta, key } = parsed.value;
  const name = /^[0-9]$/.test(key) ? `Digit${key}` : (PLAYWRIGHT_KEYS[key] ?? key);
  return [ctrl && 'Control', meta && 'Meta', alt && 'Alt', shift && 'Shift', name].filter(Boolean).join('+');
}
