import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu, or none. Electron's default menu binds Ctrl+R (reload), Ctrl+W (close),
 * Ctrl+Shift+I and more — keys that belong to the program in the terminal (bash's history search,
 * delete-word) — so Linux and Windows get no menu at all. macOS keeps what its users expect and
 * DESIGN §3 counts on: Cmd+Q (→ before-quit → the exit path, code 0) and Cmd+C / Cmd+V. None of
 * those are Ctrl keys, so the terminal loses nothing.
 */
export function applicationMenu(platform: NodeJS.Platform, actions: { toggleProcesses(): void }): MenuItemConstructorOptions[] | null {
  if (platform !== 'darwin') return null;
  return [
    { role: 'appMenu' },
    { label: 'Edit', submenu: [{ role: 'copy' }, { role: 'paste' }] },
    // the same view Ctrl+Shift+P opens in the page (issue #16)
    { label: 'View', submenu: [{ label: 'Processes', accelerator: 'Cmd+Shift+P', click: () => actions.toggleProcesses() }] },
  ];
}
