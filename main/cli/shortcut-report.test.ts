// `ripcord doctor`'s global-shortcut line, from a log in the logger's own line format.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LogEvent } from '../core/log-events';
import { formatLogLine } from '../platform/log/log-line';
import { describeShortcut, lastShortcutState } from './shortcut-report';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ripcord-shortcut-'));
  file = path.join(dir, 'ripcord.log');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the lines, in order, as the desktop's logger formats them. */
async function logLines(...lines: [string, Record<string, unknown>][]): Promise<void> {
  const base = { level: 'info', t: 1, wall: '2026-12-06T12:00:00.000Z', pid: 42 };
  await writeFile(file, lines.map(([name, fields]) => formatLogLine(base, name, fields)).join(''));
}

const WAYLAND = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0' };

describe('the global shortcut in ripcord doctor', () => {
  it('a failed registration under Wayland: the reason, and the other ways out', async () => {
    await logLines(
      [LogEvent.shortcutRegistered, { accelerator: 'Ctrl+Alt+Q' }],
      [LogEvent.shortcutPortal, { on: true }],
      [LogEvent.shortcutFailed, { accelerator: 'Ctrl+Shift+Q', reason: 'this Wayland desktop did not grant it' }],
    );
    const state = await lastShortcutState(file);
    expect(state).toMatchObject({
      state: 'failed',
      accelerator: 'Ctrl+Shift+Q',
      reason: 'this Wayland desktop did not grant it',
      portal: true,
    });
    const text = describeShortcut(state, WAYLAND);
    expect(text).toMatch(
      /^global shortcut: Ctrl\+Shift\+Q FAILED \(the desktop's start at 2026-12-06T12:00:00.000Z\): this Wayland desktop did not grant it\n/,
    );
    expect(text).toContain("without it: close the window, press Ctrl+C twice, or enter /exit at the shell's prompt to quit");
    expect(text).toContain('this is a Wayland session');
  });

  it('the last start registered it', async () => {
    await logLines(
      [LogEvent.shortcutFailed, { accelerator: 'Ctrl+Shift+Q', reason: 'taken' }],
      [LogEvent.shortcutRegistered, { accelerator: 'Ctrl+Shift+Q' }],
    );
    expect(describeShortcut(await lastShortcutState(file), {})).toBe(
      "global shortcut: Ctrl+Shift+Q registered (the desktop's start at 2026-12-06T12:00:00.000Z)",
    );
  });

  it('no log, or a log without the desktop: says it is not known', async () => {
    expect(describeShortcut(await lastShortcutState(file), {})).toBe(`global shortcut: not known — no log yet (${file})`);
    await logLines(['app.start', {}]);
    expect((await lastShortcutState(file)).state).toBe('unknown');
  });
});
