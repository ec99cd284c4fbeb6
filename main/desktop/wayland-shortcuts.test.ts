import { describe, expect, it } from 'vitest';
import { isWaylandSession } from '../core/display-session';
import { registerExitShortcut } from './global-shortcut';
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
    for (const [env, platform] of [
      [X11, 'linux'],
      [WAYLAND, 'darwin'],
    ] as const) {
      const line = commandLine();
      expect(enableShortcutPortal(line, env, platform)).toBe(false);
      expect(line.switches.size).toBe(0);
    }
  });

  it('a Wayland display without XDG_SESSION_TYPE (a compositor started by hand) counts', () => {
    expect(isWaylandSession({ WAYLAND_DISPLAY: 'wayland-1' }, 'linux')).toBe(true);
  });
});

describe('a registration the Wayland desktop refuses', () => {
  it.skipIf(process.platform !== 'linux')('names the portal and the other ways out', () => {
    const saved = process.env.XDG_SESSION_TYPE;
    process.env.XDG_SESSION_TYPE = 'wayland';
    try {
      const result = registerExitShortcut({
        shortcuts: { register: () => false },
        accelerator: 'Ctrl+Alt+Q',
        onPress: () => {},
        log: { event: () => {}, warn: () => {} },
      });
      expect(result).toMatchObject({
        ok: false,
        problem:
          "global shortcut Ctrl+Alt+Q: could not be registered: this Wayland desktop did not grant it through its GlobalShortcuts portal (no portal, or the request was declined); close the window, press Ctrl+C twice, or enter /exit at the shell's prompt to quit",
      });
    } finally {
      if (saved === undefined) delete process.env.XDG_SESSION_TYPE;
      else process.env.XDG_SESSION_TYPE = saved;
    }
  });
});
