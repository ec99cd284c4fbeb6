// `ripcord doctor`'s line on the global exit shortcut: whether the desktop's last start could
// register it, from its log (the desktop logs each registration, main/desktop/global-shortcut.ts),
// and the ways out that need none.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { isWaylandSession, OTHER_WAYS_OUT } from '../core/display-session';
import { LogEvent } from '../core/log-events';

export type ShortcutState =
  | { state: 'unknown'; why: string }
  | { state: 'registered' | 'off'; accelerator?: string; wall?: string; portal?: boolean }
  | { state: 'failed'; accelerator?: string; reason?: string; wall?: string; portal?: boolean };

const SHORTCUT_EVENTS: readonly string[] = [LogEvent.shortcutRegistered, LogEvent.shortcutFailed, LogEvent.shortcutOff];

/** The last registration the log holds; the portal flag from the start it belongs to. */
export async function lastShortcutState(file: string): Promise<ShortcutState> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK).catch((error: NodeJS.ErrnoException) => error);
  if (handle instanceof Error)
    return { state: 'unknown', why: handle.code === 'ENOENT' ? `no log yet (${file})` : `cannot read ${file}: ${handle.code}` };
  try {
    if (!(await handle.stat()).isFile()) return { state: 'unknown', why: `${file} is not a regular file` };
    let last: ShortcutState = { state: 'unknown', why: `the desktop app has not logged a global shortcut in ${file}` };
    let portal: boolean | undefined;
    for await (const line of createInterface({ input: handle.createReadStream({ encoding: 'utf8' }), crlfDelay: Infinity })) {
      if (!line.includes('"shortcut.')) continue;
      const entry = parse(line);
      if (entry === undefined) continue;
      if (entry.name === LogEvent.shortcutPortal) portal = entry.on === true;
      if (!SHORTCUT_EVENTS.includes(String(entry.name))) continue;
      const common = { accelerator: text(entry.accelerator), wall: text(entry.wall), portal };
      last =
        entry.name === LogEvent.shortcutFailed
          ? { state: 'failed', ...common, reason: text(entry.reason) }
          : { state: entry.name === LogEvent.shortcutOff ? 'off' : 'registered', ...common };
    }
    return last;
  } finally {
    await handle.close();
  }
}

function parse(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function describeShortcut(state: ShortcutState, env: NodeJS.ProcessEnv = process.env): string {
  const wayland = isWaylandSession(env, process.platform)
    ? '\n  this is a Wayland session: the desktop asks its GlobalShortcuts portal (xdg-desktop-portal), which may ask you to allow it'
    : '';
  const when = 'wall' in state && state.wall ? ` (the desktop's start at ${state.wall})` : '';
  const portal = 'portal' in state && state.portal ? ', through the GlobalShortcuts portal' : '';
  switch (state.state) {
    case 'unknown':
      return `global shortcut: not known — ${state.why}${wayland}`;
    case 'off':
      return `global shortcut: off in the settings${when}; ${OTHER_WAYS_OUT}`;
    case 'registered':
      return `global shortcut: ${state.accelerator ?? ''} registered${portal}${when}${wayland}`;
    case 'failed':
      return `global shortcut: ${state.accelerator ?? ''} FAILED${when}: ${state.reason ?? 'no reason logged'}\n  without it: ${OTHER_WAYS_OUT}${wayland}`;
  }
}
