// What the desktop's display session means for the global exit shortcut (DESIGN §3): read by the
// desktop (main/desktop/wayland-shortcuts.ts) and by `ripcord doctor`.

/** A Linux session whose display server is Wayland (what Electron's ozone platform picks by default). */
export function isWaylandSession(env: Readonly<Record<string, string | undefined>>, platform: string): boolean {
  if (platform !== 'linux') return false;
  return env.XDG_SESSION_TYPE === 'wayland' || Boolean(env.WAYLAND_DISPLAY);
}

/** The ways out that need no global shortcut, as a failed registration names them. */
export const OTHER_WAYS_OUT = "close the window, press Ctrl+C twice, or enter /exit at the shell's prompt to quit";
