// Issue #45: keys are matched in one place — the action table (main/core/actions.ts) and its key
// parser (main/core/keys.ts, with the names it reads in key-names.ts). This fails when any other
// product file (main, renderer, preload, contracts; tests aside) compares a key event's key or
// code, tests its modifiers, or names a physical key, the way the window keys, the overlays and
// the page's shortcuts once each did.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, sourceFiles } from './source-files.test-support';

/** The table's module: the only files that may match a key. */
const KEY_MODULE = new Set(['main/core/keys.ts', 'main/core/key-names.ts', 'main/core/actions.ts']);
const PRODUCT_FOLDERS = ['main', 'renderer', 'preload', 'contracts'];

/** What matching a key looks like, each with what it catches. */
const KEY_MATCHING: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:event|input|ev|press)\.(?:key|code)\b/, "reads a key event's key or code"],
  [/\.(?:ctrlKey|shiftKey|altKey|metaKey)\b/, "tests a key event's modifier"],
  [/\binput\.(?:control|shift|alt|meta)\b/, "tests a before-input-event's modifier"],
  [
    /['"`](?:Key[A-Z]|Digit[0-9]|Arrow(?:Up|Down|Left|Right)|Numpad\w+|Page(?:Up|Down)|Escape|ContextMenu|F1?[0-9])['"`]|`Key\$\{/,
    'names a key',
  ],
];

/** Lines that test a modifier of the mouse, not of a key: a click's, which no table holds. */
const MOUSE_MODIFIERS: ReadonlyArray<[string, string]> = [
  ['renderer/link-preview.ts', "export function opensLink(event: Pick<MouseEvent, 'ctrlKey' | 'metaKey'>, mac: boolean): boolean {"],
  ['renderer/link-preview.ts', 'return mac ? event.metaKey : event.ctrlKey;'],
  ['renderer/context-menu.ts', "if (this.terminal.modes.mouseTrackingMode !== 'none' && !event.shiftKey) return; // the program's click"],
];

/** Every line of `text` that matches a key, with why. */
export function keyMatchingLines(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const trimmed = line.trim();
    if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return [];
    if (MOUSE_MODIFIERS.some(([allowed, allowedLine]) => allowed === file && allowedLine === trimmed)) return [];
    return KEY_MATCHING.filter(([pattern]) => pattern.test(line)).map(([, why]) => `${file}:${index + 1}: ${why}: ${trimmed}`);
  });
}

describe("keys are matched only in the action table's module", () => {
  it('catches the ways keys were matched before the table (so the scan can fail)', () => {
    const before = [
      "if (LATIN_LETTER.test(input.key)) return input.key.toLowerCase() === 'c';",
      "if ((ctrl && input.code === 'Tab') || (ctrl && input.code === 'PageDown')) return { kind: 'cycle-tab', delta: 1 };",
      'if (!event.ctrlKey || !event.shiftKey || event.altKey || event.metaKey) return true;',
      "    case 'KeyF':",
      "const isKey = event.code === 'F1' && event.shiftKey && event.altKey;",
      'return !input.meta && input.control === wanted.control;',
    ];
    for (const line of before) expect(keyMatchingLines('x.ts', line), line).not.toEqual([]);
    expect(keyMatchingLines('x.ts', "if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;")).toEqual([]);
  });

  it('finds no key matched in any other product file', async () => {
    const files = (
      await Promise.all(
        PRODUCT_FOLDERS.map((folder) =>
          sourceFiles(path.join(REPO_ROOT, folder), (file) => file.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(file)),
        ),
      )
    ).flat();
    const found: string[] = [];
    for (const file of files) {
      const relative = path.relative(REPO_ROOT, file);
      if (KEY_MODULE.has(relative) || relative.endsWith('.generated.js')) continue;
      found.push(...keyMatchingLines(relative, await readFile(file, 'utf8')));
    }
    expect(found).toEqual([]);
  });
});
