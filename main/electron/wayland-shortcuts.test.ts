import { describe, expect, it } from 'vitest';
import { isWaylandSession } from '../core/display-session';
import { enableShortcutPortal } from './wayland-shortcuts';

/** Electron's app.commandLine, as far as switches go. */
function commandLine(initial: Record<string, string> = {}) {
  const switches = new Map(Object.entries(initial));
  return {
    switches,
    appendSwitch: (name: string, value?: string) => void switches.set(name, value ?? ''),
    getSwitchValue: (name: string) => switches.get(name) ?? '',
  };
}

/** A GNOME Wayland session's environment, as a desktop entry starts the app in it. */
const WAYLAND = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0', XDG_CURRENT_DESKTOP: 'GNOME' };
const X11 = { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0', XDG_CURRENT_DESKTOP: 'GNOME' };

describe('the global shortcut portal', () => {
  it('is turned on under a Wayland session', () => {
    const line = commandLine();
    expect(enableShortcutPortal(line, WAYLAND, 'linux')).toBe(true);
    expect(line.switches.get('enable-features')).toBe('GlobalShortcutsPortal');
  });

  it('keeps the features the user enabled', () => {
    const line = commandLine({ 'enable-features': 'WaylandWindowDecorations,UseOzonePlatform' });
    enableShortcutPortal(line, WAYLAND, 'linux');
    expect(line.switches.get('enable-features')).toBe('WaylandWindowDecorations,UseOzonePlatform,GlobalShortcutsPortal');
  });

  it('is left off under X11 and on other platforms', () => {
    for (const [env, platform] of [[X11, 'linux'], [WAYLAND, 'darwin']] as const) {
      const line = commandLine();
      expect(enableShortcutPortal(line, env, platform)).toBe(false);
      expect(line.switches.size).toBe(0);
    }
  });

  it('a Wayland display without XDG_SESSION_TYPE (a compositor started by hand) counts', () => {
    expect(isWaylandSession({ WAYLAND_DISPLAY: 'wayland-1' }, 'linux')).toBe(true);
  });
});
