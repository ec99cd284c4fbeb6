// The global exit shortcut under Wayland (DESIGN §3): a Wayland compositor gives no app a global
// key grab, so Electron's globalShortcut registers nothing there unless Chromium's
// GlobalShortcutsPortal feature is on (Electron's globalShortcut docs), which asks the desktop
// through xdg-desktop-portal. Turned on before the app is ready, and only under Wayland: on X11
// the grab works without it.
import type { CommandLine } from 'electron';
import { isWaylandSession } from '../core/display-session';

export const SHORTCUT_PORTAL_FEATURE = 'GlobalShortcutsPortal';

/**
 * Adds GlobalShortcutsPortal to Chromium's enabled features under Wayland, keeping any the user
 * gave (--enable-features=...). Returns whether it is on.
 */
export function enableShortcutPortal(
  commandLine: Pick<CommandLine, 'appendSwitch' | 'getSwitchValue'>,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): boolean {
  if (!isWaylandSession(env, platform)) return false;
  const features = commandLine.getSwitchValue('enable-features').split(',').filter(Boolean);
  if (!features.includes(SHORTCUT_PORTAL_FEATURE))
    commandLine.appendSwitch('enable-features', [...features, SHORTCUT_PORTAL_FEATURE].join(','));
  return true;
}
